// Invoice states as the API, the lists, the exports, the PDF, the dashboards and the client's
// notices show them, on real PostgreSQL: the transitions (pending → partly paid → paid; overdue
// from 00:00 in Lima the day after the due date, whatever the server's time zone; cancelled),
// the ?status= filters of the admin and client lists and their counts, the order by due date
// (nulls last) in the list, its pages and its export, the admin dashboard's receivables per
// currency with their ageing, and Mi Portal's total due and next due date.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as adminInvoicePdf } from "@/app/api/v1/admin/invoices/[id]/pdf/route";
import { GET as exportInvoicesRoute } from "@/app/api/v1/admin/invoices/export/route";
import { GET as listAdminInvoicesRoute } from "@/app/api/v1/admin/invoices/route";
import { GET as clientInvoiceRoute } from "@/app/api/v1/client/invoices/[id]/route";
import { GET as listClientInvoicesRoute } from "@/app/api/v1/client/invoices/route";
import { getDashboardStats } from "@/lib/admin/stats";
import { countAdminInvoicesByState, exportAdminInvoices } from "@/lib/billing/admin-queries";
import { INVOICE_STATUSES, type InvoiceStatusCode } from "@/lib/billing/labels";
import { countClientInvoicesByState, getClientDashboard } from "@/lib/billing/queries";
import { receivablesByCurrency, type ReceivablesByCurrency } from "@/lib/billing/receivables";
import { addDays, businessDate, formatCalendarDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { Prisma, type Currency } from "@/lib/generated/prisma/client";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { join } from "node:path";
import { call, createTestUser, tokenFor, type Json, type TestUser } from "./helpers/auth";
import { createTestInvoice } from "./helpers/billing";
import { isolated } from "./helpers/isolated";
import { billingAdminCalls } from "./helpers/billing-admin";

let admin: TestUser;
let adminToken: string;
const fixtureUsers: string[] = [];

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  adminToken = await tokenFor(admin);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  // Fixture invoices only (their clients were made here): fiscal records of issued ones stay.
  await db.notification.deleteMany({ where: { userId: { in: fixtureUsers } } });
  await db.payment.deleteMany({ where: { userId: { in: fixtureUsers } } });
  await db.invoice.deleteMany({ where: { userId: { in: fixtureUsers } } });
  await db.user.deleteMany({ where: { id: { in: fixtureUsers } } });
});

/** A client of this file, with a bearer token of its own. */
async function newClient() {
  const user = await createTestUser({ role: "client" });
  fixtureUsers.push(user.id);
  return { user, token: await tokenFor(user) };
}

/** The clock (Date only: timers and the database keep running) stopped at `instant`. */
function clockAt(instant: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
}

