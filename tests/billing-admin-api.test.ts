// Integration tests of the admin billing API on real PostgreSQL: GET|POST
// /api/v1/admin/subscriptions, GET|PUT …/subscriptions/{id} and …/export; GET|POST
// /api/v1/admin/invoices, GET|PUT …/invoices/{id} and …/export; GET|POST /api/v1/admin/payments and
// …/export. Money in exact decimals as strings with the currency beside them, SUNAT series and
// gap-free numbers under concurrency, never an over-paid invoice, nothing stored on a rejection,
// audit entries and client notifications.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getInvoice, PUT as putInvoice } from "@/app/api/v1/admin/invoices/[id]/route";
import { GET as exportInvoices } from "@/app/api/v1/admin/invoices/export/route";
import { GET as listInvoices, POST as postInvoice } from "@/app/api/v1/admin/invoices/route";
import { GET as exportPayments } from "@/app/api/v1/admin/payments/export/route";
import { GET as listPayments, POST as postPayment } from "@/app/api/v1/admin/payments/route";
import { GET as getSubscription, PUT as putSubscription } from "@/app/api/v1/admin/subscriptions/[id]/route";
import { GET as exportSubscriptions } from "@/app/api/v1/admin/subscriptions/export/route";
import { GET as listSubscriptions, POST as postSubscription } from "@/app/api/v1/admin/subscriptions/route";
import { businessDate, addDays } from "@/lib/billing/dates";
import { db } from "@/lib/db";
import { DELETE as deleteUserRoute } from "@/app/api/v1/admin/users/[id]/route";
import { BASE_URL, call, createTestUser, fakeIp, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";

let admin: TestUser;
let token: string;
let clientToken: string;
/** A client with a RUC (factura, F001). */
let company: TestUser;
/** A client with no billing profile (boleta, B001). */
let person: TestUser;
let catalogItemId: number;

const today = businessDate();
const inTwoWeeks = addDays(today, 15);

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  token = await tokenFor(admin);
  clientToken = await tokenFor(await createTestUser({ role: "client" }));
  company = await createTestUser({ role: "client", name: `Empresa ${uniqueTag()}` });
  await db.user.update({ where: { id: company.id }, data: { billingName: "Andina Tech S.A.C.", taxId: "20131312955" } });
  person = await createTestUser({ role: "client", name: `Persona ${uniqueTag()}` });
  const tag = uniqueTag();
  catalogItemId = (
    await db.catalogItem.create({ data: { kind: "service", name: `Soporte ${tag}`, slug: `soporte-${tag}`, description: "Soporte mensual." } })
  ).id;
});

const bearer = (who?: string) => who ?? token;

const invoiceBody = (overrides: Json = {}) => ({
  user_id: company.id,
  currency: "PEN",
  due_date: inTwoWeeks,
  lines: [{ description: "Consultoría", quantity: "1", unit_price: "100.00" }],
  ...overrides,
});

const issue = (body: unknown, options: { bearer?: string; ip?: string } = {}) =>
  call(postInvoice, "/api/v1/admin/invoices", { method: "POST", body, bearer: bearer(options.bearer), ip: options.ip });
const showInvoice = (id: number | string) => call(getInvoice, `/api/v1/admin/invoices/${id}`, { bearer: token, params: { id: String(id) } });
const updateInvoice = (id: number | string, body: unknown) =>
  call(putInvoice, `/api/v1/admin/invoices/${id}`, { method: "PUT", body, bearer: token, params: { id: String(id) } });
const pay = (body: unknown, options: { bearer?: string; ip?: string } = {}) =>
  call(postPayment, "/api/v1/admin/payments", { method: "POST", body, bearer: bearer(options.bearer), ip: options.ip });
const subscribe = (body: unknown, who?: string) => call(postSubscription, "/api/v1/admin/subscriptions", { method: "POST", body, bearer: bearer(who) });

const invoiceCount = (userId: string) => db.invoice.count({ where: { userId } });

