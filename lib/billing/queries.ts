import "server-only";
import { db } from "@/lib/db";
import type { BillingPeriod, Currency, InvoiceStatus } from "@/lib/generated/prisma/client";

// The client portal's billing data (spec §2.7 "Mi Portal", §3 "Client subscription" and
// "Client invoice"): always scoped to one user, newest first, plain JSON (no Decimal, no Date).

/** Spec §9: the client dashboard shows 3 subscriptions and 5 invoices. */
export const DASHBOARD_SUBSCRIPTION_LIMIT = 3;
export const DASHBOARD_INVOICE_LIMIT = 5;

export type ClientSubscriptionContract = {
  id: number;
  product: { name: string };
  plan_name: string;
  amount: string;
  currency: Currency;
  billing_period: BillingPeriod;
  /** Calendar date "YYYY-MM-DD", or null when nothing is due. */
  next_billing_date: string | null;
};

export type ClientInvoiceContract = {
  id: number;
  invoice_number: string;
  description: string | null;
  amount: string;
  currency: Currency;
  status: InvoiceStatus;
  /** Calendar date "YYYY-MM-DD". */
  issued_at: string;
};

const calendarDate = (value: Date) => value.toISOString().slice(0, 10);

const subscriptionSelect = {
  id: true,
  planName: true,
  amount: true,
  currency: true,
  billingPeriod: true,
  nextBillingDate: true,
  catalogItem: { select: { name: true } },
} as const;

const invoiceSelect = {
  id: true,
  invoiceNumber: true,
  description: true,
  amount: true,
  currency: true,
  status: true,
  issuedAt: true,
} as const;

type SubscriptionRow = {
  id: number;
  planName: string;
  amount: { toString(): string };
  currency: Currency;
  billingPeriod: BillingPeriod;
  nextBillingDate: Date | null;
  catalogItem: { name: string } | null;
};

type InvoiceRow = {
  id: number;
  invoiceNumber: string;
  description: string | null;
  amount: { toString(): string };
  currency: Currency;
  status: InvoiceStatus;
  issuedAt: Date;
};

export function serializeClientSubscription(row: SubscriptionRow): ClientSubscriptionContract {
  return {
    id: row.id,
    // The catalogue item's name when it still exists; the plan name kept on the subscription otherwise.
    product: { name: row.catalogItem?.name ?? row.planName },
    plan_name: row.planName,
    amount: row.amount.toString(),
    currency: row.currency,
    billing_period: row.billingPeriod,
    next_billing_date: row.nextBillingDate ? calendarDate(row.nextBillingDate) : null,
  };
}

export function serializeClientInvoice(row: InvoiceRow): ClientInvoiceContract {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    description: row.description,
    amount: row.amount.toString(),
    currency: row.currency,
    status: row.status,
    issued_at: calendarDate(row.issuedAt),
  };
}

/** The user's active subscriptions, the next one to be charged first. */
export async function listActiveSubscriptions(userId: string, limit = DASHBOARD_SUBSCRIPTION_LIMIT) {
  const rows = await db.subscription.findMany({
    where: { userId, status: "active" },
    orderBy: [{ nextBillingDate: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    take: limit,
    select: subscriptionSelect,
  });
  return rows.map(serializeClientSubscription);
}

/** The user's most recent invoices, newest first. */
export async function listRecentInvoices(userId: string, limit = DASHBOARD_INVOICE_LIMIT) {
  const rows = await db.invoice.findMany({
    where: { userId },
    orderBy: [{ issuedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: invoiceSelect,
  });
  return rows.map(serializeClientInvoice);
}

export type ClientDashboardData = {
  subscriptions: ClientSubscriptionContract[];
  invoices: ClientInvoiceContract[];
};

/** Everything "Mi Portal" shows about billing, for one user. */
export async function getClientDashboard(userId: string): Promise<ClientDashboardData> {
  const [subscriptions, invoices] = await Promise.all([listActiveSubscriptions(userId), listRecentInvoices(userId)]);
  return { subscriptions, invoices };
}