const adminGet = (query: string) => call(listAdminInvoicesRoute, `/api/v1/admin/invoices?${query}`, { bearer: adminToken });
const clientGet = (token: string, query: string) => call(listClientInvoicesRoute, `/api/v1/client/invoices?${query}`, { bearer: token });
const ids = (body: Json) => (body.data as { id: number }[]).map((row) => row.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe("the transitions, through the API", () => {
  let customer: TestUser | undefined;
  const { newInvoice, showInvoice, pay } = billingAdminCalls(() => ({ token: adminToken, company: customer }));

  it("pending → partially_paid → paid as payments arrive, and a paid invoice is never overdue", async () => {
    const { user } = await newClient();
    customer = user;
    const invoice = await newInvoice({ lines: [{ description: "Consultoría", quantity: "1", unit_price: "100.00" }] });
    expect(invoice).toMatchObject({ status: "pending", amount: "118.00", balance: "118.00" });

    const first = await pay({ invoice_id: invoice.id, amount: "18.00", method: "yape" });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ invoice_status: "partially_paid", balance: "100.00" });
    expect((await showInvoice(invoice.id as number)).body.data).toMatchObject({ status: "partially_paid", amount_paid: "18.00", balance: "100.00" });
    const notice = await db.notification.findFirst({ where: { userId: user.id, type: "payment_recorded" }, orderBy: { id: "desc" } });
    expect(notice?.body).toBe("Registramos tu pago de S/ 18.00 por Yape. Saldo pendiente: S/ 100.00.");

    expect((await pay({ invoice_id: invoice.id, amount: "100.00", method: "transferencia" })).body.data).toMatchObject({ invoice_status: "paid", balance: "0.00" });
    expect((await showInvoice(invoice.id as number)).body.data).toMatchObject({ status: "paid", balance: "0.00" });

    // Days after its due date (within the token's life) it still reads paid, and no overdue filter finds it.
    clockAt(`${addDays(invoice.due_date as string, 5)}T17:00:00Z`);
    expect((await showInvoice(invoice.id as number)).body.data).toMatchObject({ status: "paid" });
    expect(ids((await adminGet(`status=overdue&user_id=${user.id}`)).body)).toEqual([]);
    expect(ids((await adminGet(`status=paid&user_id=${user.id}`)).body)).toEqual([invoice.id]);
  });

  it("a payment on an overdue invoice tells the client the balance and the date it fell due", async () => {
    const { user } = await newClient();
    const today = businessDate();
    const overdue = await createTestInvoice(db, { userId: user.id, issuedAt: addDays(today, -40), dueDate: addDays(today, -10) });
    const answer = await pay({ invoice_id: overdue.id, amount: "18.00", method: "plin" });
    // Partly paid and past its due date: overdue still.
    expect(answer.body.data).toMatchObject({ invoice_status: "overdue", balance: "100.00" });
    const notice = await db.notification.findFirst({ where: { userId: user.id, type: "payment_recorded" } });
    expect(notice?.body).toBe(`Registramos tu pago de S/ 18.00 por Plin. Saldo pendiente: S/ 100.00; la factura venció el ${formatCalendarDate(addDays(today, -10))}.`);
  });

  it("a cancelled invoice reads Anulada past its due date, owes nothing and only the cancelled filter finds it", async () => {
    const { user, token } = await newClient();
    const cancelled = await createTestInvoice(db, { userId: user.id, status: "cancelled", issuedAt: "2026-01-05", dueDate: "2026-01-20" });
    const shown = await call(clientInvoiceRoute, `/api/v1/client/invoices/${cancelled.id}`, { bearer: token, params: { id: String(cancelled.id) } });
    expect(shown.body.data).toMatchObject({ status: "cancelled", balance: "0.00" });
    for (const status of INVOICE_STATUSES) {
      expect([status, ids((await clientGet(token, `status=${status}`)).body)]).toEqual([status, status === "cancelled" ? [cancelled.id] : []]);
    }
  });
});