async function newInvoice(overrides: Json = {}): Promise<Json> {
  const { status, body } = await issue(invoiceBody(overrides));
  expect(status).toBe(201);
  return body.data as Json;
}

describe("POST /api/v1/admin/invoices", () => {
  it("3 lines × 33.33 → Op. gravada 99.99, IGV 18.00, total 117.99, as decimal strings with the currency; F001 to a RUC", async () => {
    const ip = fakeIp();
    const { status, body } = await issue(
      invoiceBody({
        description: "Servicios de noviembre",
        lines: [
          { description: "Análisis", quantity: "1", unit_price: "33.33" },
          { description: "Desarrollo", quantity: 1, unit_price: 33.33 },
          { description: "Pruebas", quantity: "1.00", unit_price: "33.33" },
        ],
      }),
      { ip },
    );
    expect(status).toBe(201);
    const data = body.data as Json;
    expect(data).toMatchObject({
      subtotal: "99.99",
      tax_rate: "18.00",
      tax_amount: "18.00",
      amount: "117.99",
      amount_paid: "0.00",
      balance: "117.99",
      currency: "PEN",
      status: "pending",
      series: "F001",
      document_type: "Factura electrónica",
      issued_at: today,
      due_date: inTwoWeeks,
      description: "Servicios de noviembre",
      customer: { name: "Andina Tech S.A.C.", tax_id: "20131312955", email: company.email },
      user: { id: company.id, name: company.name, email: company.email },
      payments: [],
    });
    expect(data.invoice_number).toMatch(/^F001-\d{8}$/);
    expect(data.lines).toEqual([
      { position: 1, description: "Análisis", quantity: "1.00", unit_price: "33.33", line_total: "33.33" },
      { position: 2, description: "Desarrollo", quantity: "1.00", unit_price: "33.33", line_total: "33.33" },
      { position: 3, description: "Pruebas", quantity: "1.00", unit_price: "33.33", line_total: "33.33" },
    ]);
    // The issuer comes from the site settings, copied at issue time.
    expect((data.issuer as Json).name).toEqual(expect.any(String));

    const row = await db.invoice.findUniqueOrThrow({ where: { id: data.id as number } });
    expect(row.subtotal.toFixed(2)).toBe("99.99");
    expect(row.taxAmount.toFixed(2)).toBe("18.00");
    expect(row.amount.toFixed(2)).toBe("117.99");

    const audit = await db.auditLog.findMany({ where: { entityType: "invoice", entityId: String(row.id) } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "invoice.create", actorId: admin.id, ipAddress: ip });
    expect(audit[0].details).toMatchObject({ after: { invoice_number: row.invoiceNumber, amount: "117.99", tax_amount: "18.00" } });

    const notification = await db.notification.findFirst({ where: { userId: company.id, type: "invoice_issued", link: `/client/invoices/${row.id}` } });
    expect(notification?.title).toBe(`Nueva factura ${row.invoiceNumber}`);
  });

  it("issues a boleta (B001) to a client without a RUC; numbers in a series are consecutive", async () => {
    const first = await newInvoice({ user_id: person.id });
    const second = await newInvoice({ user_id: person.id });
    expect(first).toMatchObject({ series: "B001", document_type: "Boleta de venta electrónica", customer: { name: person.name, tax_id: null } });
    expect(first.invoice_number).toMatch(/^B001-\d{8}$/);
    const [a, b] = [first, second].map((invoice) => Number(String(invoice.invoice_number).slice(5)));
    expect(b).toBeGreaterThan(a);
    // Every number between them was issued (by this test or another running at once): no gap.
    const between = await db.invoice.count({ where: { series: "B001", sequence: { gte: a, lte: b } } });
    expect(between).toBe(b - a + 1);
  });

  it("10 concurrent issues get 10 distinct numbers with no gap in the series", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => issue(invoiceBody({ lines: [{ description: `Línea ${index}`, quantity: "2", unit_price: "10" }] }))));
    expect(results.map((result) => result.status)).toEqual(Array(10).fill(201));
    const sequences = results.map((result) => Number(String((result.body.data as Json).invoice_number).slice(5))).sort((x, y) => x - y);
    expect(new Set(sequences).size).toBe(10);
    const [min, max] = [sequences[0], sequences[9]];
    // Consecutive when nobody else issued meanwhile; in any case no number in the range is missing.
    const inRange = await db.invoice.count({ where: { series: "F001", sequence: { gte: min, lte: max } } });
    expect(inRange).toBe(max - min + 1);
    // The series counter stands at the highest number issued (a rolled-back issue gives its number back).
    const [{ highest, last }] = await db.$queryRaw<{ highest: number; last: number }[]>`
      SELECT max(sequence) AS highest, (SELECT last_number FROM invoice_series WHERE series = 'F001') AS last
      FROM invoices WHERE series = 'F001'`;
    expect(last).toBe(highest);
  });

  it.each([
    ["a zero quantity", { lines: [{ description: "X", quantity: "0", unit_price: "10" }] }, "lines.0.quantity"],
    ["a negative quantity", { lines: [{ description: "X", quantity: "-1", unit_price: "10" }] }, "lines.0.quantity"],
    ["a zero price", { lines: [{ description: "X", quantity: "1", unit_price: "0.00" }] }, "lines.0.unit_price"],
    ["a negative price", { lines: [{ description: "X", quantity: "1", unit_price: -5 }] }, "lines.0.unit_price"],
    ["a price with 3 decimals", { lines: [{ description: "X", quantity: "1", unit_price: "1.005" }] }, "lines.0.unit_price"],
    ["no lines", { lines: [] }, "lines"],
    ["51 lines", { lines: Array.from({ length: 51 }, () => ({ description: "X", quantity: "1", unit_price: "1" })) }, "lines"],
    ["a blank line description", { lines: [{ description: "  ", quantity: "1", unit_price: "1" }] }, "lines.0.description"],
    ["a line description over 300 characters", { lines: [{ description: "x".repeat(301), quantity: "1", unit_price: "1" }] }, "lines.0.description"],
    ["an unknown currency", { currency: "GBP" }, "currency"],
    ["an impossible due date", { due_date: "2026-02-30" }, "due_date"],
    ["a due date before the issue date", { due_date: addDays(today, -1) }, "due_date"],
    ["an unknown client", { user_id: "nadie" }, "user_id"],
  ])("refuses %s with 422 and a Spanish message per field, storing nothing", async (_label, overrides, field) => {
    const before = await invoiceCount(company.id);
    const { status, body } = await issue(invoiceBody(overrides));
    expect(status).toBe(422);
    expect(typeof body.message).toBe("string");
    const errors = body.errors as Record<string, string[]>;
    expect(Object.keys(errors)).toContain(field);
    expect(errors[field][0]).toMatch(/[a-záéíóúñ]/i);
    expect(await invoiceCount(company.id)).toBe(before);
  });

  it("refuses an admin as the customer (422) and answers 401 / 403 to a stranger and a client", async () => {
    expect((await issue(invoiceBody({ user_id: admin.id }))).status).toBe(422);
    expect((await call(postInvoice, "/api/v1/admin/invoices", { method: "POST", body: invoiceBody() })).status).toBe(401);
    expect((await issue(invoiceBody(), { bearer: clientToken })).status).toBe(403);
  });
});

