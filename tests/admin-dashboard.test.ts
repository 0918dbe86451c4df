// The admin dashboard's figures (GET /api/v1/admin/dashboard/stats) and its three charts. Other
// test files write in parallel, so nothing here asserts a global count: the lib functions run
// inside a REPEATABLE READ transaction that is rolled back at the end (its snapshot ignores
// everyone else's commits, so deltas are exact), and the charts look at windows decades in the past
// that no other test touches.
import { afterAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/admin/dashboard/stats/route";
import { contactMessagesPerWeek, medianFirstResponse, revenuePerMonth } from "@/lib/admin/charts";
import { getDashboardStats, type StatsClient } from "@/lib/admin/stats";
import { db } from "@/lib/db";
import { Prisma, type ContactStatus } from "@/lib/generated/prisma/client";
import { call, createTestUser, tokenFor, uniqueTag } from "./helpers/auth";
import { createTestInvoice } from "./helpers/billing";
import { isolated } from "./helpers/isolated";

const tag = uniqueTag();
const userIds: string[] = [];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

afterAll(async () => {
  // Invoiced clients cannot be deleted (the product keeps fiscal records): this test's own go first.
  await db.payment.deleteMany({ where: { userId: { in: userIds } } });
  await db.invoice.deleteMany({ where: { userId: { in: userIds } } });
  await db.user.deleteMany({ where: { id: { in: userIds } } });
});

async function newUser(tx: StatsClient, role: "client" | "admin" = "client") {
  const user = await tx.user.create({ data: { name: `Panel ${tag}`, email: `panel.${uniqueTag()}@ejemplo.pe`, role } });
  return user;
}

/** A message; `repliedAt` also stands for its first reply really sent (first_response_at). */
function message(createdAt: Date, status: ContactStatus = "new", repliedAt: Date | null = null) {
  return {
    name: `Remitente ${tag}`,
    email: `remitente.${tag}@ejemplo.pe`,
    subject: `Panel ${tag}`,
    message: "Mensaje de prueba del panel.",
    status,
    createdAt,
    repliedAt,
    firstResponseAt: repliedAt,
  };
}

describe("GET /api/v1/admin/dashboard/stats", () => {
  it("answers the contract's five fields (revenue per currency as decimal strings) to an admin", async () => {
    const admin = await createTestUser({ role: "admin" });
    userIds.push(admin.id);
    const bearer = await tokenFor(admin);

    // Other files write in parallel: retry until no count moved while the endpoint answered.
    const counts = () =>
      Promise.all([
        db.contactMessage.count({ where: { deletedAt: null } }),
        db.user.count(),
        db.subscription.count(),
        db.ticket.count({ where: { status: { in: ["open", "in_progress"] } } }),
        // Ingresos: the money received and kept, i.e. the completed payments per currency except
        // those made with the client's credit, less the credit given back (negative rows).
        db.$queryRaw<{ currency: string; amount: string }[]>`
          SELECT currency::text AS currency, sum(amount)::text AS amount FROM (
            SELECT currency, amount FROM payments WHERE status = 'completed' AND method <> 'saldo_a_favor'
            UNION ALL
            SELECT currency, amount FROM customer_credits WHERE kind = 'refund'
          ) AS kept
          GROUP BY currency ORDER BY array_position(ARRAY['USD','PEN','EUR'], currency::text)`,
      ]);
    for (let attempt = 1; ; attempt++) {
      const before = await counts();
      const { status, body, response } = await call(GET, "/api/v1/admin/dashboard/stats", { bearer });
      const after = await counts();
      if (JSON.stringify(before) !== JSON.stringify(after) && attempt < 6) continue;
      expect(status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const data = body.data as Record<string, unknown>;
      const [contacts, users, subscriptions, tickets, revenue] = after;
      expect(data).toMatchObject({
        totalContacts: contacts,
        totalUsers: users,
        totalSubscriptions: subscriptions,
        pendingTickets: tickets,
        totalRevenue: revenue,
      });
      for (const entry of data.totalRevenue as { amount: unknown }[]) expect(entry.amount).toMatch(/^\d+\.\d{2}$/);
      break;
    }
  });

  it("counts what is added: messages, users, subscriptions, pending tickets and the exact money received per currency", async () => {
    await isolated(async (tx) => {
      const before = await getDashboardStats(tx);
      const client = await newUser(tx);
      await newUser(tx, "admin");
      await tx.contactMessage.createMany({
        data: [message(new Date()), message(new Date(), "read"), message(new Date(), "archived")],
      });
      await tx.subscription.createMany({
        data: [
          { userId: client.id, planName: "Plan A", amount: "10.00", status: "active" },
          { userId: client.id, planName: "Plan B", amount: "10.00", status: "cancelled" },
        ],
      });
      await tx.ticket.createMany({
        data: (["open", "in_progress", "resolved", "closed"] as const).map((status) => ({
          userId: client.id,
          subject: "Ticket",
          description: "Ticket",
          status,
        })),
      });
      // Ingresos counts money received: completed payments, also those of a partly paid invoice;
      // never a refunded or failed payment, nor a pending or cancelled invoice's total.
      await createTestInvoice(tx, { userId: client.id, currency: "USD", payments: [{ amount: "0.10" }, { amount: "0.20" }] });
      await createTestInvoice(tx, { userId: client.id, currency: "EUR", lines: [{ unitPrice: "1046244.00" }], status: "paid" });
      await createTestInvoice(tx, {
        userId: client.id,
        currency: "PEN",
        payments: [
          { amount: "999.00", status: "refunded" },
          { amount: "50.00", status: "failed" },
        ],
      });
      await createTestInvoice(tx, { userId: client.id, currency: "PEN", lines: [{ unitPrice: "846.61" }] });
      await createTestInvoice(tx, { userId: client.id, currency: "PEN", status: "cancelled" });
      const after = await getDashboardStats(tx);
      expect(after.totalContacts - before.totalContacts).toBe(3);
      expect(after.unreadContacts - before.unreadContacts).toBe(1);
      expect(after.totalUsers - before.totalUsers).toBe(2);
      expect(after.totalClients - before.totalClients).toBe(1);
      expect(after.totalSubscriptions - before.totalSubscriptions).toBe(2);
      expect(after.activeSubscriptions - before.activeSubscriptions).toBe(1);
      expect(after.pendingTickets - before.pendingTickets).toBe(2);
      expect(after.paidInvoices - before.paidInvoices).toBe(1);
      expect(after.completedPayments - before.completedPayments).toBe(3);

      const amount = (stats: typeof before, currency: string) =>
        new Prisma.Decimal(stats.totalRevenue.find((entry) => entry.currency === currency)?.amount ?? "0");
      // Exact decimals: 0.10 + 0.20 is 0.30, not 0.30000000000000004.
      expect(amount(after, "USD").minus(amount(before, "USD")).toFixed(2)).toBe("0.30");
      // 1,046,244.00 + 18 % IGV.
      expect(amount(after, "EUR").minus(amount(before, "EUR")).toFixed(2)).toBe("1234567.92");
      expect(amount(after, "PEN").minus(amount(before, "PEN")).toFixed(2)).toBe("0.00");
      expect(after.totalRevenue.map((entry) => entry.currency)).toEqual(
        ["USD", "PEN", "EUR"].filter((currency) => after.totalRevenue.some((entry) => entry.currency === currency)),
      );
    });
  });
});

describe("the money received, kept by triggers", () => {
  it("payment_received_totals equals the live sum per currency through a refund, a currency change and a deletion (one snapshot)", async () => {
    const client = await newUser(db);
    userIds.push(client.id);
    await createTestInvoice(db, { userId: client.id, currency: "USD", payments: [{ amount: "10.25" }, { amount: "4.75" }] });
    await createTestInvoice(db, { userId: client.id, currency: "PEN", payments: [{ amount: "33.30" }, { amount: "1.10", method: "saldo_a_favor" }] });
    const payments = await db.payment.findMany({ where: { userId: client.id }, orderBy: { id: "asc" }, select: { id: true } });
    await db.payment.update({ where: { id: payments[0].id }, data: { status: "refunded" } });
    await db.payment.update({ where: { id: payments[1].id }, data: { currency: "EUR" } });
    await db.payment.updateMany({ where: { id: payments[3].id }, data: { method: "yape" } });
    await db.payment.delete({ where: { id: payments[2].id } });
    const rows = await db.$queryRawUnsafe<{ currency: string; live: string; kept: string; live_n: number; kept_n: number }[]>(
      `SELECT c.currency::text AS currency,
              coalesce((SELECT sum(amount) FROM payments p WHERE p.currency = c.currency AND p.status = 'completed' AND p.method <> 'saldo_a_favor'), 0)::text AS live,
              coalesce((SELECT amount FROM payment_received_totals t WHERE t.currency = c.currency), 0)::text AS kept,
              (SELECT count(*) FROM payments p WHERE p.currency = c.currency AND p.status = 'completed' AND p.method <> 'saldo_a_favor')::int AS live_n,
              coalesce((SELECT payments FROM payment_received_totals t WHERE t.currency = c.currency), 0) AS kept_n
       FROM unnest(enum_range(NULL::currency)) AS c(currency)`,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(new Prisma.Decimal(row.kept).toFixed(2), row.currency).toBe(new Prisma.Decimal(row.live).toFixed(2));
      expect(row.kept_n, row.currency).toBe(row.live_n);
    }
  });
});

describe("the cards' counts, kept by triggers", () => {
  it("record_counts equals the live counts through inserts, role and status changes and deletions (one snapshot)", async () => {
    const client = await newUser(db);
    const admin = await newUser(db, "admin");
    userIds.push(client.id, admin.id);
    await db.user.update({ where: { id: admin.id }, data: { role: "client" } });

    await db.subscription.createMany({
      data: (["active", "paused", "active"] as const).map((status) => ({ userId: client.id, planName: `Plan ${tag}`, amount: "10.00", status })),
    });
    const subscriptions = await db.subscription.findMany({ where: { userId: client.id }, orderBy: { id: "asc" }, select: { id: true } });
    await db.subscription.update({ where: { id: subscriptions[1].id }, data: { status: "active" } });
    await db.subscription.updateMany({ where: { id: subscriptions[0].id }, data: { status: "cancelled" } });
    await db.subscription.delete({ where: { id: subscriptions[2].id } });

    const paid = await createTestInvoice(db, { userId: client.id, currency: "PEN", status: "paid" });
    const open = await createTestInvoice(db, { userId: client.id, currency: "PEN" });
    await createTestInvoice(db, { userId: client.id, currency: "USD", status: "paid" });
    await db.invoice.update({ where: { id: open.id }, data: { status: "cancelled" } });
    await db.payment.deleteMany({ where: { invoiceId: paid.id } });
    await db.invoice.delete({ where: { id: paid.id } });

    await db.ticket.createMany({
      data: (["open", "in_progress", "resolved", "open"] as const).map((status) => ({ userId: client.id, subject: `Ticket ${tag}`, description: "Ticket", status })),
    });
    const tickets = await db.ticket.findMany({ where: { userId: client.id }, orderBy: { id: "asc" }, select: { id: true } });
    await db.ticket.update({ where: { id: tickets[0].id }, data: { status: "closed" } });
    await db.ticket.update({ where: { id: tickets[2].id }, data: { status: "in_progress" } });
    await db.ticket.delete({ where: { id: tickets[1].id } });

    const rows = await db.$queryRawUnsafe<{ key: string; live: number; kept: number }[]>(
      `SELECT l.key, l.live, coalesce((SELECT total FROM record_counts k WHERE k.key = l.key), 0) AS kept
       FROM (SELECT 'users' AS key, count(*)::int AS live FROM users
             UNION ALL SELECT 'clients', count(*)::int FROM users WHERE role = 'client'
             UNION ALL SELECT 'subscriptions', count(*)::int FROM subscriptions
             UNION ALL SELECT 'active_subscriptions', count(*)::int FROM subscriptions WHERE status = 'active'
             UNION ALL SELECT 'paid_invoices', count(*)::int FROM invoices WHERE status = 'paid'
             UNION ALL SELECT 'pending_tickets', count(*)::int FROM tickets WHERE status IN ('open', 'in_progress')) l`,
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.kept, row.key).toBe(row.live);

    await db.ticket.deleteMany({ where: { userId: client.id } });
    await db.subscription.deleteMany({ where: { userId: client.id } });
  });
});

describe("the charts' weeks and months, kept by triggers", () => {
  it("contact_message_weeks and revenue_months equal the live counts and sums per Lima week and month through edits and deletions (one snapshot)", async () => {
    // Messages on both sides of a Lima week's start (Monday 5 July 1999, 00:00 Lima = 05:00 UTC).
    await db.contactMessage.createMany({
      data: [
        message(new Date("1999-07-05T04:59:00Z"), "new"),
        message(new Date("1999-07-05T05:00:00Z"), "new"),
        message(new Date("1999-07-06T12:00:00Z"), "read"),
        message(new Date("1999-07-07T12:00:00Z"), "replied"),
        message(new Date("1999-07-08T12:00:00Z"), "new"),
      ],
    });
    const messages = await db.contactMessage.findMany({ where: { subject: `Panel ${tag}`, createdAt: { lt: new Date("2000-01-01") } }, orderBy: { createdAt: "asc" }, select: { id: true } });
    await db.contactMessage.update({ where: { id: messages[0].id }, data: { status: "closed" } });
    await db.contactMessage.update({ where: { id: messages[1].id }, data: { deletedAt: new Date() } });
    await db.contactMessage.update({ where: { id: messages[2].id }, data: { createdAt: new Date("1999-06-20T12:00:00Z") } });
    await db.contactMessage.delete({ where: { id: messages[3].id } });
    // Deleted, then purged once its undo window is over.
    await db.contactMessage.update({ where: { id: messages[4].id }, data: { deletedAt: new Date() } });
    await db.contactMessage.delete({ where: { id: messages[4].id } });

    // Payments on both sides of a Lima month's start (1 August 1999, 00:00 Lima = 05:00 UTC).
    const client = await newUser(db);
    userIds.push(client.id);
    await createTestInvoice(db, {
      userId: client.id,
      currency: "USD",
      lines: [{ unitPrice: "1000.00" }],
      issuedAt: "1999-07-01",
      payments: [
        { amount: "10.25", paidAt: new Date("1999-08-01T04:59:00Z") },
        { amount: "4.75", paidAt: new Date("1999-08-01T05:00:00Z") },
        { amount: "3.00", paidAt: new Date("1999-08-02T12:00:00Z"), method: "saldo_a_favor" },
        { amount: "2.00", paidAt: new Date("1999-08-03T12:00:00Z") },
        { amount: "1.00", paidAt: new Date("1999-08-04T12:00:00Z") },
      ],
    });
    const payments = await db.payment.findMany({ where: { userId: client.id }, orderBy: { id: "asc" }, select: { id: true } });
    await db.payment.update({ where: { id: payments[0].id }, data: { status: "refunded" } });
    await db.payment.update({ where: { id: payments[1].id }, data: { paidAt: new Date("1999-09-15T12:00:00Z"), currency: "PEN" } });
    await db.payment.updateMany({ where: { id: payments[2].id }, data: { method: "yape" } });
    await db.payment.delete({ where: { id: payments[3].id } });
    await db.customerCredit.createMany({
      data: [
        { userId: client.id, currency: "USD", amount: "-0.40", kind: "refund", reference: `OP-${tag}-1`, createdAt: new Date("1999-08-31T12:00:00Z") },
        { userId: client.id, currency: "USD", amount: "-0.60", kind: "refund", reference: `OP-${tag}-2`, createdAt: new Date("1999-08-31T13:00:00Z") },
      ],
    });
    const refunds = await db.customerCredit.findMany({ where: { userId: client.id }, orderBy: { id: "asc" }, select: { id: true } });
    await db.customerCredit.delete({ where: { id: refunds[1].id } });

    const [weeks, months] = await db.$transaction([
      db.$queryRawUnsafe<{ week: string; status: string; live: number; kept: number }[]>(
        `SELECT coalesce(l.week, k.week)::text AS week, coalesce(l.status, k.status)::text AS status, coalesce(l.n, 0) AS live, coalesce(k.total, 0) AS kept
         FROM (SELECT date_trunc('week', (created_at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Lima')::date AS week, status, count(*)::int AS n
               FROM contact_messages WHERE deleted_at IS NULL GROUP BY 1, 2) l
         FULL JOIN contact_message_weeks k ON k.week = l.week AND k.status = l.status
         WHERE coalesce(l.n, 0) <> coalesce(k.total, 0) OR coalesce(l.week, k.week) BETWEEN '1999-06-01' AND '1999-07-31'`,
      ),
      db.$queryRawUnsafe<{ month: string; currency: string; live: string; kept: string; live_n: number; kept_n: number }[]>(
        `SELECT coalesce(l.month, k.month)::text AS month, coalesce(l.currency, k.currency)::text AS currency,
                coalesce(l.amount, 0)::text AS live, coalesce(k.amount, 0)::text AS kept, coalesce(l.n, 0) AS live_n, coalesce(k.entries, 0) AS kept_n
         FROM (SELECT date_trunc('month', (at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Lima')::date AS month, currency, sum(amount) AS amount, count(*)::int AS n
               FROM (SELECT paid_at AS at, currency, amount FROM payments WHERE status = 'completed' AND method <> 'saldo_a_favor'
                     UNION ALL SELECT created_at, currency, amount FROM customer_credits WHERE kind = 'refund') e
               GROUP BY 1, 2) l
         FULL JOIN revenue_months k ON k.month = l.month AND k.currency = l.currency
         WHERE coalesce(l.amount, 0) <> coalesce(k.amount, 0) OR coalesce(l.n, 0) <> coalesce(k.entries, 0) OR coalesce(l.month, k.month) BETWEEN '1999-07-01' AND '1999-09-30'`,
      ),
    ], { isolationLevel: "RepeatableRead" });
    // Every week and month agrees, and this test's own moved where its edits put them.
    for (const row of weeks) expect(row.kept, `${row.week} ${row.status}`).toBe(row.live);
    for (const row of months) {
      expect(new Prisma.Decimal(row.kept).toFixed(2), `${row.month} ${row.currency}`).toBe(new Prisma.Decimal(row.live).toFixed(2));
      expect(row.kept_n, `${row.month} ${row.currency}`).toBe(row.live_n);
    }
    const byWeek = Object.fromEntries(weeks.filter((row) => row.live > 0).map((row) => [`${row.week} ${row.status}`, row.live]));
    expect(byWeek).toMatchObject({ "1999-06-28 closed": 1, "1999-06-14 read": 1 });
    expect(byWeek["1999-07-05 new"]).toBeUndefined();
    const byMonth = Object.fromEntries(months.map((row) => [`${row.month} ${row.currency}`, new Prisma.Decimal(row.kept).toFixed(2)]));
    expect(byMonth).toMatchObject({ "1999-08-01 USD": "3.60", "1999-09-01 PEN": "4.75" });

    await db.customerCredit.deleteMany({ where: { userId: client.id } });
    await db.contactMessage.deleteMany({ where: { id: { in: messages.map((row) => row.id) } } });
  });
});

describe("revenue and the client's credit (saldo a favor)", () => {
  it("leaves out invoices paid with the client's credit and subtracts the credit given back", async () => {
    await isolated(async (tx) => {
      const before = await getDashboardStats(tx);
      const client = await newUser(tx);
      // S/ 118.00 received by transfer, then taken back by a nota de crédito: the client's credit.
      await createTestInvoice(tx, { userId: client.id, currency: "PEN", status: "paid" });
      await tx.customerCredit.create({ data: { userId: client.id, currency: "PEN", amount: "118.00", kind: "credit_note" } });
      // S/ 59.00 of it pays the next invoice (50.00 + IGV): that money was already counted.
      await createTestInvoice(tx, { userId: client.id, currency: "PEN", lines: [{ unitPrice: "50.00" }], payments: [{ method: "saldo_a_favor" }] });
      await tx.customerCredit.create({ data: { userId: client.id, currency: "PEN", amount: "-59.00", kind: "applied" } });
      // The other S/ 59.00 is given back to the client: no longer revenue.
      await tx.customerCredit.create({ data: { userId: client.id, currency: "PEN", amount: "-59.00", kind: "refund", reference: "OP-1" } });
      // In dollars: US$ 10.00 received, US$ 4.00 of it given back.
      await createTestInvoice(tx, { userId: client.id, currency: "USD", payments: [{ amount: "10.00" }] });
      await tx.customerCredit.create({ data: { userId: client.id, currency: "USD", amount: "-4.00", kind: "refund", reference: "OP-2" } });
      const after = await getDashboardStats(tx);
      const amount = (stats: typeof before, currency: string) =>
        new Prisma.Decimal(stats.totalRevenue.find((entry) => entry.currency === currency)?.amount ?? "0");
      // 118.00 received − 59.00 given back; the 59.00 paid with credit adds nothing.
      expect(amount(after, "PEN").minus(amount(before, "PEN")).toFixed(2)).toBe("59.00");
      expect(amount(after, "USD").minus(amount(before, "USD")).toFixed(2)).toBe("6.00");
      // The transfer and the dollar payment; not the one made with credit.
      expect(after.completedPayments - before.completedPayments).toBe(2);
      expect(after.paidInvoices - before.paidInvoices).toBe(2);
    });
  });
});

describe("chart: contact messages per week by status", () => {
  // Wednesday 19 March 2003, 10:00 in Lima (UTC-5). Its week starts on Monday 17 March.
  const now = new Date("2003-03-19T15:00:00Z");

  it("gives 12 Lima weeks ending with the current one, split by status, cut at Monday 00:00 in Lima", async () => {
    await isolated(async (tx) => {
      await tx.contactMessage.createMany({
        data: [
          // Monday 17 March 00:00 Lima = 05:00 UTC: this week.
          message(new Date("2003-03-17T05:00:00Z"), "new"),
          message(new Date("2003-03-18T12:00:00Z"), "replied"),
          message(new Date("2003-03-19T14:59:00Z"), "replied"),
          // Sunday 16 March 23:59 Lima = Monday 04:59 UTC: the week before.
          message(new Date("2003-03-17T04:59:00Z"), "closed"),
          message(new Date("2003-03-10T05:00:00Z"), "archived"),
          // First week of the window: Monday 30 December 2002.
          message(new Date("2002-12-30T05:00:00Z"), "read"),
          // Outside: the Sunday before the window, and after `now`.
          message(new Date("2002-12-30T04:59:00Z"), "read"),
          message(new Date("2003-03-19T15:01:00Z"), "new"),
        ],
      });
      const weeks = await contactMessagesPerWeek(now, tx);
      expect(weeks).toHaveLength(12);
      expect(weeks[0].week).toBe("2002-12-30");
      expect(weeks[11].week).toBe("2003-03-17");
      const byWeek = Object.fromEntries(weeks.map((week) => [week.week, week]));
      expect(byWeek["2003-03-17"].counts).toEqual({ new: 1, read: 0, replied: 2, closed: 0, archived: 0 });
      expect(byWeek["2003-03-17"].total).toBe(3);
      expect(byWeek["2003-03-10"].counts).toEqual({ new: 0, read: 0, replied: 0, closed: 1, archived: 1 });
      expect(byWeek["2002-12-30"].counts).toEqual({ new: 0, read: 1, replied: 0, closed: 0, archived: 0 });
      expect(weeks.reduce((sum, week) => sum + week.total, 0)).toBe(6);
      expect(byWeek["2003-02-03"].total).toBe(0);
    });
  });
});

describe("chart: revenue per month per currency", () => {
  // 10 June 2005, noon in Lima.
  const now = new Date("2005-06-10T17:00:00Z");

  it("sums completed payments per Lima month and currency, exactly, over the last 12 months", async () => {
    await isolated(async (tx) => {
      const client = await newUser(tx);
      const lines = [{ unitPrice: "10000.00" }];
      await createTestInvoice(tx, {
        userId: client.id,
        currency: "USD",
        lines,
        issuedAt: "2004-06-01",
        payments: [
          { amount: "0.10", paidAt: new Date("2005-06-01T05:00:00Z") }, // 1 June 00:00 Lima
          { amount: "0.20", paidAt: new Date("2005-06-09T12:00:00Z") },
          { amount: "999.00", paidAt: new Date("2005-06-05T12:00:00Z"), status: "refunded" }, // given back
          { amount: "998.00", paidAt: new Date("2005-06-05T12:00:00Z"), status: "failed" },
          { amount: "5.00", paidAt: new Date("2004-06-30T12:00:00Z") }, // before the window
        ],
      });
      await createTestInvoice(tx, {
        userId: client.id,
        currency: "PEN",
        lines,
        issuedAt: "2004-06-01",
        payments: [
          { amount: "117.99", paidAt: new Date("2005-06-01T04:59:00Z") }, // 31 May 23:59 Lima
          { amount: "1000.01", paidAt: new Date("2004-07-15T12:00:00Z") }, // first month of the window
          { amount: "50.00", paidAt: new Date("2005-03-20T12:00:00Z") }, // the invoice stays partly paid: still received
          { amount: "7.00", paidAt: new Date("2005-06-10T17:01:00Z") }, // after now
        ],
      });
      const { currencies, months } = await revenuePerMonth(now, tx);
      expect(currencies).toEqual(["USD", "PEN"]);
      expect(months.map((month) => month.month)).toEqual([
        "2004-07", "2004-08", "2004-09", "2004-10", "2004-11", "2004-12",
        "2005-01", "2005-02", "2005-03", "2005-04", "2005-05", "2005-06",
      ]);
      const byMonth = Object.fromEntries(months.map((month) => [month.month, month.totals]));
      expect(byMonth["2005-06"]).toEqual({ USD: "0.30", PEN: "0.00" });
      expect(byMonth["2005-05"]).toEqual({ USD: "0.00", PEN: "117.99" });
      expect(byMonth["2005-03"]).toEqual({ USD: "0.00", PEN: "50.00" });
      expect(byMonth["2004-07"]).toEqual({ USD: "0.00", PEN: "1000.01" });
      expect(byMonth["2004-12"]).toEqual({ USD: "0.00", PEN: "0.00" });
    });
  });

  it("leaves out payments made with the client's credit and subtracts refunds in their month", async () => {
    await isolated(async (tx) => {
      const client = await newUser(tx);
      await createTestInvoice(tx, {
        userId: client.id,
        currency: "PEN",
        lines: [{ unitPrice: "1000.00" }],
        issuedAt: "2005-01-01",
        payments: [
          { amount: "300.00", paidAt: new Date("2005-04-10T12:00:00Z") },
          // Paid with credit already counted when first received: adds nothing.
          { amount: "100.00", paidAt: new Date("2005-04-12T12:00:00Z"), method: "saldo_a_favor" },
        ],
      });
      await tx.customerCredit.create({ data: { userId: client.id, currency: "PEN", amount: "-40.00", kind: "refund", reference: "OP-9", createdAt: new Date("2005-05-20T12:00:00Z") } });
      const { months } = await revenuePerMonth(now, tx);
      const byMonth = Object.fromEntries(months.map((month) => [month.month, month.totals]));
      expect(byMonth["2005-04"]).toEqual({ PEN: "300.00" });
      expect(byMonth["2005-05"]).toEqual({ PEN: "-40.00" });
    });
  });

  it("has no series and 12 empty months without payments", async () => {
    const { currencies, months } = await revenuePerMonth(new Date("1990-01-15T12:00:00Z"));
    expect(currencies).toEqual([]);
    expect(months).toHaveLength(12);
    expect(months.every((month) => Object.keys(month.totals).length === 0)).toBe(true);
  });
});

describe("chart: median first response time over the last 30 days", () => {
  const now = new Date("2007-09-30T12:00:00Z");
  const replied = (receivedDaysAgo: number, minutes: number) => {
    const createdAt = new Date(now.getTime() - receivedDaysAgo * DAY);
    return message(createdAt, "replied", new Date(createdAt.getTime() + minutes * MINUTE));
  };

  it("takes the middle value of an odd count, ignoring replies outside the window, unreplied, unsent and deleted messages", async () => {
    await isolated(async (tx) => {
      await tx.contactMessage.createMany({
        data: [
          replied(2, 30),
          replied(5, 200),
          replied(10, 60 * 24 * 3), // 3 days
          message(new Date(now.getTime() - DAY)), // no reply
          { ...replied(3, 5), firstResponseAt: null }, // replied, but the e-mail failed or SMTP was not configured: never sent
          { ...replied(4, 7), deletedAt: now }, // deleted (undo window)
          replied(40, 10), // replied 40 days ago: outside
          message(new Date(now.getTime() + HOUR), "replied", new Date(now.getTime() + 2 * HOUR)), // after now
        ],
      });
      const result = await medianFirstResponse(now, tx);
      expect(result).toEqual({ medianSeconds: 200 * 60, count: 3, days: 30 });
    });
  });

  it("averages the two middle values of an even count", async () => {
    await isolated(async (tx) => {
      await tx.contactMessage.createMany({
        data: [replied(1, 10), replied(3, 20), replied(4, 100), replied(29, 60 * 24)],
      });
      const result = await medianFirstResponse(now, tx);
      expect(result.count).toBe(4);
      expect(result.medianSeconds).toBe(60 * 60); // (20 + 100) / 2 minutes
    });
  });

  it("counts until the first reply the mail server took, not until the reply was written", async () => {
    await isolated(async (tx) => {
      const written = replied(2, 1); // written a minute after it arrived, its e-mail failed…
      await tx.contactMessage.create({ data: { ...written, firstResponseAt: new Date(written.createdAt.getTime() + 90 * MINUTE) } }); // …resent 90 minutes after
      expect(await medianFirstResponse(now, tx)).toEqual({ medianSeconds: 90 * 60, count: 1, days: 30 });
    });
  });

  it("is null with a count of 0 when nothing was replied in the window", async () => {
    expect(await medianFirstResponse(new Date("1991-05-05T12:00:00Z"))).toEqual({ medianSeconds: null, count: 0, days: 30 });
  });
});

describe("the first response figure in Spanish", () => {
  it("rounds to the minute and drops empty parts", async () => {
    const { formatResponseTime } = await import("@/lib/admin/duration");
    expect(formatResponseTime(20)).toBe("menos de 1 min");
    expect(formatResponseTime(45 * 60 + 20)).toBe("45 min");
    expect(formatResponseTime(3 * 3600 + 20 * 60)).toBe("3 h 20 min");
    expect(formatResponseTime(2 * 3600 + 29)).toBe("2 h");
    expect(formatResponseTime(59 * 60 + 50)).toBe("1 h");
    expect(formatResponseTime(2 * 86400 + 4 * 3600 + 10 * 60)).toBe("2 d 4 h");
    expect(formatResponseTime(86400)).toBe("1 d");
    expect(formatResponseTime(Number.NaN)).toBe("—");
  });
});
