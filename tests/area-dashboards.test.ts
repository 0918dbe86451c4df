// The data behind the signed-in dashboards ("/admin/dashboard" with its figures and revenue in each
// currency, never converted; "Mi Portal" with up to 3 subscriptions and 5 invoices). Runs against
// the seeded test database; expectations are read back from the database, not copied from the code.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboardStats, listRecentContactMessages } from "@/lib/admin/stats";
import { DASHBOARD_INVOICE_LIMIT, DASHBOARD_SUBSCRIPTION_LIMIT, getClientDashboard } from "@/lib/billing/queries";
import { db } from "@/lib/db";
import { businessDate, calendarDate } from "@/lib/dates";
import { invoiceState } from "@/lib/billing/state";
import { createTestInvoice } from "./helpers/billing";

const DAY = 24 * 60 * 60 * 1000;
const tag = randomBytes(4).toString("hex");
const createdUserIds: string[] = [];

async function newClient(name: string) {
  const user = await db.user.create({ data: { name, email: `areas.${tag}.${createdUserIds.length}@ejemplo.pe`, role: "client" } });
  createdUserIds.push(user.id);
  return user;
}

afterAll(async () => {
  // Invoiced clients cannot be deleted (the product keeps fiscal records): this test's own go first.
  await db.payment.deleteMany({ where: { userId: { in: createdUserIds } } });
  await db.invoice.deleteMany({ where: { userId: { in: createdUserIds } } });
  await db.user.deleteMany({ where: { id: { in: createdUserIds } } });
});

describe("Mi Portal: suscripciones y facturas del cliente", () => {
  let clientId: string;
  let otherId: string;
  let otherInvoiceNumber: string;

  beforeAll(async () => {
    const client = await newClient("Rosa Huamán");
    const other = await newClient("Pedro Castillo");
    clientId = client.id;
    otherId = other.id;
    const product = await db.catalogItem.findFirstOrThrow({ where: { kind: "product" }, orderBy: { id: "asc" } });
    const today = Date.now();
    // Four active subscriptions (one without a date), one cancelled, and another client's.
    await db.subscription.createMany({
      data: [
        { userId: clientId, catalogItemId: product.id, planName: `${product.name} · Plan A`, amount: "99.90", currency: "PEN", billingPeriod: "monthly", nextBillingDate: new Date(today + 20 * DAY) },
        { userId: clientId, planName: "Soporte anual", amount: "1200.00", currency: "USD", billingPeriod: "yearly", nextBillingDate: new Date(today + 5 * DAY) },
        { userId: clientId, planName: "Hosting", amount: "30.00", currency: "USD", billingPeriod: "monthly", nextBillingDate: null },
        { userId: clientId, planName: "Backup", amount: "15.00", currency: "EUR", billingPeriod: "monthly", nextBillingDate: new Date(today + 10 * DAY) },
        { userId: clientId, planName: "Cancelada", amount: "10.00", status: "cancelled", nextBillingDate: new Date(today + 1 * DAY) },
        { userId: otherId, planName: "De otro cliente", amount: "1.00", nextBillingDate: new Date(today + 1 * DAY) },
      ],
    });
    // Seven invoices ten days apart (paid and pending in turn), the newest another client's.
    for (const n of [0, 1, 2, 3, 4, 5, 6]) {
      const invoice = await createTestInvoice(db, {
        userId: n === 6 ? otherId : clientId,
        currency: "PEN",
        lines: [{ unitPrice: `${100 + n}.00` }],
        status: n % 2 === 0 ? "paid" : "pending",
        issuedAt: new Date(today - (n === 6 ? 0 : (n + 1) * 10 * DAY)),
      });
      if (n === 6) otherInvoiceNumber = invoice.invoiceNumber;
    }
  });

  it("shows at most 3 active subscriptions of this client, the next payment first", async () => {
    const { subscriptions } = await getClientDashboard(clientId);
    const active = await db.subscription.findMany({ where: { userId: clientId, status: "active" }, include: { catalogItem: true } });
    expect(active.length).toBeGreaterThan(DASHBOARD_SUBSCRIPTION_LIMIT);
    expect(subscriptions).toHaveLength(DASHBOARD_SUBSCRIPTION_LIMIT);

    const dated = active
      .filter((row) => row.nextBillingDate)
      .sort((a, b) => a.nextBillingDate!.getTime() - b.nextBillingDate!.getTime())
      .slice(0, DASHBOARD_SUBSCRIPTION_LIMIT);
    expect(subscriptions.map((row) => row.id)).toEqual(dated.map((row) => row.id));
    for (const shown of subscriptions) {
      const row = active.find((candidate) => candidate.id === shown.id)!;
      expect(shown.product.name).toBe(row.catalogItem?.name ?? row.planName);
      expect(shown.amount).toBe(row.amount.toFixed(2));
      expect(shown.currency).toBe(row.currency);
      expect(shown.billing_period).toBe(row.billingPeriod);
      expect(shown.next_billing_date).toBe(row.nextBillingDate!.toISOString().slice(0, 10));
    }
    expect(subscriptions.some((row) => row.plan_name === "Cancelada" || row.plan_name === "De otro cliente")).toBe(false);
  });

  it("shows this client's 5 most recent invoices, newest first, never another client's", async () => {
    const { invoices } = await getClientDashboard(clientId);
    const rows = await db.invoice.findMany({ where: { userId: clientId }, orderBy: [{ issuedAt: "desc" }, { id: "desc" }] });
    expect(rows.length).toBeGreaterThan(DASHBOARD_INVOICE_LIMIT);
    expect(invoices.map((invoice) => invoice.invoice_number)).toEqual(rows.slice(0, DASHBOARD_INVOICE_LIMIT).map((row) => row.invoiceNumber));
    // Each shows its state on today's Lima date: a pending one past its due date reads overdue.
    const today = businessDate();
    expect(invoices.map((invoice) => invoice.status)).toEqual(
      rows.slice(0, DASHBOARD_INVOICE_LIMIT).map((row) => invoiceState({ status: row.status, amountPaid: row.amountPaid.toFixed(2), dueDate: row.dueDate && calendarDate(row.dueDate) }, today)),
    );
    expect(invoices.some((invoice) => invoice.invoice_number === otherInvoiceNumber)).toBe(false);
  });

  it("gives a client without billing history empty lists (the page shows its empty-list texts)", async () => {
    const fresh = await newClient("Cliente Nuevo");
    expect(await getClientDashboard(fresh.id)).toEqual({ subscriptions: [], invoices: [], amountsDue: [], nextDue: null });
  });
});

