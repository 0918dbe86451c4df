// Integration tests of the client portal's billing API (its subscriptions and invoices, and bad
// input): the shapes, the exact paths and /api/v1, ?limit=5, isolation between two clients on
// every client billing route, and the cancellation request's rules. Records are made through the
// billing writes (the admin's write path), against the real PostgreSQL test database.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as aliasInvoices } from "@/app/api/client/invoices/route";
import { GET as aliasSubscriptions } from "@/app/api/client/subscriptions/route";
import { GET as invoiceDetail } from "@/app/api/v1/client/invoices/[id]/route";
import { GET as invoices } from "@/app/api/v1/client/invoices/route";
import { GET as payments } from "@/app/api/v1/client/payments/route";
import { POST as cancel } from "@/app/api/v1/client/subscriptions/[id]/cancel/route";
import { GET as subscriptionDetail } from "@/app/api/v1/client/subscriptions/[id]/route";
import { GET as subscriptions } from "@/app/api/v1/client/subscriptions/route";
import type { AdminActor } from "@/lib/auth/actor";
import { SYSTEM_ACTOR } from "@/lib/audit/service";
import { businessDate, addDays } from "@/lib/dates";
import { issueInvoice, issueInvoiceInTx } from "@/lib/billing/invoices";
import { recordPayment } from "@/lib/billing/payments";
import { INVOICE_STATUSES } from "@/lib/billing/labels";
import { createSubscription } from "@/lib/billing/subscriptions";
import { db } from "@/lib/db";
import { call, createTestUser, sessionCookieFor, tokenFor, type Json, type TestUser } from "./helpers/auth";

type Client = { user: TestUser; token: string; subscriptionIds: number[]; invoiceIds: number[]; paymentIds: number[] };

let admin: AdminActor;
let alice: Client;
let bruno: Client;

const today = businessDate();

async function newClient(): Promise<Client> {
  const user = await createTestUser({ role: "client" });
  return { user, token: await tokenFor(user), subscriptionIds: [], invoiceIds: [], paymentIds: [] };
}

/** Two subscriptions (one linked to a catalogue item, with two invoices), four invoices in all, one paid. */
async function giveBillingHistory(client: Client, label: string) {
  const item = await db.catalogItem.findFirstOrThrow({ where: { kind: "product", status: "active" }, orderBy: { id: "asc" } });
  const linked = await createSubscription(admin, {
    user_id: client.user.id,
    catalog_item_id: item.id,
    plan_name: `${item.name} · Plan ${label}`,
    amount: "149.00",
    currency: "USD",
    billing_period: "monthly",
    next_billing_date: addDays(today, 10),
  });
  const plain = await createSubscription(admin, {
    user_id: client.user.id,
    plan_name: `Soporte ${label}`,
    amount: "1200.50",
    currency: "PEN",
    billing_period: "yearly",
    next_billing_date: addDays(today, 200),
  });
  client.subscriptionIds.push(linked.id, plain.id);
  for (const period of [addDays(today, -60), addDays(today, -30)]) {
    const id = await db.$transaction((tx) =>
      issueInvoiceInTx(tx, SYSTEM_ACTOR, {
        userId: client.user.id,
        currency: "USD",
        issuedOn: period,
        dueOn: addDays(period, 15),
        description: `Mensualidad ${label} ${period}`,
        subscriptionId: linked.id,
        periodStart: period,
        lines: [{ description: `Plan ${label}`, quantity: "1", unit_price: "149.00" }],
      }),
    );
    client.invoiceIds.push(id);
  }
  for (let n = 0; n < 5; n++) {
    const invoice = await issueInvoice(admin, {
      user_id: client.user.id,
      currency: "PEN",
      due_date: addDays(today, 30),
      description: `Consultoría ${label} ${n}`,
      lines: [{ description: "Horas de consultoría", quantity: "3", unit_price: "33.33" }],
    });
    client.invoiceIds.push(invoice.id);
  }
  const payment = await recordPayment(admin, { invoice_id: client.invoiceIds[0], amount: "175.82", method: "yape", reference: `YAPE-${label}` });
  client.paymentIds.push(payment.id);
}

beforeAll(async () => {
  const adminUser = await createTestUser({ role: "admin" });
  admin = { id: adminUser.id, name: adminUser.name, email: adminUser.email, role: "admin", ipAddress: "10.0.0.1", sessionId: null };
  [alice, bruno] = await Promise.all([newClient(), newClient()]);
  await giveBillingHistory(alice, "Alicia");
  await giveBillingHistory(bruno, "Bruno");
});