describe("GET /api/v1/admin/invoices and /{id}", () => {
  it("lists newest first, paged with ?page, filtered by status, currency, user_id and searched by number", async () => {
    const usd = await newInvoice({ currency: "USD", user_id: person.id });
    const { status, body } = await call(listInvoices, `/api/v1/admin/invoices?page=1&per_page=5&currency=USD&user_id=${person.id}`, { bearer: token });
    expect(status).toBe(200);
    const page = body.data as Json;
    expect(page).toMatchObject({ current_page: 1, per_page: 5 });
    const rows = page.data as Json[];
    expect(rows[0]).toMatchObject({ id: usd.id, currency: "USD", amount: "118.00", subtotal: "100.00", tax_amount: "18.00" });
    expect(rows.every((row) => row.currency === "USD" && (row.user as Json).id === person.id)).toBe(true);
    expect(rows[0]).not.toHaveProperty("lines");

    const byNumber = await call(listInvoices, `/api/v1/admin/invoices?q=${usd.invoice_number}`, { bearer: token });
    expect((byNumber.body.data as Json[]).map((row) => row.id)).toEqual([usd.id]);

    const pendingOnly = await call(listInvoices, `/api/v1/admin/invoices?status=pending&user_id=${person.id}`, { bearer: token });
    expect((pendingOnly.body.data as Json[]).every((row) => row.status === "pending")).toBe(true);

    expect((await call(listInvoices, "/api/v1/admin/invoices?status=paid_by_hand", { bearer: token })).status).toBe(422);
    expect((await call(listInvoices, "/api/v1/admin/invoices?currency=GBP", { bearer: token })).status).toBe(422);
    expect((await call(listInvoices, "/api/v1/admin/invoices", { bearer: clientToken })).status).toBe(403);
  });

  it("shows one invoice with lines and payments; 404 for an unknown or malformed id", async () => {
    const invoice = await newInvoice();
    const { status, body } = await showInvoice(invoice.id as number);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: invoice.id, invoice_number: invoice.invoice_number, lines: [{ line_total: "100.00" }], payments: [] });
    expect((await showInvoice(2_000_000_000)).status).toBe(404);
    expect((await showInvoice("abc")).status).toBe(404);
  });
});