describe("Dashboard del administrador", () => {
  it("counts contacts, users, subscriptions and pending tickets as the database does", async () => {
    const counts = () =>
      Promise.all([
        // Soft-deleted messages (the inbox's 10-second undo) are not counted anywhere.
        db.contactMessage.count({ where: { deletedAt: null } }),
        db.contactMessage.count({ where: { status: "new", deletedAt: null } }),
        db.user.count(),
        db.subscription.count(),
        db.ticket.count({ where: { status: { in: ["open", "in_progress"] } } }),
      ]);
    // Other test files write to the same database: compare only when nothing changed around the read.
    for (let attempt = 0; ; attempt++) {
      const before = await counts();
      const stats = await getDashboardStats();
      const after = await counts();
      if (JSON.stringify(before) !== JSON.stringify(after) && attempt < 5) continue;
      expect([stats.totalContacts, stats.unreadContacts, stats.totalUsers, stats.totalSubscriptions, stats.pendingTickets]).toEqual(after);
      break;
    }
  });

  it("sums the money received (completed payments, less refunds) per currency without converting, and follows new tickets", async () => {
    // Money received: payments made with the client's credit were received before; refunds went back.
    const money = async () => {
      const received = await db.payment.findMany({ where: { status: "completed", method: { not: "saldo_a_favor" } }, select: { amount: true, currency: true } });
      const refunds = await db.customerCredit.findMany({ where: { kind: "refund" }, select: { amount: true, currency: true } });
      const sums = new Map<string, number>();
      for (const row of [...received, ...refunds]) sums.set(row.currency, (sums.get(row.currency) ?? 0) + Number(row.amount));
      return { received, sums, paid: await db.invoice.count({ where: { status: "paid" } }) };
    };
    // Other test files write to the same database: compare only when nothing changed around the read.
    let before = await money();
    let stats = await getDashboardStats();
    for (let attempt = 0; attempt < 5; attempt++) {
      const after = await money();
      if (JSON.stringify([...after.sums]) === JSON.stringify([...before.sums]) && after.received.length === before.received.length && after.paid === before.paid) break;
      before = after;
      stats = await getDashboardStats();
    }
    const { received, sums: expected } = before;
    expect(stats.totalRevenue.map((entry) => entry.currency).sort()).toEqual([...expected.keys()].sort());
    for (const entry of stats.totalRevenue) expect(Number(entry.amount)).toBeCloseTo(expected.get(entry.currency)!, 2);
    expect(stats.completedPayments).toBe(received.length);
    expect(stats.paidInvoices).toBe(await db.invoice.count({ where: { status: "paid" } }));

    const client = await newClient("Ticket Pendiente");
    await db.ticket.create({ data: { userId: client.id, subject: "Prueba", description: "Prueba", status: "in_progress" } });
    expect((await getDashboardStats()).pendingTickets).toBe(stats.pendingTickets + 1);
  });

  it("lists the newest contact messages first", async () => {
    const rows = await db.contactMessage.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 3 });
    expect((await listRecentContactMessages(3)).map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });
});
