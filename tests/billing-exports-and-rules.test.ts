// Integration tests of the admin billing API on real PostgreSQL: the CSV exports of invoices,
// payments and subscriptions (GET …/export), and the rules that keep billing records true (no
// billing date in the past, no deleting a client who has invoices).
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportInvoices } from "@/app/api/v1/admin/invoices/export/route";
import { GET as exportPayments } from "@/app/api/v1/admin/payments/export/route";
import { PUT as putSubscription } from "@/app/api/v1/admin/subscriptions/[id]/route";
import { GET as exportSubscriptions } from "@/app/api/v1/admin/subscriptions/export/route";
import { DELETE as deleteUserRoute } from "@/app/api/v1/admin/users/[id]/route";
import { addDays } from "@/lib/dates";
import { db } from "@/lib/db";
import { BASE_URL, call, createTestUser, type Json, type TestUser } from "./helpers/auth";
import { billingAdminCalls, createBillingActors, invoiceCount, today } from "./helpers/billing-admin";

let token: string;
let clientToken: string;
/** A client with a RUC (factura, F001). */
let company: TestUser;
/** A client with no billing profile (boleta, B001). */
let person: TestUser;

beforeAll(async () => {
  ({ token, clientToken, company, person } = await createBillingActors());
});

const { invoiceBody, issue, newInvoice, pay, subscribe } = billingAdminCalls(() => ({ token, company }));

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
    expect(invoiceLines[1]).toContain('"99.99","18.00","117.99","17.99","100.00","PEN","Parcialmente pagada"');

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