describe("PUT /api/v1/admin/invoices/{id}", () => {
  it("cancels an invoice without payments: kept, marked cancelled, audited, the client told", async () => {
    const invoice = await newInvoice();
    const { status, body } = await updateInvoice(invoice.id as number, { status: "cancelled", cancel_reason: "Emitida por error" });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: "cancelled", cancel_reason: "Emitida por error", balance: "0.00" });
    expect(await db.invoice.count({ where: { id: invoice.id as number } })).toBe(1);
    expect(await db.auditLog.count({ where: { entityType: "invoice", entityId: String(invoice.id), action: "invoice.cancel" } })).toBe(1);
    expect(await db.notification.count({ where: { userId: company.id, type: "invoice_cancelled", link: `/client/invoices/${invoice.id}` } })).toBe(1);
    // Twice: 409.
    expect((await updateInvoice(invoice.id as number, { status: "cancelled" })).status).toBe(409);
  });

  it("refuses status paid by hand (422) and leaves the invoice pending", async () => {
    const invoice = await newInvoice();
    const { status, body } = await updateInvoice(invoice.id as number, { status: "paid" });
    expect(status).toBe(422);
    expect((body.errors as Record<string, string[]>).status[0]).toContain("pagada");
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id as number } })).status).toBe("pending");
  });

  it("moves the due date; refuses one before the issue date (422); 404 unknown", async () => {
    const invoice = await newInvoice();
    const later = addDays(today, 30);
    expect((await updateInvoice(invoice.id as number, { due_date: later })).body.data).toMatchObject({ due_date: later });
    expect((await updateInvoice(invoice.id as number, { due_date: addDays(today, -3) })).status).toBe(422);
    expect((await updateInvoice(2_000_000_000, { status: "cancelled" })).status).toBe(404);
  });
});

