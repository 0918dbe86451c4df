import "server-only";
import { db } from "@/lib/db";
import { Prisma, type ContactStatus, type Currency } from "@/lib/generated/prisma/client";
import { receivablesByCurrency, type ReceivablesByCurrency } from "@/lib/billing/receivables";
import { contactMessageTotals } from "@/lib/contact/admin-queries";
import { businessDate } from "@/lib/dates";

// The admin dashboard's figures, all read live from the database (the counts and sums from
// totals its triggers keep exact).
// Revenue ("Ingresos") is the money actually received and kept: the completed payments, summed
// per currency (USD, PEN, EUR) and never converted, less what was given back to clients from
// their credit (saldo a favor). A partly paid invoice counts what was paid; a refunded, failed or
// pending payment counts nothing; nor does an invoice paid with the client's credit (method
// saldo_a_favor), because that money was counted when it was first received.

export type RevenueByCurrency = { currency: Currency; amount: string };

export type DashboardStats = {
  totalContacts: number;
  /** Contact messages still "Por leer" (status new). */
  unreadContacts: number;
  totalUsers: number;
  totalClients: number;
  totalSubscriptions: number;
  activeSubscriptions: number;
  /** Completed payments (not those made with the client's credit) less credit refunded, per currency that has any (USD, PEN, EUR order). */
  totalRevenue: RevenueByCurrency[];
  /** How many completed payments totalRevenue sums (those made with the client's credit are not). */
  completedPayments: number;
  /** Invoices whose payments cover their total (status paid). */
  paidInvoices: number;
  /** Tickets open or in progress. */
  pendingTickets: number;
  /**
   * What clients owe, per currency with anything owed (PEN, USD, EUR order): the open invoices'
   * balances ("Por cobrar"), the overdue part ("Vencido") on today's Lima date and its ageing.
   */
  receivables: ReceivablesByCurrency[];
};

/** The main client or a transaction's (tests read inside a rolled-back repeatable-read transaction). */
export type StatsClient = Prisma.TransactionClient | typeof db;

export const CURRENCY_ORDER: Currency[] = ["USD", "PEN", "EUR"];

/**
 * The contact messages every dashboard figure counts (cards and charts alike): not deleted (a
 * deleted message waits out its undo window before it is purged). One condition for the Prisma
 * queries, the same for the SQL ones beside it (the charts' SQL aliases the table as `m`).
 */
export const countedContactMessages: Prisma.ContactMessageWhereInput = { deletedAt: null };
export const countedContactMessagesSql = Prisma.sql`m.deleted_at IS NULL`;

/** `today`: the Lima day the receivables' overdue part is measured on (default today). */
export async function getDashboardStats(client: StatsClient = db, today = businessDate()): Promise<DashboardStats> {
  const [contacts, counts, revenue, refunds, receivables] = await Promise.all([
    // The messages counted (not deleted), kept per status by triggers: no count of 100,000 rows.
    contactMessageTotals(client),
    dashboardCounts(client),
    // The money received (payments completed, not paid with the client's credit), kept per
    // currency by triggers on payments: no sum over every payment.
    client.paymentReceivedTotal.findMany({ where: { payments: { gt: 0 } }, select: { currency: true, amount: true, payments: true } }),
    // Refund entries are negative: adding them takes the money given back away.
    client.customerCredit.groupBy({ by: ["currency"], where: { kind: "refund" }, _sum: { amount: true } }),
    receivablesByCurrency(client, today),
  ]);

  const sums = new Map<Currency, Prisma.Decimal>();
  const add = (currency: Currency, amount: Prisma.Decimal | null) => {
    if (amount !== null) sums.set(currency, (sums.get(currency) ?? new Prisma.Decimal(0)).plus(amount));
  };
  for (const total of revenue) add(total.currency, total.amount);
  for (const refund of refunds) add(refund.currency, refund._sum.amount);
  const totalRevenue = CURRENCY_ORDER.filter((currency) => sums.has(currency)).map((currency) => ({ currency, amount: sums.get(currency)!.toFixed(2) }));
  const completedPayments = revenue.reduce((sum, row) => sum + row.payments, 0);

  return {
    totalContacts: contacts.all,
    unreadContacts: contacts.byStatus.new ?? 0,
    totalUsers: counts.users,
    totalClients: counts.clients,
    totalSubscriptions: counts.subscriptions,
    activeSubscriptions: counts.active_subscriptions,
    totalRevenue,
    completedPayments,
    paidInvoices: counts.paid_invoices,
    pendingTickets: counts.pending_tickets,
    receivables,
  };
}

/** The keys of record_counts, each a card's plain figure. */
const RECORD_COUNT_KEYS = ["users", "clients", "subscriptions", "active_subscriptions", "paid_invoices", "pending_tickets"] as const;

type DashboardCounts = Record<(typeof RECORD_COUNT_KEYS)[number], number>;

/**
 * The plain counts of the cards: users, those with role client, subscriptions, those active,
 * invoices paid and tickets open or in progress. Kept exact by triggers in record_counts (a key
 * without its row counts nothing yet), so no view counts a whole table.
 */
async function dashboardCounts(client: StatsClient): Promise<DashboardCounts> {
  const rows = await client.recordCount.findMany({ select: { key: true, total: true } });
  const totals = new Map(rows.map((row) => [row.key, row.total]));
  return Object.fromEntries(RECORD_COUNT_KEYS.map((key) => [key, totals.get(key) ?? 0])) as DashboardCounts;
}

export type RecentContactMessage = {
  id: number;
  name: string;
  company: string | null;
  subject: string | null;
  status: ContactStatus;
  created_at: string;
};

/** The newest contact messages, for the dashboard's short list. */
export async function listRecentContactMessages(limit = 5): Promise<RecentContactMessage[]> {
  const rows = await db.contactMessage.findMany({
    where: countedContactMessages,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, name: true, company: true, subject: true, status: true, createdAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    company: row.company,
    subject: row.subject,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  }));
}