describe("overdue at the Lima day boundary, whatever the server's time zone", () => {
  const ZONES: { zone: string | undefined; offsetMinutes: number | null }[] = [
    { zone: process.env.TZ, offsetMinutes: null },
    { zone: "Asia/Tokyo", offsetMinutes: -540 },
    { zone: "UTC", offsetMinutes: 0 },
  ];
  const originalZone = process.env.TZ;
  afterAll(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  for (const { zone, offsetMinutes } of ZONES) {
    it(`an invoice due on 2 Dec 2026 is not overdue at 23:59 in Lima and is at 00:00 on the 3rd (TZ=${zone ?? "the machine's"})`, async () => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
      // The process really runs in that zone: its local clock reads the instant differently.
      if (offsetMinutes !== null) expect(new Date("2026-12-03T04:59:00Z").getTimezoneOffset()).toBe(offsetMinutes);

      const { user, token } = await newClient();
      const unpaid = await createTestInvoice(db, { userId: user.id, issuedAt: "2026-11-20", dueDate: "2026-12-02" });
      const partly = await createTestInvoice(db, { userId: user.id, issuedAt: "2026-11-20", dueDate: "2026-12-02", payments: [{ amount: "18.00" }] });
      const show = async (id: number) =>
        ((await call(clientInvoiceRoute, `/api/v1/client/invoices/${id}`, { bearer: token, params: { id: String(id) } })).body.data as Json).status;

      // 23:59 on the 2nd in Lima (04:59 UTC on the 3rd; 13:59 on the 3rd in Tokyo).
      clockAt("2026-12-03T04:59:00Z");
      expect(await show(unpaid.id)).toBe("pending");
      expect(await show(partly.id)).toBe("partially_paid");
      expect(ids((await adminGet(`status=overdue&user_id=${user.id}`)).body)).toEqual([]);
      expect(ids((await adminGet(`status=pending&user_id=${user.id}`)).body)).toEqual([unpaid.id]);
      expect(ids((await adminGet(`status=partially_paid&user_id=${user.id}`)).body)).toEqual([partly.id]);
      expect(ids((await clientGet(token, "status=overdue")).body)).toEqual([]);
      let [owed] = await receivablesByCurrency(db, businessDate(), { userId: user.id });
      expect(owed).toMatchObject({ currency: "PEN", receivable: "218.00", overdue: "0.00", overdue_count: 0 });
      expect((await getClientDashboard(user.id)).nextDue).toMatchObject({ id: unpaid.id, due_date: "2026-12-02", balance: "118.00" });

      // 00:00 on the 3rd in Lima.
      clockAt("2026-12-03T05:00:00Z");
      expect(await show(unpaid.id)).toBe("overdue");
      expect(await show(partly.id)).toBe("overdue");
      expect(sorted(ids((await adminGet(`status=overdue&user_id=${user.id}`)).body))).toEqual([unpaid.id, partly.id]);
      expect(ids((await adminGet(`status=pending&user_id=${user.id}`)).body)).toEqual([]);
      expect(ids((await adminGet(`status=partially_paid&user_id=${user.id}`)).body)).toEqual([]);
      expect(sorted(ids((await clientGet(token, "status=overdue")).body))).toEqual([unpaid.id, partly.id]);
      [owed] = await receivablesByCurrency(db, businessDate(), { userId: user.id });
      expect(owed).toMatchObject({ receivable: "218.00", overdue: "218.00", overdue_count: 2, ageing: { d0_30: "218.00", d31_60: "0.00", d61_90: "0.00", d90_plus: "0.00" } });
      expect((await getClientDashboard(user.id)).nextDue).toBeNull();
    });
  }
});

