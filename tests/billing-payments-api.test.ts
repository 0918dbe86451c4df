// Integration tests of the admin payment API on real PostgreSQL: GET|POST /api/v1/admin/payments.
// Partial and full payments settle an invoice, never an over-paid one (also under concurrency),
// nothing stored on a rejection, audit entries and client notifications.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listPayments } from "@/app/api/v1/admin/payments/route";
import { addDays } from "@/lib/dates";
import { db } from "@/lib/db";
import { call, fakeIp, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { billingAdminCalls, createBillingActors, today } from "./helpers/billing-admin";

let admin: TestUser;
let token: string;
/** A client with a RUC (factura, F001). */
let company: TestUser;
/** A client with no billing profile (boleta, B001). */
let person: TestUser;

beforeAll(async () => {
  ({ admin, token, company, person } = await createBillingActors());
});

const { newInvoice, pay, showInvoice, updateInvoice } = billingAdminCalls(() => ({ token, company }));

describe("POST /api/v1/admin/payments", () => {
  it("records a partial then a full payment; the invoice becomes paid when they cover it; audited and the client told", async () => {
    const invoice = await newInvoice(); // 118.00
    const ip = fakeIp();
    const first = await pay({ invoice_id: invoice.id, amount: "18.00", method: "yape", reference: "OP-1" }, { ip });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ amount: "18.00", currency: "PEN", method: "yape", reference: "OP-1", status: "completed", invoice_status: "partially_paid", balance: "100.00" });
    expect((await showInvoice(invoice.id as number)).body.data).toMatchObject({ status: "partially_paid", amount_paid: "18.00", balance: "100.00" });

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
    expect(page).toMatchObject({ current_page: 1, per_page: 20, total: 2, last_page: 1, total_capped: false });
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
