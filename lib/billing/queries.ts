import "server-only";
import { pageParams, readList, type ListOf, type PageRequest } from "@/lib/list/paging";
import { integerParam, oneOfParam } from "@/lib/list/query-params";
import { db } from "@/lib/db";
import type { CatalogKind, Prisma } from "@/lib/generated/prisma/client";
import { z } from "@/lib/zod";
import { INVOICE_STATUSES, type InvoiceStatusCode } from "./labels";
import { balanceDue } from "./money";
import { countInvoicesByState, invoiceStatusWhere, type InvoiceStateCounts } from "./status-filter";
import { receivablesByCurrency, type ReceivablesByCurrency } from "./receivables";
import { businessDate, calendarDate, dateColumn } from "@/lib/dates";
import {
  catalogItemPath,
  invoiceSelect,
  paymentSelect,
  serializeInvoice,
  serializePayment,
  serializeSubscription,
  subscriptionSelect,
  type InvoiceContract,
  type PaymentContract,
  type SubscriptionContract,
} from "./serialize";

// The client portal's read side (its subscriptions, invoices, payments and products):
// every query takes the caller's user id and filters by it, so a client never reads another
// client's rows (an id of someone else's record finds nothing: null, and the caller answers
// 404). Rows leave through lib/billing/serialize.ts: one contract for the admin and client sides.

/** The client dashboard (Mi Portal) shows 3 subscriptions and 5 invoices. */
export const DASHBOARD_SUBSCRIPTION_LIMIT = 3;
export const DASHBOARD_INVOICE_LIMIT = 5;

/** A list asked for without ?page= answers at most this many rows (use ?page= for more). */
export const CLIENT_LIST_LIMIT = 100;

/** A client's subscription: id, product.name, amount, billing_period, next_billing_date and more. */
export type ClientSubscriptionContract = SubscriptionContract;
/** A client's invoice: id, invoice_number, amount, status and more. */
export type ClientInvoiceContract = InvoiceContract;

// ── Query parameters of the client lists (REST and screens) ──────────────────

const limitParam = integerParam(1, CLIENT_LIST_LIMIT, `El parámetro limit debe ser un número entero entre 1 y ${CLIENT_LIST_LIMIT}.`);

export const clientInvoiceListQuerySchema = z.object({
  ...pageParams,
  status: oneOfParam(INVOICE_STATUSES, "El parámetro status debe ser pending, partially_paid, overdue, paid o cancelled."),
  limit: limitParam,
});
export type ClientInvoiceListQuery = z.output<typeof clientInvoiceListQuerySchema>;

export const clientPaymentListQuerySchema = z.object({ ...pageParams, limit: limitParam });
export type ClientPaymentListQuery = z.output<typeof clientPaymentListQuerySchema>;

// ── Subscriptions ────────────────────────────────────────────────────────────

const subscriptionOrder: Prisma.SubscriptionOrderByWithRelationInput[] = [
  // The enum's order: active, paused, cancelled, expired: the active ones first.
  { status: "asc" },
  { nextBillingDate: { sort: "asc", nulls: "last" } },
  { id: "desc" },
];