describe("?status= returns exactly the invoices in that state", () => {
  let client: { user: TestUser; token: string };
  const expected: Record<InvoiceStatusCode, number[]> = { pending: [], partially_paid: [], overdue: [], paid: [], cancelled: [] };
  let overdueNumber = "";

  beforeAll(async () => {
    client = await newClient();
    const today = businessDate();
    const make = async (state: InvoiceStatusCode, options: Omit<Parameters<typeof createTestInvoice>[1], "userId">) => {
      const invoice = await createTestInvoice(db, { userId: client.user.id, issuedAt: addDays(today, -60), ...options });
      expected[state].push(invoice.id);
      return invoice;
    };
    await make("pending", { dueDate: addDays(today, 10) });
    await make("pending", { dueDate: today });
    const noDueDate = await make("pending", { dueDate: addDays(today, 1) });
    await db.invoice.update({ where: { id: noDueDate.id }, data: { dueDate: null } });
    await make("partially_paid", { dueDate: addDays(today, 3), payments: [{ amount: "0.01" }] });
    overdueNumber = (await make("overdue", { dueDate: addDays(today, -1) })).invoiceNumber;
    await make("overdue", { dueDate: addDays(today, -40), payments: [{ amount: "50.00" }] });
    await make("paid", { dueDate: addDays(today, -20), status: "paid" });
    await make("cancelled", { dueDate: addDays(today, -20), status: "cancelled" });
  });

  it("in the admin list, the client's list and both counts", async () => {
    const adminCounts = await countAdminInvoicesByState({ user_id: client.user.id });
    const clientCounts = await countClientInvoicesByState(client.user.id);
    for (const status of INVOICE_STATUSES) {
      const fromAdmin = (await adminGet(`status=${status}&user_id=${client.user.id}`)).body.data as { id: number; status: string }[];
      expect([status, sorted(fromAdmin.map((row) => row.id))]).toEqual([status, sorted(expected[status])]);
      expect(fromAdmin.every((row) => row.status === status)).toBe(true);
      expect([status, sorted(ids((await clientGet(client.token, `status=${status}`)).body))]).toEqual([status, sorted(expected[status])]);
      expect([status, adminCounts[status], clientCounts[status]]).toEqual([status, expected[status].length, expected[status].length]);
    }
    expect(adminCounts.all).toBe(8);
    expect(clientCounts).toEqual(adminCounts);
    // The counts follow the list's other filters (currency), never its status.
    expect((await countAdminInvoicesByState({ user_id: client.user.id, currency: "USD", status: "paid" })).all).toBe(0);
    // A search counts the states in one SQL pass: the same states, word by word, case and accents ignored.
    expect(await countAdminInvoicesByState({ user_id: client.user.id, q: client.user.email.toUpperCase() })).toEqual(adminCounts);
    expect(await countAdminInvoicesByState({ user_id: client.user.id, currency: "PEN", q: `${client.user.email} ${client.user.email}` })).toEqual(adminCounts);
    expect((await countAdminInvoicesByState({ user_id: client.user.id, currency: "USD", q: client.user.email })).all).toBe(0);
    expect((await countAdminInvoicesByState({ user_id: client.user.id, q: `${client.user.email} sin-coincidencias` })).all).toBe(0);
  });

  it("a search matching more than 1,000 invoices says «más de 1,000» and counts no state; up to 1,000 it counts each", async () => {
    const broad = await newClient();
    const word = `amplia${Date.now().toString(36)}`;
    const series = `Z${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
    // 600 paid and 400 pending (due in ten days) whose customer name holds the word.
    const insert = (from: number, to: number) =>
      db.$executeRaw`
        INSERT INTO invoices (invoice_number, series, sequence, user_id, subtotal, tax_amount, amount, amount_paid, currency, status,
                              issuer_name, customer_name, issued_at, due_date, updated_at)
        SELECT ${series} || '-' || n, ${series}, n, ${broad.user.id}, 100, 18, 118,
               CASE WHEN n <= 600 THEN 118 ELSE 0 END, 'PEN'::currency,
               (CASE WHEN n <= 600 THEN 'paid' ELSE 'pending' END)::invoice_status,
               'Lumen', ${`Cliente ${word}`}, ${businessDate()}::date, ${addDays(businessDate(), 10)}::date, now()
          FROM generate_series(${from}::int, ${to}::int) AS n`;
    await insert(1, 1000);
    expect(await countAdminInvoicesByState({ q: word })).toEqual({ all: 1000, paid: 600, pending: 400, partially_paid: 0, overdue: 0, cancelled: 0, capped: [] });
    await insert(1001, 1001);
    const counts = await countAdminInvoicesByState({ q: word });
    expect(counts).toEqual({ all: 1000, paid: null, pending: null, partially_paid: null, overdue: null, cancelled: null, capped: ["all"] });
    // The same search narrowed to the client's other currency counts again.
    expect(await countAdminInvoicesByState({ q: word, currency: "USD" })).toMatchObject({ all: 0, paid: 0, capped: [] });
  });

  it("in the CSV export, and on the invoice's PDF", async () => {
    const csv = await call(exportInvoicesRoute, `/api/v1/admin/invoices/export?status=overdue&user_id=${client.user.id}`, { bearer: adminToken });
    expect(csv.status).toBe(200);
    const rows = csv.text.replace(/^\uFEFF/, "").trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain('"PEN","Vencida"');

    const id = expected.overdue[0];
    const response = await adminInvoicePdf(new Request(`http://localhost/api/v1/admin/invoices/${id}/pdf`, { headers: { authorization: `Bearer ${adminToken}` } }), {
      params: Promise.resolve({ id: String(id) }),
    });
    expect(response.status).toBe(200);
    const pdf = await getDocument({ data: new Uint8Array(await response.arrayBuffer()), standardFontDataUrl: join(process.cwd(), "node_modules/pdfjs-dist/standard_fonts/"), isEvalSupported: false }).promise;
    const page = await (await pdf.getPage(1)).getTextContent();
    const text = page.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " ");
    await pdf.destroy();
    expect(text).toContain(overdueNumber);
    expect(text).toContain("Estado: Vencida");
  });
});

