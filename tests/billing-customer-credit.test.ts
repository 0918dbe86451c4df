// Integration tests of the client's credit (saldo a favor) on real PostgreSQL, through the REST
// handlers: GET /api/v1/admin/users/{id}/credit, POST …/users/{id}/credit/refunds and POST
// /api/v1/admin/invoices/{id}/apply-credit. The credit comes from a ledger row written directly
// (what a nota de crédito leaves), except in the last test, where a real nota de crédito on a
// factura paid in full, accepted by the SUNAT stand-in on loopback, creates it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postApplyCredit } from "@/app/api/v1/admin/invoices/[id]/apply-credit/route";
import { POST as postCreditNote } from "@/app/api/v1/admin/invoices/[id]/credit-notes/route";
import { GET as getCredit } from "@/app/api/v1/admin/users/[id]/credit/route";
import { POST as postRefund } from "@/app/api/v1/admin/users/[id]/credit/refunds/route";
import { db } from "@/lib/db";
import type { Currency } from "@/lib/generated/prisma/client";
import { runSunatQueue } from "@/lib/sunat/queue";
import { startSunatMock, type SunatMock } from "@/scripts/lib/sunat-mock/server";
import { call, createTestUser, fakeIp, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { billingAdminCalls, createBillingActors } from "./helpers/billing-admin";

let admin: TestUser;
let token: string;
let clientToken: string;
/** The helper's default customer; every test here names its own client instead. */
let company: TestUser;

beforeAll(async () => {
  ({ admin, token, clientToken, company } = await createBillingActors());
});

const { newInvoice, showInvoice, updateInvoice, pay } = billingAdminCalls(() => ({ token, company }));

/** A client of this test alone, so its credit is nobody else's. */
const newClient = () => createTestUser({ role: "client", name: `Cliente saldo ${uniqueTag()}` });

/** Credit as a nota de crédito leaves it: a positive "credit_note" row. */
const giveCredit = (userId: string, currency: Currency, amount: string, createdAt?: Date) =>
  db.customerCredit.create({ data: { userId, currency, amount, kind: "credit_note", createdAt } });

const readCredit = (userId: string, bearer: string | undefined = token) =>
  call(getCredit, `/api/v1/admin/users/${userId}/credit`, { bearer, params: { id: userId } });
const refund = (userId: string, body: unknown, options: { bearer?: string; ip?: string } = {}) =>
  call(postRefund, `/api/v1/admin/users/${userId}/credit/refunds`, { method: "POST", body, bearer: options.bearer ?? token, ip: options.ip, params: { id: userId } });
const applyCredit = (invoiceId: number, body?: unknown, options: { bearer?: string; ip?: string } = {}) =>
  call(postApplyCredit, `/api/v1/admin/invoices/${invoiceId}/apply-credit`, {
    method: "POST",
    body,
    bearer: options.bearer ?? token,
    ip: options.ip,
    params: { id: String(invoiceId) },
  });

const balancesOf = async (userId: string) => ((await readCredit(userId)).body.data as Json).balances;
const ledgerCount = (userId: string) => db.customerCredit.count({ where: { userId } });

describe("GET /api/v1/admin/users/{id}/credit", () => {
  it("sums the ledger per currency (only those not zero, PEN then USD then EUR) and lists the entries newest first", async () => {
    const client = await newClient();
    const at = (minutes: number) => new Date(Date.UTC(2024, 0, 10, 12, minutes));
    await giveCredit(client.id, "EUR", "10.00", at(1));
    await giveCredit(client.id, "USD", "50.00", at(2));
    await giveCredit(client.id, "PEN", "118.00", at(3));
    await db.customerCredit.create({ data: { userId: client.id, currency: "PEN", amount: "-18.00", kind: "refund", reference: "OP-9", createdAt: at(4) } });
    await db.customerCredit.create({ data: { userId: client.id, currency: "EUR", amount: "-10.00", kind: "refund", reference: "OP-10", createdAt: at(5) } });

    const { status, body } = await readCredit(client.id);
    expect(status).toBe(200);
    const data = body.data as Json;
    expect(data.user_id).toBe(client.id);
    // 118.00 − 18.00 in soles; the euros went back in full, so they are not listed.
    expect(data.balances).toEqual([
      { currency: "PEN", amount: "100.00" },
      { currency: "USD", amount: "50.00" },
    ]);
    const entries = data.entries as Json[];
    expect(entries.map((entry) => [entry.kind, entry.currency, entry.amount])).toEqual([
      ["refund", "EUR", "-10.00"],
      ["refund", "PEN", "-18.00"],
      ["credit_note", "PEN", "118.00"],
      ["credit_note", "USD", "50.00"],
      ["credit_note", "EUR", "10.00"],
    ]);
    expect(entries[1]).toEqual({
      id: expect.any(Number),
      kind: "refund",
      amount: "-18.00",
      currency: "PEN",
      reference: "OP-9",
      invoice_id: null,
      credit_note_id: null,
      created_at: at(4).toISOString(),
    });
  });

  it("answers empty lists for a client without credit and 404 for an unknown user", async () => {
    const client = await newClient();
    expect((await readCredit(client.id)).body.data).toEqual({ user_id: client.id, balances: [], entries: [] });
    const unknown = await readCredit("no-existe-este-usuario");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Cliente no encontrado.");
  });
});

describe("POST /api/v1/admin/users/{id}/credit/refunds", () => {
  it("records money given back as a negative entry, with its audit entry and the client's notification", async () => {
    const client = await newClient();
    await giveCredit(client.id, "PEN", "100.00");
    const ip = fakeIp();
    const { status, body } = await refund(client.id, { amount: "30.50", currency: "PEN", reference: "Transferencia OP-123" }, { ip });
    expect(status).toBe(201);
    const data = body.data as Json;
    expect(data.entry).toMatchObject({ kind: "refund", amount: "-30.50", currency: "PEN", reference: "Transferencia OP-123", invoice_id: null });
    expect(data.balances).toEqual([{ currency: "PEN", amount: "69.50" }]);
    expect(await balancesOf(client.id)).toEqual([{ currency: "PEN", amount: "69.50" }]);

    const audit = await db.auditLog.findFirst({ where: { action: "customer_credit.refund", entityType: "user", entityId: client.id } });
    expect(audit).toMatchObject({ actorId: admin.id, ipAddress: ip });
    expect(audit?.details).toMatchObject({ after: { amount: "30.50", currency: "PEN", reference: "Transferencia OP-123", credit_balance: "69.50" } });
    const notice = await db.notification.findFirst({ where: { userId: client.id, type: "customer_credit_refund" } });
    expect(notice?.title).toBe("Devolución de saldo a favor");
    expect(notice?.body).toContain("S/ 30.50");

    // The rest, exactly: the balance is gone from the list.
    expect((await refund(client.id, { amount: 69.5, currency: "PEN", reference: "OP-124" })).status).toBe(201);
    expect(await balancesOf(client.id)).toEqual([]);
  });

  it("refuses more than the credit in that currency (422) and writes nothing", async () => {
    const client = await newClient();
    await giveCredit(client.id, "PEN", "70.00");
    await giveCredit(client.id, "USD", "500.00");
    const before = await ledgerCount(client.id);

    const over = await refund(client.id, { amount: "70.01", currency: "PEN", reference: "OP-1" });
    expect(over.status).toBe(422);
    expect((over.body.errors as Record<string, string[]>).amount[0]).toContain("S/ 70.00");
    // Credit in dollars does not pay back soles, nor euros the client never had.
    expect((await refund(client.id, { amount: "1.00", currency: "EUR", reference: "OP-2" })).status).toBe(422);

    expect(await ledgerCount(client.id)).toBe(before);
    expect(await db.auditLog.count({ where: { action: "customer_credit.refund", entityId: client.id } })).toBe(0);
    expect(await db.notification.count({ where: { userId: client.id, type: "customer_credit_refund" } })).toBe(0);
    expect(await balancesOf(client.id)).toEqual([
      { currency: "PEN", amount: "70.00" },
      { currency: "USD", amount: "500.00" },
    ]);
  });

  it.each([
    ["no reference", { amount: "1.00", currency: "PEN" }, "reference"],
    ["a blank reference", { amount: "1.00", currency: "PEN", reference: "   " }, "reference"],
    ["a reference over 100 characters", { amount: "1.00", currency: "PEN", reference: "x".repeat(101) }, "reference"],
    ["three decimals", { amount: "1.005", currency: "PEN", reference: "OP" }, "amount"],
    ["a zero amount", { amount: "0", currency: "PEN", reference: "OP" }, "amount"],
    ["a negative amount", { amount: "-5.00", currency: "PEN", reference: "OP" }, "amount"],
    ["an unknown currency", { amount: "1.00", currency: "GBP", reference: "OP" }, "currency"],
  ])("refuses %s with 422 on that field, writing nothing", async (_label, body, field) => {
    const client = await newClient();
    await giveCredit(client.id, "PEN", "50.00");
    const { status, body: answer } = await refund(client.id, body);
    expect(status).toBe(422);
    expect(Object.keys(answer.errors as Json)).toContain(field);
    expect(await ledgerCount(client.id)).toBe(1);
  });

  it("refunds sent at once never take more than the credit: they queue on the client, and the ones beyond it are refused", async () => {
    const client = await newClient();
    await giveCredit(client.id, "PEN", "100.00");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => refund(client.id, { amount: "30.00", currency: "PEN", reference: `OP-${index}` })),
    );
    // 3 × 30.00 fit in 100.00; a fourth would leave it negative. (Embedded PGlite runs one
    // transaction at a time; on PostgreSQL, as in CI, these really overlap and the lock decides.)
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
    expect(await balancesOf(client.id)).toEqual([{ currency: "PEN", amount: "10.00" }]);
  });

  it("is 404 for an unknown user", async () => {
    expect((await refund("no-existe-este-usuario", { amount: "1.00", currency: "PEN", reference: "OP" })).status).toBe(404);
  });
});