/** The user's active subscriptions, the next one to be charged first (Mi Portal). */
export async function listActiveSubscriptions(userId: string, limit = DASHBOARD_SUBSCRIPTION_LIMIT): Promise<SubscriptionContract[]> {
  const rows = await db.subscription.findMany({
    where: { userId, status: "active" },
    orderBy: [{ nextBillingDate: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    take: limit,
    select: subscriptionSelect,
  });
  return rows.map(serializeSubscription);
}

/** All of the user's subscriptions: active first, then by next billing date. */
export async function listClientSubscriptions(userId: string, limit = CLIENT_LIST_LIMIT): Promise<SubscriptionContract[]> {
  const rows = await db.subscription.findMany({ where: { userId }, orderBy: subscriptionOrder, take: limit, select: subscriptionSelect });
  return rows.map(serializeSubscription);
}

export type ClientSubscriptionDetail = SubscriptionContract & { invoices: InvoiceContract[] };

/** One of the user's subscriptions with its invoices (newest first), or null when it is not theirs. */
export async function getClientSubscription(userId: string, id: number): Promise<ClientSubscriptionDetail | null> {
  const row = await db.subscription.findFirst({ where: { id, userId }, select: subscriptionSelect });
  if (!row) return null;
  const invoices = await db.invoice.findMany({
    where: { subscriptionId: id, userId },
    orderBy: [{ issuedAt: "desc" }, { id: "desc" }],
    take: CLIENT_LIST_LIMIT,
    select: invoiceSelect,
  });
  return { ...serializeSubscription(row), invoices: invoices.map(serializeInvoice) };
}

// ── Invoices ─────────────────────────────────────────────────────────────────

const invoiceOrder: Prisma.InvoiceOrderByWithRelationInput[] = [{ issuedAt: "desc" }, { id: "desc" }];

/**
 * The user's invoices, newest first, optionally of one status: one page, or (no page) the
 * first `limit` (default CLIENT_LIST_LIMIT).
 */
export function listClientInvoices<P extends PageRequest | undefined = undefined>(
  userId: string,
  filter: { status?: InvoiceStatusCode; limit?: number } = {},
  page?: P,
): Promise<ListOf<InvoiceContract, P>> {
  const where: Prisma.InvoiceWhereInput = { userId, ...(filter.status ? invoiceStatusWhere(filter.status, businessDate()) : {}) };
  return readList(page as P, {
    rows: async (window) => (await db.invoice.findMany({ where, orderBy: invoiceOrder, select: invoiceSelect, ...window })).map(serializeInvoice),
    count: (limit) => db.invoice.count({ where, take: limit }),
    unpagedLimit: filter.limit ?? CLIENT_LIST_LIMIT,
  });
}

/** How many of the user's invoices are in each state (the list's "Vencidas (2)"). */
export function countClientInvoicesByState(userId: string): Promise<InvoiceStateCounts> {
  return countInvoicesByState((args) => db.invoice.count(args), { userId }, businessDate());
}

/** The user's most recent invoices, newest first (Mi Portal). */
export function listRecentInvoices(userId: string, limit = DASHBOARD_INVOICE_LIMIT): Promise<InvoiceContract[]> {
  return listClientInvoices(userId, { limit });
}

// ── Payments ─────────────────────────────────────────────────────────────────

const paymentOrder: Prisma.PaymentOrderByWithRelationInput[] = [{ paidAt: "desc" }, { id: "desc" }];

/** The user's payments, newest first: one page, or (no page) the first `limit` (default CLIENT_LIST_LIMIT). */
export function listClientPayments<P extends PageRequest | undefined = undefined>(
  userId: string,
  filter: { limit?: number } = {},
  page?: P,
): Promise<ListOf<PaymentContract, P>> {
  const where: Prisma.PaymentWhereInput = { userId };
  return readList(page as P, {
    rows: async (window) => (await db.payment.findMany({ where, orderBy: paymentOrder, select: paymentSelect, ...window })).map(serializePayment),
    count: (limit) => db.payment.count({ where, take: limit }),
    unpagedLimit: filter.limit ?? CLIENT_LIST_LIMIT,
  });
}

// ── Mis productos ────────────────────────────────────────────────────────────

export type ClientProductContract = {
  subscription_id: number;
  /** The catalogue item's name (the plan name when the item is gone). */
  name: string;
  /** null when the subscription names no catalogue item any more. */
  kind: CatalogKind | null;
  description: string | null;
  plan_name: string;
  status: SubscriptionContract["status"];
  cancel_requested_at: string | null;
  /** The public page of the product or service; null when it is not published. */
  url: string | null;
};

/** What the user subscribes to now (their active subscriptions' catalogue items), with the public links. */
export async function listClientProducts(userId: string): Promise<ClientProductContract[]> {
  const rows = await db.subscription.findMany({
    where: { userId, status: "active" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: CLIENT_LIST_LIMIT,
    select: {
      id: true,
      planName: true,
      status: true,
      cancelRequestedAt: true,
      catalogItem: { select: { kind: true, name: true, slug: true, status: true, description: true } },
    },
  });
  return rows.map((row) => {
    const item = row.catalogItem;
    return {
      subscription_id: row.id,
      name: item?.name ?? row.planName,
      kind: item?.kind ?? null,
      description: item?.description ?? null,
      plan_name: row.planName,
      status: row.status,
      cancel_requested_at: row.cancelRequestedAt ? row.cancelRequestedAt.toISOString() : null,
      url: item && item.status === "active" ? catalogItemPath(item.kind, item.slug) : null,
    };
  });
}

// ── Mi Portal ────────────────────────────────────────────────────────────────

/** The open invoice due next (today or later), for "Próximo vencimiento". */
export type NextDueInvoice = { id: number; invoice_number: string; due_date: string; balance: string; currency: InvoiceContract["currency"] };

export type ClientDashboardData = {
  subscriptions: SubscriptionContract[];
  invoices: InvoiceContract[];
  /** What the user owes per currency (never added across currencies) and the overdue part of it. */
  amountsDue: ReceivablesByCurrency[];
  /** The open invoice whose due date comes next (not yet overdue), or null. */
  nextDue: NextDueInvoice | null;
};

/** The user's open invoice due next: the nearest due date from today (Lima) on, then the lowest id. */
async function findNextDueInvoice(userId: string, today: string): Promise<NextDueInvoice | null> {
  const row = await db.invoice.findFirst({
    where: { userId, status: "pending", dueDate: { gte: dateColumn(today) } },
    orderBy: [{ dueDate: "asc" }, { id: "asc" }],
    select: { id: true, invoiceNumber: true, dueDate: true, amount: true, amountPaid: true, amountCredited: true, currency: true },
  });
  if (!row || !row.dueDate) return null;
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    due_date: calendarDate(row.dueDate),
    balance: balanceDue(row.amount.toFixed(2), row.amountPaid.toFixed(2), row.amountCredited.toFixed(2)),
    currency: row.currency,
  };
}

/** Everything "Mi Portal" shows about billing, for one user. */
export async function getClientDashboard(userId: string): Promise<ClientDashboardData> {
  const today = businessDate();
  const [subscriptions, invoices, amountsDue, nextDue] = await Promise.all([
    listActiveSubscriptions(userId),
    listRecentInvoices(userId),
    receivablesByCurrency(db, today, { userId }),
    findNextDueInvoice(userId, today),
  ]);
  return { subscriptions, invoices, amountsDue, nextDue };
}