describe("?sort=due_date", () => {
  let client: { user: TestUser; token: string };
  /** The ids in the order expected by due date: nearest first, equal dates by id, no due date last. */
  let byDueDate: number[] = [];
  let byIssued: number[] = [];

  beforeAll(async () => {
    client = await newClient();
    const today = businessDate();
    const make = (issuedDaysAgo: number, dueInDays: number | null) =>
      createTestInvoice(db, { userId: client.user.id, issuedAt: addDays(today, -issuedDaysAgo), dueDate: addDays(today, dueInDays ?? 0) }).then(async (invoice) => {
        if (dueInDays === null) await db.invoice.update({ where: { id: invoice.id }, data: { dueDate: null } });
        return invoice.id;
      });
    const later = await make(1, 20);
    const soonA = await make(2, 5);
    const none = await make(3, null);
    const soonB = await make(4, 5);
    const past = await make(30, -10);
    const none2 = await make(5, null);
    byDueDate = [past, soonA, soonB, later, none, none2];
    byIssued = [later, soonA, none, soonB, none2, past];
  });

  it("orders the list, page after page, and leaves the default newest issued first", async () => {
    expect(ids((await adminGet(`user_id=${client.user.id}&sort=due_date`)).body)).toEqual(byDueDate);
    expect(ids((await adminGet(`user_id=${client.user.id}`)).body)).toEqual(byIssued);
    expect(ids((await adminGet(`user_id=${client.user.id}&sort=issued_at`)).body)).toEqual(byIssued);
    const pages: number[] = [];
    for (const page of [1, 2, 3]) {
      const { body } = await adminGet(`user_id=${client.user.id}&sort=due_date&per_page=2&page=${page}`);
      const data = body.data as { data: { id: number }[]; total: number; last_page: number };
      expect([data.total, data.last_page]).toEqual([6, 3]);
      pages.push(...data.data.map((row) => row.id));
    }
    expect(pages).toEqual(byDueDate);
    const refused = await adminGet("sort=amount");
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ sort: ["El parámetro sort debe ser issued_at o due_date."] });
  });

  it("exports in the same order, its keyset batches crossing the invoices without a due date", async () => {
    for (const batchSize of [1, 2, 4]) {
      const read: number[] = [];
      for await (const batch of exportAdminInvoices({ user_id: client.user.id, sort: "due_date" }, batchSize)) read.push(...batch.map((row) => row.id));
      expect([batchSize, read]).toEqual([batchSize, byDueDate]);
    }
    const numbers = new Map((await db.invoice.findMany({ where: { userId: client.user.id }, select: { id: true, invoiceNumber: true } })).map((row) => [row.id, row.invoiceNumber]));
    const csv = await call(exportInvoicesRoute, `/api/v1/admin/invoices/export?user_id=${client.user.id}&sort=due_date`, { bearer: adminToken });
    const rows = csv.text.replace(/^\uFEFF/, "").trim().split("\r\n").slice(1);
    expect(rows.map((row) => row.slice(1, row.indexOf('"', 1)))).toEqual(byDueDate.map((id) => numbers.get(id)));
    // "Vencimiento" (the 7th column) is blank for the last two.
    expect(rows.slice(-2).map((row) => row.split('","')[6])).toEqual(["", ""]);
  });
});

