import "server-only";
import { db } from "@/lib/db";
import type { ContactStatus, Currency } from "@/lib/generated/prisma/client";

// The admin dashboard's figures (spec §3 "Dashboard stats"), all read live from the database.
// Revenue mixes currencies (USD, PEN, EUR), so it is summed per currency and never converted.

export type RevenueByCurrency = { currency: Currency; amount: string };

export type DashboardStats = {
  totalContacts: number;
  /** Contact messages still "Por leer" (status new). */
  unreadContacts: number;
  totalUsers: number;
  totalClients: number;
  totalSubscriptions: number;
  activeSubscriptions: number;
  /** Sum of paid invoices, one entry per currency that has any (USD, PEN, EUR order). */
  totalRevenue: RevenueByCurrency[];
  paidInvoices: number;
  /** Tickets open or in progress. */
  pendingTickets: number;
};

const CURRENCY_ORDER: Currency[] = ["USD", "PEN", "EUR"];

export async function getDashboardStats(): Promise<DashboardStats> {
  const [
    totalContacts,
    unreadContacts,
    totalUsers,
    totalClients,
    totalSubscriptions,
    activeSubscriptions,
    revenue,
    pendingTickets,
  ] = await Promise.all([
    db.contactMessage.count({ where: { deletedAt: null } }),
    db.contactMessage.count({ where: { status: "new", deletedAt: null } }),
    db.user.count(),
    db.user.count({ where: { role: "client" } }),
    db.subscription.count(),
    db.subscription.count({ where: { status: "active" } }),
    db.invoice.groupBy({ by: ["currency"], where: { status: "paid" }, _sum: { amount: true }, _count: { _all: true } }),
    db.ticket.count({ where: { status: { in: ["open", "in_progress"] } } }),
  ]);

  const totalRevenue = revenue
    .filter((row) => row._sum.amount !== null)
    .sort((a, b) => CURRENCY_ORDER.indexOf(a.currency) - CURRENCY_ORDER.indexOf(b.currency))
    .map((row) => ({ currency: row.currency, amount: row._sum.amount!.toString() }));
  const paidInvoices = revenue.reduce((sum, row) => sum + row._count._all, 0);

  return {
    totalContacts,
    unreadContacts,
    totalUsers,
    totalClients,
    totalSubscriptions,
    activeSubscriptions,
    totalRevenue,
    paidInvoices,
    pendingTickets,
  };
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
    where: { deletedAt: null },
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