describe("POST /api/v1/admin/payments", () => {
  it("records a partial then a full payment; the invoice becomes paid when they cover it; audited and the client told", async () => {
    const invoice = await newInvoice(); // 118.00
    const ip = fakeIp();
    const first = await pay({ invoice_id: invoice.id, amount: "18.00", method: "yape", reference: "OP-1" }, { ip });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ amount: "18.00", currency: "PEN", method: "yape", reference: "OP-1", status: "completed", invoice_status: "pending", balance: "100.00" });
    expect((await showInvoice(invoice.id as number)).body.data).toMatchObject({ status: "pending", amount_paid: "18.00", balance: "100.00" });

    const second = await pay({ invoice_id: invoice.id, amount: 100, method: "transferencia", paid_at: today });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ invoice_status: "paid", balance: "0.00" });
    const shown = (await showInvoice(invoice.id as number)).body.data as Json;
    expect(shown).toMatchObject({ status: "paid", amount_paid: "118.00", balance: "0.00" });
    expect((shown.payments as Json[]).map((payment) => payment.amount)).toEqual(["18.00", "100.00"]);

    const paymentId = (first.body.data as Json).id as number;
    const audit = await db.auditLog.findFirst({ where: { entityType: "payment", entityId: String(paymentId) } });
    expect(audit).toMatchObject({ action: "payment.create", actorId: admin.id, ipAddress: ip });
    expect(await db.notification.count({ where: { userId: company.id, type: "payment_recorded", link: `/client/invoices/${invoice.id}` } })).toBe(2);

    // Paid already: 409, nothing stored.
    const again = await pay({ invoice_id: invoice.id, amount: "1.00", method: "efectivo" });
    expect(again.status).toBe(409);
    expect(await db.payment.count({ where: { invoiceId: invoice.id as number } })).toBe(2);
  });

  it("refuses a payment above the balance (422) and one on a cancelled invoice (409), storing nothing", async () => {
    const invoice = await newInvoice(); // 118.00
    const above = await pay({ invoice_id: invoice.id, amount: "118.01", method: "tarjeta" });
    expect(above.status).toBe(422);
    expect((above.body.errors as Record<string, string[]>).amount[0]).toContain("S/ 118.00");

    await updateInvoice(invoice.id as number, { status: "cancelled" });
    const cancelled = await pay({ invoice_id: invoice.id, amount: "10.00", method: "tarjeta" });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe("La factura está anulada: no admite pagos.");
    expect(await db.payment.count({ where: { invoiceId: invoice.id as number } })).toBe(0);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id as number } })).amountPaid.toFixed(2)).toBe("0.00");
  });

  it.each([
    ["an unknown method", { method: "bitcoin" }, "method"],
    ["a zero amount", { amount: "0" }, "amount"],
    ["a negative amount", { amount: "-5.00" }, "amount"],
    ["a future date", { paid_at: addDays(today, 2) }, "paid_at"],
    ["a reference over 100 characters", { reference: "x".repeat(101) }, "reference"],
    ["an unknown invoice", { invoice_id: 2_000_000_000 }, "invoice_id"],
  ])("refuses %s with 422, storing nothing", async (_label, overrides, field) => {
    const invoice = await newInvoice();
    const { status, body } = await pay({ invoice_id: invoice.id, amount: "10.00", method: "efectivo", ...overrides });
    expect(status).toBe(422);
    expect(Object.keys(body.errors as Json)).toContain(field);
    expect(await db.payment.count({ where: { invoiceId: invoice.id as number } })).toBe(0);
  });

  it("two concurrent payments that together exceed the balance: exactly one succeeds, never over-paid", async () => {
    const invoice = await newInvoice(); // 118.00
    const results = await Promise.all([
      pay({ invoice_id: invoice.id, amount: "70.00", method: "plin" }),
      pay({ invoice_id: invoice.id, amount: "70.00", method: "yape" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 422]);
    const row = await db.invoice.findUniqueOrThrow({ where: { id: invoice.id as number } });
    expect(row.amountPaid.toFixed(2)).toBe("70.00");
    expect(row.status).toBe("pending");
    expect(await db.payment.count({ where: { invoiceId: invoice.id as number } })).toBe(1);
  });

  it("two concurrent payments of the whole balance: one pays it, the other is refused", async () => {
    const invoice = await newInvoice();
    const results = await Promise.all([
      pay({ invoice_id: invoice.id, amount: "118.00", method: "plin" }),
      pay({ invoice_id: invoice.id, amount: "118.00", method: "yape" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    const row = await db.invoice.findUniqueOrThrow({ where: { id: invoice.id as number } });
    expect(row.amountPaid.toFixed(2)).toBe("118.00");
    expect(row.status).toBe("paid");
  });

  it("cancelling an invoice with payments is 409 and changes nothing", async () => {
    const invoice = await newInvoice();
    expect((await pay({ invoice_id: invoice.id, amount: "10.00", method: "efectivo" })).status).toBe(201);
    const { status, body } = await updateInvoice(invoice.id as number, { status: "cancelled" });
    expect(status).toBe(409);
    expect(body.message).toBe("No puedes anular una factura con pagos registrados.");
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id as number } })).status).toBe("pending");
  });
});