describe("the admin dashboard's receivables", () => {
  it("sums open balances and the overdue part per currency, never across currencies, and splits it by days late", async () => {
    const today = businessDate();
    await isolated(async (tx) => {
      const before = await receivablesByCurrency(tx, today);
      const user = await tx.user.create({ data: { name: "Cobranza", email: `cobranza.${Date.now()}.${Math.random()}@ejemplo.pe`, role: "client" } });
      const invoice = (currency: Currency, dueDaysAgo: number, unitPrice: string, more: Partial<Parameters<typeof createTestInvoice>[1]> = {}) =>
        createTestInvoice(tx, { userId: user.id, currency, issuedAt: addDays(today, -dueDaysAgo - 15), dueDate: addDays(today, -dueDaysAgo), lines: [{ unitPrice }], ...more });
      // Soles, overdue by 5, 30, 31, 45, 75 and 120 days (totals with 18 % IGV).
      await invoice("PEN", 5, "100.00"); // 118.00
      await invoice("PEN", 30, "10.00"); // 11.80
      await invoice("PEN", 31, "20.00"); // 23.60
      await invoice("PEN", 45, "200.00"); // 236.00
      await invoice("PEN", 75, "300.00"); // 354.00
      await invoice("PEN", 120, "400.00"); // 472.00
      // Not due yet, partly paid: 59.00 − 9.00 owed.
      await invoice("PEN", -10, "50.00", { payments: [{ amount: "9.00" }] });
      // Paid or cancelled, long past due: nothing owed.
      await invoice("PEN", 200, "999.00", { status: "paid" });
      await invoice("PEN", 200, "999.00", { status: "cancelled" });
      // Dollars: 118.00 − 18.00 paid, 5 days late. Euros: not due yet.
      await invoice("USD", 5, "100.00", { payments: [{ amount: "18.00" }] });
      await invoice("EUR", -1, "100.00");
      const after = await receivablesByCurrency(tx, today);

      const delta = (currency: Currency) => {
        const [a, b] = [after, before].map((list) => list.find((entry) => entry.currency === currency));
        const minus = (field: (entry: ReceivablesByCurrency) => string) => new Prisma.Decimal(a ? field(a) : 0).minus(b ? field(b) : 0).toFixed(2);
        return {
          receivable: minus((entry) => entry.receivable),
          overdue: minus((entry) => entry.overdue),
          open: (a?.open_count ?? 0) - (b?.open_count ?? 0),
          late: (a?.overdue_count ?? 0) - (b?.overdue_count ?? 0),
          ageing: [minus((e) => e.ageing.d0_30), minus((e) => e.ageing.d31_60), minus((e) => e.ageing.d61_90), minus((e) => e.ageing.d90_plus)],
        };
      };
      expect(delta("PEN")).toEqual({ receivable: "1265.40", overdue: "1215.40", open: 7, late: 6, ageing: ["129.80", "259.60", "354.00", "472.00"] });
      expect(delta("USD")).toEqual({ receivable: "100.00", overdue: "100.00", open: 1, late: 1, ageing: ["100.00", "0.00", "0.00", "0.00"] });
      expect(delta("EUR")).toEqual({ receivable: "118.00", overdue: "0.00", open: 1, late: 0, ageing: ["0.00", "0.00", "0.00", "0.00"] });
      // Each currency's buckets add up to its overdue total; currencies come PEN, USD, EUR.
      for (const entry of after) {
        expect(Object.values(entry.ageing).reduce((sum, value) => sum.plus(value), new Prisma.Decimal(0)).toFixed(2)).toBe(entry.overdue);
      }
      expect(after.map((entry) => entry.currency)).toEqual(["PEN", "USD", "EUR"].filter((currency) => after.some((entry) => entry.currency === currency)));
      // The dashboard (and GET /api/v1/admin/dashboard/stats) answers the same figures.
      expect((await getDashboardStats(tx, today)).receivables).toEqual(after);
    });
  });
});

