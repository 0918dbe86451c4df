// Integration tests of the admin invoice API on real PostgreSQL: GET|POST /api/v1/admin/invoices
// and GET|PUT …/invoices/{id}. Money in exact decimals as strings with the currency beside them,
// SUNAT series and gap-free numbers under concurrency, nothing stored on a rejection, audit
// entries and client notifications.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listInvoices, POST as postInvoice } from "@/app/api/v1/admin/invoices/route";
import { addDays } from "@/lib/dates";
import { db } from "@/lib/db";
import { call, fakeIp, type Json, type TestUser } from "./helpers/auth";
import { billingAdminCalls, createBillingActors, inTwoWeeks, invoiceCount, today } from "./helpers/billing-admin";

let admin: TestUser;
let token: string;
let clientToken: string;
/** A client with a RUC (factura, F001). */
let company: TestUser;
/** A client with no billing profile (boleta, B001). */
let person: TestUser;

beforeAll(async () => {
  ({ admin, token, clientToken, company, person } = await createBillingActors());
});

const { invoiceBody, issue, newInvoice, showInvoice, updateInvoice } = billingAdminCalls(() => ({ token, company }));

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

  it("moves a boleta's due date; refuses one before the issue date (422); 404 unknown", async () => {
    const invoice = await newInvoice({ user_id: person.id });
    const later = addDays(today, 30);
    expect((await updateInvoice(invoice.id as number, { due_date: later })).body.data).toMatchObject({ due_date: later });
    expect((await updateInvoice(invoice.id as number, { due_date: addDays(today, -3) })).status).toBe(422);
    expect((await updateInvoice(2_000_000_000, { status: "cancelled" })).status).toBe(404);
  });

  it("keeps a signed factura's due date: it is part of the document SUNAT receives (409, nothing changes)", async () => {
    const invoice = await newInvoice();
    expect((invoice.sunat as { hash: string | null }).hash).toEqual(expect.any(String));
    const { status, body } = await updateInvoice(invoice.id as number, { due_date: addDays(today, 30) });
    expect(status).toBe(409);
    expect(body.message).toContain("nota de crédito");
    expect((await showInvoice(invoice.id as number)).body.data).toMatchObject({ due_date: invoice.due_date });
  });
});