describe("GET /api/v1/admin/payments", () => {
  it("lists payments newest first with money strings, filtered by method, invoice and searched by reference", async () => {
    const invoice = await newInvoice({ user_id: person.id, currency: "EUR" });
    const reference = `REF-${uniqueTag()}`;
    await pay({ invoice_id: invoice.id, amount: "20.50", method: "tarjeta", reference });
    await pay({ invoice_id: invoice.id, amount: "30.00", method: "efectivo" });

    const { status, body } = await call(listPayments, `/api/v1/admin/payments?page=1&invoice_id=${invoice.id}`, { bearer: token });
    expect(status).toBe(200);
    const page = body.data as Json;
    expect(page).toMatchObject({ current_page: 1, per_page: 20, total: 2, last_page: 1 });
    const rows = page.data as Json[];
    expect(rows.map((row) => row.amount)).toEqual(["30.00", "20.50"]);
    expect(rows[1]).toMatchObject({
      currency: "EUR",
      method: "tarjeta",
      reference,
      user: { id: person.id },
      invoice: { id: invoice.id, invoice_number: invoice.invoice_number },
    });

    const byMethod = await call(listPayments, `/api/v1/admin/payments?method=efectivo&invoice_id=${invoice.id}`, { bearer: token });
    expect((byMethod.body.data as Json[]).map((row) => row.amount)).toEqual(["30.00"]);
    const byReference = await call(listPayments, `/api/v1/admin/payments?q=${reference}`, { bearer: token });
    expect((byReference.body.data as Json[]).map((row) => row.reference)).toEqual([reference]);
    expect((await call(listPayments, "/api/v1/admin/payments?method=bitcoin", { bearer: token })).status).toBe(422);
  });
});