describe("what clients owe, kept by triggers", () => {
  it("invoice_open_balances equals the open invoices' live sums through payments, a credit, a due date removed or moved, a currency change, a cancellation and a deletion (one snapshot)", async () => {
    const { user } = await newClient();
    const today = businessDate();
    const open = (currency: Currency, dueInDays: number) => createTestInvoice(db, { userId: user.id, currency, issuedAt: addDays(today, -20), dueDate: addDays(today, dueInDays) });
    const [a, b, c, d, e] = [await open("PEN", -3), await open("PEN", -3), await open("USD", 7), await open("EUR", 1), await open("PEN", 2)];
    await db.invoice.update({ where: { id: a.id }, data: { amountPaid: "18.00" } });
    await db.invoice.update({ where: { id: b.id }, data: { amountCredited: "118.00" } });
    await db.invoice.update({ where: { id: c.id }, data: { dueDate: null } });
    await db.invoice.updateMany({ where: { id: { in: [d.id, e.id] } }, data: { dueDate: new Date(`${addDays(today, -40)}T00:00:00Z`) } });
    await db.invoice.update({ where: { id: d.id }, data: { currency: "USD" } });
    await db.invoice.update({ where: { id: e.id }, data: { status: "cancelled" } });
    await db.payment.deleteMany({ where: { invoiceId: a.id } });
    await db.invoice.delete({ where: { id: a.id } });
    const rows = await db.$queryRawUnsafe<{ currency: string; due: string; live_n: number; kept_n: number; live: string; kept: string }[]>(
      `WITH live AS (
         SELECT currency, coalesce(due_date, DATE '9999-12-31') AS due, count(*)::int AS n, sum(amount - amount_paid - amount_credited) AS balance
           FROM invoices WHERE status = 'pending' AND amount - amount_paid - amount_credited > 0 GROUP BY 1, 2
       ), kept AS (SELECT currency, due_date AS due, invoices AS n, balance FROM invoice_open_balances WHERE invoices <> 0 OR balance <> 0)
       SELECT coalesce(l.currency, k.currency)::text AS currency, coalesce(l.due, k.due)::text AS due,
              coalesce(l.n, 0) AS live_n, coalesce(k.n, 0) AS kept_n, coalesce(l.balance, 0)::text AS live, coalesce(k.balance, 0)::text AS kept
         FROM live l FULL JOIN kept k ON k.currency = l.currency AND k.due = l.due`,
    );
    const mismatches = rows.filter((row) => row.live_n !== row.kept_n || !new Prisma.Decimal(row.live).equals(row.kept));
    expect(mismatches).toEqual([]);
    // This client's invoices are in it: b owes nothing, c counts under "no due date", d moved to dollars.
    const keys = new Set(rows.map((row) => `${row.currency} ${row.due}`));
    expect(keys).toContain("USD 9999-12-31");
    expect(keys).toContain(`USD ${addDays(today, -40)}`);
  });
});

describe("Mi Portal", () => {
  it("shows what is due per currency, the overdue part and the next due date", async () => {
    const { user, token } = await newClient();
    const today = businessDate();
    const overdue = await createTestInvoice(db, { userId: user.id, issuedAt: addDays(today, -40), dueDate: addDays(today, -10) });
    const next = await createTestInvoice(db, { userId: user.id, issuedAt: addDays(today, -5), dueDate: addDays(today, 3), payments: [{ amount: "18.00" }] });
    await createTestInvoice(db, { userId: user.id, issuedAt: addDays(today, -2), dueDate: addDays(today, 20) });
    await createTestInvoice(db, { userId: user.id, currency: "USD", issuedAt: addDays(today, -1), dueDate: addDays(today, 7), lines: [{ unitPrice: "250.00" }] });
    await createTestInvoice(db, { userId: user.id, issuedAt: addDays(today, -90), dueDate: addDays(today, -60), status: "paid" });
    await createTestInvoice(db, { userId: user.id, issuedAt: addDays(today, -90), dueDate: addDays(today, -60), status: "cancelled" });

    const { amountsDue, nextDue } = await getClientDashboard(user.id);
    expect(amountsDue.map(({ currency, receivable, overdue, open_count, overdue_count }) => ({ currency, receivable, overdue, open_count, overdue_count }))).toEqual([
      { currency: "PEN", receivable: "336.00", overdue: "118.00", open_count: 3, overdue_count: 1 },
      { currency: "USD", receivable: "295.00", overdue: "0.00", open_count: 1, overdue_count: 0 },
    ]);
    // The next due date from today on, not the overdue invoice.
    expect(nextDue).toEqual({ id: next.id, invoice_number: next.invoiceNumber, due_date: addDays(today, 3), balance: "100.00", currency: "PEN" });
    // The link "1 factura vencida" lists exactly that invoice.
    expect(ids((await clientGet(token, "status=overdue")).body)).toEqual([overdue.id]);
  });
});