const get = <P>(handler: Parameters<typeof call<P>>[0], path: string, who: Client, params?: P) => call(handler, path, { bearer: who.token, params });

describe("GET /api/client/subscriptions and /api/v1/client/subscriptions", () => {
  it("lists only the caller's subscriptions with the contract's fields, money as decimal strings", async () => {
    const { status, body } = await get(subscriptions, "/api/v1/client/subscriptions", alice);
    expect(status).toBe(200);
    const data = body.data as Json[];
    expect(data.map((s) => s.id).sort()).toEqual([...alice.subscriptionIds].sort());
    for (const s of data) {
      expect(s).toMatchObject({ id: expect.any(Number), product: { name: expect.any(String) }, amount: expect.stringMatching(/^\d+\.\d{2}$/) });
      expect(s.billing_period).toMatch(/^(monthly|yearly)$/);
      expect(s.next_billing_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((s.user as Json).id).toBe(alice.user.id);
    }
    const yearly = data.find((s) => s.billing_period === "yearly")!;
    expect(yearly).toMatchObject({ amount: "1200.50", currency: "PEN", product: { name: "Soporte Alicia" }, status: "active", cancel_requested_at: null });
    const linked = data.find((s) => s.billing_period === "monthly")!;
    expect((linked.catalog_item as Json).url).toMatch(/^\/productos\//);
    expect((linked.product as Json).name).toBe((linked.catalog_item as Json).name);
  });

  it("answers the same at the path without /v1", async () => {
    const v1 = await get(subscriptions, "/api/v1/client/subscriptions", alice);
    const alias = await get(aliasSubscriptions, "/api/client/subscriptions", alice);
    expect(alias.status).toBe(200);
    expect(alias.body).toEqual(v1.body);
  });

  it("shows one subscription with its invoices, and another client's is a 404 that tells nothing", async () => {
    const [id] = alice.subscriptionIds;
    const mine = await get(subscriptionDetail, `/api/v1/client/subscriptions/${id}`, alice, { id: String(id) });
    expect(mine.status).toBe(200);
    const data = mine.body.data as Json;
    expect(data.id).toBe(id);
    expect((data.invoices as Json[]).map((i) => i.id).sort()).toEqual(alice.invoiceIds.slice(0, 2).sort());

    const foreign = await get(subscriptionDetail, `/api/v1/client/subscriptions/${id}`, bruno, { id: String(id) });
    const missing = await get(subscriptionDetail, "/api/v1/client/subscriptions/2147483647", bruno, { id: "2147483647" });
    const junk = await get(subscriptionDetail, "/api/v1/client/subscriptions/abc", bruno, { id: "abc" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(junk.status).toBe(404);
    expect(foreign.text).not.toContain("Alicia");
  });
});

describe("GET /api/client/invoices and /api/v1/client/invoices", () => {
  it("lists the caller's invoices newest first with the contract's fields", async () => {
    const { status, body } = await get(invoices, "/api/v1/client/invoices", alice);
    expect(status).toBe(200);
    const data = body.data as Json[];
    expect(data).toHaveLength(alice.invoiceIds.length);
    expect(data.map((i) => i.id).sort()).toEqual([...alice.invoiceIds].sort());
    const dates = data.map((i) => i.issued_at as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const invoice of data) {
      expect(invoice).toMatchObject({ id: expect.any(Number), invoice_number: expect.stringMatching(/^[FB]001-\d{8}$/), amount: expect.stringMatching(/^\d+\.\d{2}$/) });
      expect(INVOICE_STATUSES).toContain(invoice.status);
      expect((invoice.user as Json).id).toBe(alice.user.id);
    }
    // 3 × 33.33 = 99.99 without IGV; IGV 18 % = 18.00; total 117.99.
    const consultancy = data.find((i) => (i.description as string).startsWith("Consultoría"))!;
    expect(consultancy).toMatchObject({ subtotal: "99.99", tax_amount: "18.00", amount: "117.99", currency: "PEN", balance: "117.99" });
  });

  it("honours ?limit=5 at the path without /v1, the same as under /api/v1", async () => {
    const alias = await get(aliasInvoices, "/api/client/invoices?limit=5", alice);
    expect(alias.status).toBe(200);
    const data = alias.body.data as Json[];
    expect(data).toHaveLength(5);
    const all = (await get(invoices, "/api/v1/client/invoices", alice)).body.data as Json[];
    expect(data.map((i) => i.id)).toEqual(all.slice(0, 5).map((i) => i.id));
    const v1 = await get(invoices, "/api/v1/client/invoices?limit=5", alice);
    expect(v1.body).toEqual(alias.body);
  });

  it("filters by status, pages with ?page=, and refuses bad parameters with 422", async () => {
    const paid = (await get(invoices, "/api/v1/client/invoices?status=paid", alice)).body.data as Json[];
    expect(paid.map((i) => i.id)).toEqual([alice.invoiceIds[0]]);
    const page = await get(invoices, "/api/v1/client/invoices?page=2&per_page=3", alice);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ current_page: 2, per_page: 3, total: alice.invoiceIds.length, last_page: 3, total_capped: false });
    expect(((page.body.data as Json).data as Json[]).length).toBe(3);
    for (const query of ["limit=0", "limit=101", "limit=abc", "status=unpaid", "page=-1"]) {
      const bad = await get(invoices, `/api/v1/client/invoices?${query}`, alice);
      expect(bad.status, query).toBe(422);
      expect(bad.body.errors).toBeTypeOf("object");
    }
  });

  it("never lists another client's invoices, even when asked by user_id", async () => {
    const data = (await get(invoices, `/api/v1/client/invoices?user_id=${bruno.user.id}`, alice)).body.data as Json[];
    expect(data.map((i) => i.id).sort()).toEqual([...alice.invoiceIds].sort());
  });

  it("shows one invoice with both parties, lines and payments; another client's is a 404", async () => {
    const id = alice.invoiceIds[0];
    const mine = await get(invoiceDetail, `/api/v1/client/invoices/${id}`, alice, { id: String(id) });
    expect(mine.status).toBe(200);
    const data = mine.body.data as Json;
    expect(data).toMatchObject({ id, status: "paid", subtotal: "149.00", tax_amount: "26.82", amount: "175.82", amount_paid: "175.82", balance: "0.00" });
    expect((data.issuer as Json).name).toEqual(expect.any(String));
    expect((data.customer as Json).email).toBe(alice.user.email);
    expect(data.lines).toEqual([{ position: 1, description: "Plan Alicia", quantity: "1.00", unit_price: "149.00", line_total: "149.00" }]);
    expect((data.payments as Json[]).map((p) => p.id)).toEqual(alice.paymentIds);

    const foreign = await get(invoiceDetail, `/api/v1/client/invoices/${id}`, bruno, { id: String(id) });
    const missing = await get(invoiceDetail, "/api/v1/client/invoices/2147483647", bruno, { id: "2147483647" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.text).not.toContain(alice.user.email);
  });
});

describe("GET /api/v1/client/payments", () => {
  it("lists only the caller's payments, newest first, with the invoice they paid", async () => {
    const extra = await recordPayment(admin, { invoice_id: alice.invoiceIds[2], amount: "50.00", method: "transferencia", reference: "BCP-1" });
    alice.paymentIds.push(extra.id);
    const { status, body } = await get(payments, "/api/v1/client/payments", alice);
    expect(status).toBe(200);
    const data = body.data as Json[];
    expect(data.map((p) => p.id).sort()).toEqual([...alice.paymentIds].sort());
    expect(data.map((p) => p.paid_at as string)).toEqual(data.map((p) => p.paid_at as string).sort().reverse());
    const first = data.find((p) => p.id === alice.paymentIds[0])!;
    expect(first).toMatchObject({ amount: "175.82", currency: "USD", method: "yape", reference: "YAPE-Alicia", invoice: { id: alice.invoiceIds[0] } });
    const brunos = (await get(payments, "/api/v1/client/payments", bruno)).body.data as Json[];
    expect(brunos.map((p) => p.id)).toEqual(bruno.paymentIds);
    const paged = await get(payments, "/api/v1/client/payments?page=1&per_page=1", alice);
    expect(paged.body.data).toMatchObject({ current_page: 1, per_page: 1, total: alice.paymentIds.length, total_capped: false });
  });
});

describe("POST /api/v1/client/subscriptions/{id}/cancel", () => {
  const post = (who: Client, id: number | string, body?: unknown) =>
    call(cancel, `/api/v1/client/subscriptions/${id}/cancel`, { method: "POST", bearer: who.token, params: { id: String(id) }, body });

  it("records the request with its reason, keeps the subscription active, notifies the admins, and refuses a second one (409)", async () => {
    const id = bruno.subscriptionIds[1];
    const adminNotices = () => db.notification.count({ where: { userId: admin.id, type: "subscription_cancel_request" } });
    const before = await adminNotices();
    const { status, body } = await post(bruno, id, { reason: "  Cambiamos de proveedor  " });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id, status: "active", cancel_reason: "Cambiamos de proveedor", cancel_requested_at: expect.any(String) });
    expect(await adminNotices()).toBe(before + 1);
    const audit = await db.auditLog.findFirst({ where: { entityType: "subscription", entityId: String(id), action: "subscription.cancel_request" } });
    expect(audit?.actorId).toBe(bruno.user.id);

    const listed = ((await get(subscriptions, "/api/v1/client/subscriptions", bruno)).body.data as Json[]).find((s) => s.id === id)!;
    expect(listed.cancel_requested_at).toEqual(expect.any(String));

    const again = await post(bruno, id, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Ya solicitaste la cancelación de esta suscripción.");
    expect(await adminNotices()).toBe(before + 1);
  });

  it("accepts an empty body (no reason)", async () => {
    const id = alice.subscriptionIds[1];
    const { status, body } = await post(alice, id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id, cancel_reason: null, status: "active" });
  });

  it("refuses a subscription that is not active (409) and changes nothing", async () => {
    const created = await createSubscription(admin, { user_id: alice.user.id, plan_name: "Pausada", amount: "10.00", next_billing_date: addDays(today, 5) });
    await db.subscription.update({ where: { id: created.id }, data: { status: "paused" } });
    const { status, body } = await post(alice, created.id, { reason: "ya no" });
    expect(status).toBe(409);
    expect(body.message).toBe("Solo puedes cancelar una suscripción activa.");
    const row = await db.subscription.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.cancelRequestedAt).toBeNull();
  });

  it("refuses a reason over 500 characters (422 with a Spanish field error) and bad bodies", async () => {
    const id = alice.subscriptionIds[0];
    const long = await post(alice, id, { reason: "x".repeat(501) });
    expect(long.status).toBe(422);
    expect((long.body.errors as Record<string, string[]>).reason[0]).toBe("El motivo no puede superar los 500 caracteres.");
    expect((await post(alice, id, { reason: 42 })).status).toBe(422);
    expect((await post(alice, id, "[1,2]")).status).toBe(422);
    expect((await post(alice, id, "{not json")).status).toBe(400);
    const row = await db.subscription.findUniqueOrThrow({ where: { id } });
    expect(row.cancelRequestedAt).toBeNull();
  });

  it("never touches another client's subscription: 404, nothing changed, nobody notified", async () => {
    const id = alice.subscriptionIds[0];
    const notices = await db.notification.count({ where: { type: "subscription_cancel_request" } });
    const foreign = await post(bruno, id, { reason: "no es mía" });
    const missing = await post(bruno, 2147483647, { reason: "no es mía" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await db.subscription.findUniqueOrThrow({ where: { id } })).cancelRequestedAt).toBeNull();
    expect(await db.notification.count({ where: { type: "subscription_cancel_request" } })).toBe(notices);
  });

  it("asks a cookie session for its CSRF token (419)", async () => {
    const cookie = await sessionCookieFor(alice.user);
    const { status } = await call(cancel, `/api/v1/client/subscriptions/${alice.subscriptionIds[0]}/cancel`, {
      method: "POST",
      cookie,
      params: { id: String(alice.subscriptionIds[0]) },
      body: {},
    });
    expect(status).toBe(419);
  });
});