describe("subscriptions", () => {
  const subscriptionBody = (overrides: Json = {}) => ({
    user_id: person.id,
    catalog_item_id: catalogItemId,
    plan_name: "Soporte Plus",
    amount: "149.90",
    currency: "USD",
    billing_period: "monthly",
    next_billing_date: addDays(today, 10),
    ...overrides,
  });

  it("creates (201), shows, lists, updates and audits a subscription; the client is told", async () => {
    const { status, body } = await subscribe(subscriptionBody());
    expect(status).toBe(201);
    const created = body.data as Json;
    expect(created).toMatchObject({
      plan_name: "Soporte Plus",
      amount: "149.90",
      currency: "USD",
      billing_period: "monthly",
      status: "active",
      next_billing_date: addDays(today, 10),
      cancel_requested_at: null,
      user: { id: person.id },
      catalog_item: { id: catalogItemId, kind: "service" },
    });
    const id = created.id as number;
    expect(await db.notification.count({ where: { userId: person.id, type: "subscription_created" } })).toBeGreaterThan(0);

    const shown = await call(getSubscription, `/api/v1/admin/subscriptions/${id}`, { bearer: token, params: { id: String(id) } });
    expect(shown.body.data).toMatchObject({ id, amount: "149.90" });
    expect((await call(getSubscription, "/api/v1/admin/subscriptions/999999999", { bearer: token, params: { id: "999999999" } })).status).toBe(404);

    const listed = await call(listSubscriptions, `/api/v1/admin/subscriptions?page=1&user_id=${person.id}&status=active&q=soporte%20plus`, { bearer: token });
    expect(((listed.body.data as Json).data as Json[]).map((row) => row.id)).toContain(id);
    const unpaged = await call(listSubscriptions, `/api/v1/admin/subscriptions?q=${encodeURIComponent(person.email)}`, { bearer: token });
    expect(Array.isArray(unpaged.body.data)).toBe(true);

    const updated = await call(putSubscription, `/api/v1/admin/subscriptions/${id}`, {
      method: "PUT",
      body: { amount: "199.00", billing_period: "yearly" },
      bearer: token,
      params: { id: String(id) },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ amount: "199.00", billing_period: "yearly", plan_name: "Soporte Plus" });

    const cancelled = await call(putSubscription, `/api/v1/admin/subscriptions/${id}`, { method: "PUT", body: { status: "cancelled" }, bearer: token, params: { id: String(id) } });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", next_billing_date: null });

    const actions = (await db.auditLog.findMany({ where: { entityType: "subscription", entityId: String(id) }, orderBy: { id: "asc" } })).map((entry) => entry.action);
    expect(actions).toEqual(["subscription.create", "subscription.update", "subscription.update"]);
  });

  it.each([
    ["an unknown currency", { currency: "GBP" }, "currency"],
    ["an unknown period", { billing_period: "weekly" }, "billing_period"],
    ["a zero amount", { amount: "0.00" }, "amount"],
    ["a blank plan", { plan_name: " " }, "plan_name"],
    ["an impossible date", { next_billing_date: "2026-13-01" }, "next_billing_date"],
    ["an unknown catalogue item", { catalog_item_id: 2_000_000_000 }, "catalog_item_id"],
    ["an unknown client", { user_id: "nadie" }, "user_id"],
  ])("refuses %s with 422, storing nothing", async (_label, overrides, field) => {
    const before = await db.subscription.count({ where: { userId: person.id } });
    const { status, body } = await subscribe(subscriptionBody(overrides));
    expect(status).toBe(422);
    expect(Object.keys(body.errors as Json)).toContain(field);
    expect(await db.subscription.count({ where: { userId: person.id } })).toBe(before);
  });

  it("answers 403 to a client and 404 to PUT on an unknown id", async () => {
    expect((await subscribe(subscriptionBody(), clientToken)).status).toBe(403);
    const missing = await call(putSubscription, "/api/v1/admin/subscriptions/2000000000", { method: "PUT", body: { amount: "1.00" }, bearer: token, params: { id: "2000000000" } });
    expect(missing.status).toBe(404);
  });
});