describe("POST /api/v1/admin/invoices/{id}/apply-credit", () => {
  it("pays part of an invoice when the credit is smaller than the balance: a completed 'Saldo a favor' payment, the ledger entry, audit and notification", async () => {
    const client = await newClient();
    await giveCredit(client.id, "PEN", "50.00");
    const invoice = await newInvoice({ user_id: client.id }); // 100.00 + IGV = 118.00
    const id = invoice.id as number;
    const ip = fakeIp();

    // No body at all: as much as both allow.
    const { status, body } = await applyCredit(id, undefined, { ip });
    expect(status).toBe(200);
    const shown = body.data as Json;
    expect(shown).toMatchObject({ id, status: "partially_paid", amount_paid: "50.00", balance: "68.00" });
    expect(shown.payments).toEqual([expect.objectContaining({ amount: "50.00", currency: "PEN", method: "saldo_a_favor", reference: "Saldo a favor", status: "completed" })]);

    const ledger = await db.customerCredit.findMany({ where: { userId: client.id, kind: "applied" } });
    expect(ledger).toEqual([expect.objectContaining({ currency: "PEN", invoiceId: id })]);
    expect(ledger[0].amount.toFixed(2)).toBe("-50.00");
    expect(await balancesOf(client.id)).toEqual([]);

    const audit = await db.auditLog.findFirst({ where: { action: "customer_credit.apply", entityType: "invoice", entityId: String(id) } });
    expect(audit).toMatchObject({ actorId: admin.id, ipAddress: ip });
    // The status did not change, so the entry does not repeat it.
    expect(audit?.details).toMatchObject({ before: { amount_paid: "0.00" }, after: { amount: "50.00", currency: "PEN", amount_paid: "50.00", credit_balance: "0.00" } });
    const notice = await db.notification.findFirst({ where: { userId: client.id, type: "customer_credit_applied" } });
    expect(notice).toMatchObject({ title: `Saldo a favor aplicado: factura ${invoice.invoice_number}`, link: `/client/invoices/${id}` });
    expect(notice?.body).toContain("Saldo pendiente: S/ 68.00");

    // Nothing left to apply: 422, nothing more written.
    const again = await applyCredit(id, {});
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("El cliente no tiene saldo a favor en la moneda de esta factura.");
    expect(await db.payment.count({ where: { invoiceId: id } })).toBe(1);

    // The rest is paid as any payment: the invoice then counts both.
    expect((await pay({ invoice_id: id, amount: "68.00", method: "yape" })).body.data).toMatchObject({ invoice_status: "paid", balance: "0.00" });
  });

  it("settles the invoice when the credit covers it (only the balance is taken) and refuses a paid one (409)", async () => {
    const client = await newClient();
    await giveCredit(client.id, "PEN", "200.00");
    const invoice = await newInvoice({ user_id: client.id });
    const id = invoice.id as number;
    await pay({ invoice_id: id, amount: "18.00", method: "efectivo" });

    const { status, body } = await applyCredit(id, {});
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: "paid", amount_paid: "118.00", balance: "0.00", paid_at: expect.any(String) });
    expect((body.data as Json).payments).toEqual([
      expect.objectContaining({ amount: "18.00", method: "efectivo" }),
      expect.objectContaining({ amount: "100.00", method: "saldo_a_favor" }),
    ]);
    expect(await balancesOf(client.id)).toEqual([{ currency: "PEN", amount: "100.00" }]);
    const audit = await db.auditLog.findFirst({ where: { action: "customer_credit.apply", entityId: String(id) } });
    expect(audit?.details).toMatchObject({ before: { amount_paid: "18.00", status: "pending" }, after: { amount: "100.00", amount_paid: "118.00", status: "paid", credit_balance: "100.00" } });
    const notice = await db.notification.findFirst({ where: { userId: client.id, type: "customer_credit_applied" } });
    expect(notice?.title).toBe(`Factura ${invoice.invoice_number} pagada con tu saldo a favor`);

    const paid = await applyCredit(id, {});
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe("La factura ya está pagada.");
    expect(await balancesOf(client.id)).toEqual([{ currency: "PEN", amount: "100.00" }]);
  });

  it("takes a given amount, and refuses more than the credit or the balance (422), writing nothing", async () => {
    const client = await newClient();
    await giveCredit(client.id, "PEN", "82.00");
    const invoice = await newInvoice({ user_id: client.id });
    const id = invoice.id as number;

    expect((await applyCredit(id, { amount: "10.00" })).body.data).toMatchObject({ status: "partially_paid", amount_paid: "10.00", balance: "108.00" });
    // Credit 72.00 now: 80.00 is more than it.
    const aboveCredit = await applyCredit(id, { amount: "80.00" });
    expect(aboveCredit.status).toBe(422);
    expect((aboveCredit.body.errors as Record<string, string[]>).amount[0]).toContain("S/ 72.00");

    // With more credit than the invoice owes, one cent above its balance is refused too.
    await giveCredit(client.id, "PEN", "100.00");
    const aboveBalance = await applyCredit(id, { amount: "108.01" });
    expect(aboveBalance.status).toBe(422);
    expect((aboveBalance.body.errors as Record<string, string[]>).amount[0]).toContain("S/ 108.00");
    expect((await applyCredit(id, { amount: "1.234" })).status).toBe(422);

    expect(await db.payment.count({ where: { invoiceId: id } })).toBe(1);
    expect(await db.customerCredit.count({ where: { userId: client.id, kind: "applied" } })).toBe(1);
    expect(await balancesOf(client.id)).toEqual([{ currency: "PEN", amount: "172.00" }]);
    expect((await showInvoice(id)).body.data).toMatchObject({ amount_paid: "10.00", balance: "108.00" });
  });

  it("applied to two invoices at once, the credit is spent once: the second finds none left", async () => {
    const client = await newClient();
    await giveCredit(client.id, "PEN", "100.00");
    const first = await newInvoice({ user_id: client.id });
    const second = await newInvoice({ user_id: client.id });
    const answers = await Promise.all([applyCredit(first.id as number, {}), applyCredit(second.id as number, {})]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const paid = await db.payment.findMany({ where: { invoiceId: { in: [first.id as number, second.id as number] } } });
    expect(paid.map((payment) => payment.amount.toFixed(2))).toEqual(["100.00"]);
    expect(await balancesOf(client.id)).toEqual([]);
  });

  it("uses only credit in the invoice's currency, and refuses a cancelled (409) or unknown (404) invoice", async () => {
    const client = await newClient();
    await giveCredit(client.id, "USD", "500.00");
    const soles = await newInvoice({ user_id: client.id, currency: "PEN" });
    const other = await applyCredit(soles.id as number, {});
    expect(other.status).toBe(422);
    expect(await db.payment.count({ where: { invoiceId: soles.id as number } })).toBe(0);

    const dollars = await newInvoice({ user_id: client.id, currency: "USD" });
    await updateInvoice(dollars.id as number, { status: "cancelled" });
    const cancelled = await applyCredit(dollars.id as number, {});
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe("La factura está anulada: no admite pagos.");
    expect(await balancesOf(client.id)).toEqual([{ currency: "USD", amount: "500.00" }]);

    expect((await applyCredit(2_000_000_000, {})).status).toBe(404);
  });
});