describe("without credentials", () => {
  it("answers 401 on every client billing route", async () => {
    const id = String(alice.invoiceIds[0]);
    const sid = String(alice.subscriptionIds[0]);
    const results = await Promise.all([
      call(subscriptions, "/api/v1/client/subscriptions"),
      call(aliasSubscriptions, "/api/client/subscriptions"),
      call(invoices, "/api/v1/client/invoices"),
      call(aliasInvoices, "/api/client/invoices?limit=5"),
      call(invoiceDetail, `/api/v1/client/invoices/${id}`, { params: { id } }),
      call(subscriptionDetail, `/api/v1/client/subscriptions/${sid}`, { params: { id: sid } }),
      call(payments, "/api/v1/client/payments"),
      call(cancel, `/api/v1/client/subscriptions/${sid}/cancel`, { method: "POST", params: { id: sid }, body: {} }),
      call(invoices, "/api/v1/client/invoices", { bearer: "1|not-a-real-token-000000000000000000000000000000" }),
    ]);
    for (const result of results) {
      expect(result.status).toBe(401);
      expect(result.body.message).toBe("No autenticado. Inicia sesión para continuar.");
    }
    expect((await db.subscription.findUniqueOrThrow({ where: { id: Number(sid) } })).cancelRequestedAt).toBeNull();
  });
});