describe("CSV exports", () => {
  /** The raw bytes decoded keeping the BOM (Response.text() would drop it). */
  async function csv(handler: (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>, path: string) {
    const response = await handler(new Request(`${BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({}) });
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    return { status: response.status, contentType: response.headers.get("content-type"), disposition: response.headers.get("content-disposition"), text };
  }

  it("export each list with its filters: BOM, Spanish header, money as decimal strings beside a currency column", async () => {
    const invoice = await newInvoice({ user_id: company.id, lines: [{ description: "Horas de soporte", quantity: "3", unit_price: "33.33" }] });
    await pay({ invoice_id: invoice.id, amount: "17.99", method: "plin", reference: "=cmd" });

    const invoices = await csv(exportInvoices, `/api/v1/admin/invoices/export?q=${invoice.invoice_number}`);
    expect(invoices.status).toBe(200);
    expect(invoices.contentType).toBe("text/csv; charset=utf-8");
    expect(invoices.disposition).toMatch(/^attachment; filename="facturas-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(invoices.text.startsWith("\uFEFF")).toBe(true);
    const invoiceLines = invoices.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(invoiceLines[0]).toContain('"Op. gravada","IGV","Total","Pagado","Saldo","Moneda","Estado"');
    expect(invoiceLines).toHaveLength(2);
    expect(invoiceLines[1]).toContain(`"${invoice.invoice_number}"`);
    expect(invoiceLines[1]).toContain('"99.99","18.00","117.99","17.99","100.00","PEN","Pendiente"');

    const payments = await csv(exportPayments, `/api/v1/admin/payments/export?invoice_id=${invoice.id}`);
    const paymentLines = payments.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(paymentLines).toHaveLength(2);
    expect(paymentLines[1]).toContain('"17.99","PEN","Plin","\'=cmd","Completado"');

    await subscribe(subscriptionBody({ user_id: company.id, plan_name: "Hosting gestionado", amount: "80.5", currency: "EUR" }));
    const subscriptions = await csv(exportSubscriptions, `/api/v1/admin/subscriptions/export?user_id=${company.id}&q=hosting`);
    const subscriptionLines = subscriptions.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(subscriptionLines[0]).toContain('"Importe","Moneda","Periodo","Estado"');
    expect(subscriptionLines).toHaveLength(2);
    expect(subscriptionLines[1]).toContain('"Hosting gestionado"');
    expect(subscriptionLines[1]).toContain('"80.50","EUR","Mensual","Activa"');

    expect((await call(exportInvoices, "/api/v1/admin/invoices/export?status=nope", { bearer: token })).status).toBe(422);
    expect((await call(exportPayments, "/api/v1/admin/payments/export", { bearer: clientToken })).status).toBe(403);
  });

  function subscriptionBody(overrides: Json = {}) {
    return { user_id: person.id, plan_name: "Plan", amount: "10.00", currency: "USD", billing_period: "monthly", next_billing_date: addDays(today, 10), ...overrides };
  }
});

describe("rules that keep billing records true", () => {
  const putSub = (id: number, body: unknown) => call(putSubscription, `/api/v1/admin/subscriptions/${id}`, { method: "PUT", body, bearer: token, params: { id: String(id) } });
  const newSubscription = async (overrides: Json = {}) => {
    const { status, body } = await subscribe({ user_id: person.id, plan_name: "Plan", amount: "10.00", currency: "USD", billing_period: "monthly", next_billing_date: addDays(today, 10), ...overrides });
    expect(status).toBe(201);
    return (body.data as Json).id as number;
  };

  it("refuses a next billing date in the past (the run would invoice every period since) and stores nothing", async () => {
    const before = await db.subscription.count({ where: { userId: person.id } });
    const { status, body } = await subscribe({ user_id: person.id, plan_name: "Plan", amount: "10.00", currency: "USD", billing_period: "monthly", next_billing_date: addDays(today, -1) });
    expect(status).toBe(422);
    expect((body.errors as Json).next_billing_date).toEqual(["La próxima fecha de cobro no puede ser anterior a hoy."]);
    expect(await db.subscription.count({ where: { userId: person.id } })).toBe(before);
  });

  it("an active monthly plan keeps a date; reactivating a paused plan needs a date from today on", async () => {
    const id = await newSubscription();
    expect((await putSub(id, { next_billing_date: null })).status).toBe(422);
    expect((await putSub(id, { status: "paused" })).status).toBe(200);
    // Paused for months: its old date is now in the past.
    await db.subscription.update({ where: { id }, data: { nextBillingDate: new Date(`${addDays(today, -60)}T00:00:00Z`) } });
    const stale = await putSub(id, { status: "active" });
    expect(stale.status).toBe(422);
    expect((stale.body.errors as Json).next_billing_date).toEqual(["La próxima fecha de cobro no puede ser anterior a hoy."]);
    expect((await db.subscription.findUniqueOrThrow({ where: { id } })).status).toBe("paused");
    const resumed = await putSub(id, { status: "active", next_billing_date: addDays(today, 3) });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ status: "active", next_billing_date: addDays(today, 3) });
  });

  it("a client with invoices cannot be deleted (409): the invoices and payments are kept", async () => {
    const client = await createTestUser({ role: "client" });
    const { status } = await issue(invoiceBody({ user_id: client.id }));
    expect(status).toBe(201);
    const refused = await call(deleteUserRoute, `/api/v1/admin/users/${client.id}`, { method: "DELETE", params: { id: client.id }, bearer: token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("No se puede eliminar este cliente porque tiene comprobantes emitidos: las facturas y sus pagos se conservan.");
    expect(await db.user.count({ where: { id: client.id } })).toBe(1);
    expect(await invoiceCount(client.id)).toBe(1);
  });
});