describe("access", () => {
  it("is for admins only: 403 for a client, 401 without credentials, nothing written", async () => {
    const client = await newClient();
    await giveCredit(client.id, "PEN", "118.00");
    const invoice = await newInvoice({ user_id: client.id });
    for (const [bearer, expected] of [
      [clientToken, 403],
      ["", 401],
    ] as const) {
      const who = bearer === "" ? undefined : bearer;
      expect((await call(getCredit, `/api/v1/admin/users/${client.id}/credit`, { bearer: who, params: { id: client.id } })).status).toBe(expected);
      expect((await call(postRefund, `/api/v1/admin/users/${client.id}/credit/refunds`, { method: "POST", bearer: who, params: { id: client.id }, body: { amount: "1.00", currency: "PEN", reference: "OP" } })).status).toBe(expected);
      expect((await call(postApplyCredit, `/api/v1/admin/invoices/${invoice.id}/apply-credit`, { method: "POST", bearer: who, params: { id: String(invoice.id) }, body: {} })).status).toBe(expected);
    }
    expect(await ledgerCount(client.id)).toBe(1);
    expect(await db.payment.count({ where: { invoiceId: invoice.id as number } })).toBe(0);
  });
});

describe("a real nota de crédito", () => {
  let mock: SunatMock;

  beforeAll(async () => {
    mock = await startSunatMock({ pendingPolls: 1 });
    process.env.SUNAT_ENDPOINT = mock.url;
  });

  afterAll(async () => {
    delete process.env.SUNAT_ENDPOINT;
    await mock?.close();
  });

  /** Runs the send queue (as the schedule would) until SUNAT accepted the invoice's document. */
  async function accepted(invoiceId: number) {
    for (let round = 0; round < 20; round += 1) {
      const document = await db.electronicDocument.findUniqueOrThrow({ where: { invoiceId } });
      if (document.status === "accepted") return;
      await db.electronicDocument.updateMany({ where: { status: { in: ["pending", "sent"] } }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
      await runSunatQueue();
    }
    throw new Error(`SUNAT no aceptó el documento de la factura ${invoiceId}`);
  }

  it("on a factura paid in full becomes credit that pays the client's next invoice, and the rest is given back", async () => {
    const buyer = await newClient();
    await db.user.update({ where: { id: buyer.id }, data: { billingName: `Comercial ${uniqueTag()} S.A.C.`, taxId: "20131312955" } });
    const first = await newInvoice({ user_id: buyer.id }); // 118.00
    const firstId = first.id as number;
    await accepted(firstId);
    expect((await pay({ invoice_id: firstId, amount: "118.00", method: "transferencia" })).status).toBe(201);
    const note = await call(postCreditNote, `/api/v1/admin/invoices/${firstId}/credit-notes`, {
      method: "POST",
      bearer: token,
      params: { id: String(firstId) },
      body: { reason_code: "06", description: "Devolución total del servicio" },
    });
    expect(note.status).toBe(201);

    const credit = (await readCredit(buyer.id)).body.data as Json;
    expect(credit.balances).toEqual([{ currency: "PEN", amount: "118.00" }]);
    expect(credit.entries).toEqual([expect.objectContaining({ kind: "credit_note", amount: "118.00", invoice_id: firstId, credit_note_id: (note.body.data as Json).id })]);

    // A second, smaller invoice (50.00 + IGV = 59.00) is paid with it.
    const second = await newInvoice({ user_id: buyer.id, lines: [{ description: "Soporte", quantity: "1", unit_price: "50.00" }] });
    const applied = await applyCredit(second.id as number);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ status: "paid", amount_paid: "59.00", balance: "0.00" });
    expect(await balancesOf(buyer.id)).toEqual([{ currency: "PEN", amount: "59.00" }]);

    // What is left goes back to the client; nothing more can then be given back.
    expect((await refund(buyer.id, { amount: "59.00", currency: "PEN", reference: "Transferencia BCP 0042" })).status).toBe(201);
    expect((await refund(buyer.id, { amount: "0.01", currency: "PEN", reference: "OP" })).status).toBe(422);
    const after = (await readCredit(buyer.id)).body.data as Json;
    expect(after.balances).toEqual([]);
    expect((after.entries as Json[]).map((entry) => [entry.kind, entry.amount])).toEqual([
      ["refund", "-59.00"],
      ["applied", "-59.00"],
      ["credit_note", "118.00"],
    ]);
  });
});
