import "server-only";
import { notFound } from "@/lib/errors";
import { keysetAfter, keysetBatches, keysetOrderBy, type KeysetOrder } from "@/lib/list/keyset";
import { readList, type ListOf, type PageRequest } from "@/lib/list/paging";
import { searchTerms, searchTextConditions, searchTextSql } from "@/lib/list/search";
import { db } from "@/lib/db";
import { Prisma, type BillingPeriod, type CatalogKind, type Currency, type PaymentMethod, type SubscriptionStatus } from "@/lib/generated/prisma/client";
import { BILLING_MESSAGES, type InvoiceSort } from "./schema";
import {
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
import { balanceDue } from "./money";
import type { InvoiceStatusCode } from "./labels";
import { broadSearchCounts, capStateCounts, countInvoicesByState, invoiceStatusWhere, STATE_COUNT_CAP, type InvoiceStateCounts } from "./status-filter";
import { businessDate } from "@/lib/dates";

// The back office's billing reads ("Suscripciones", "Facturas", "Pagos" and
// GET /api/v1/admin/{subscriptions,invoices,payments}): every client's records, server-paged,
// newest first (invoices also by due date), filtered by the list's query parameters (a filter
// takes the list's parsed query as it is); their CSV exports read the same order in keyset
// batches; plus the options the forms need. Never cached: billing data changes with every write.

/** Most rows an unpaged admin list answers (GET without ?page: `{ data: [ … ] }`). */
export const MAX_UNPAGED_BILLING_ROWS = 500;

// ── Subscriptions ────────────────────────────────────────────────────────────

export type AdminSubscriptionFilter = { status?: SubscriptionStatus; user_id?: string; q?: string };

function subscriptionWhere(filter: AdminSubscriptionFilter): Prisma.SubscriptionWhereInput {
  const where: Prisma.SubscriptionWhereInput = {};
  if (filter.status) where.status = filter.status;
  if (filter.user_id) where.userId = filter.user_id;
  // Plan, client's name and e-mail, product or service (search_text, kept by triggers).
  if (filter.q) where.AND = searchTextConditions(filter.q);
  return where;
}

type SubscriptionRow = Prisma.SubscriptionGetPayload<{ select: typeof subscriptionSelect }>;

const SUBSCRIPTION_ORDER: KeysetOrder<SubscriptionRow> = [
  { field: "createdAt", dir: "desc" },
  { field: "id", dir: "desc" },
];
const subscriptionOrderBy = keysetOrderBy<Prisma.SubscriptionOrderByWithRelationInput>(SUBSCRIPTION_ORDER);

/** The subscriptions of the filter, newest first: one page, or (no page) up to MAX_UNPAGED_BILLING_ROWS. */
export function listAdminSubscriptions<P extends PageRequest | undefined = undefined>(
  filter: AdminSubscriptionFilter,
  page?: P,
): Promise<ListOf<SubscriptionContract, P>> {
  const where = subscriptionWhere(filter);
  return readList(page as P, {
    rows: async (window) => (await db.subscription.findMany({ where, orderBy: subscriptionOrderBy, select: subscriptionSelect, ...window })).map(serializeSubscription),
    count: (limit) => db.subscription.count({ where, take: limit }),
    unpagedLimit: MAX_UNPAGED_BILLING_ROWS,
  });
}

/** One subscription (any client's); 404 when unknown. */
export async function getAdminSubscription(id: number): Promise<SubscriptionContract> {
  const row = await db.subscription.findUnique({ where: { id }, select: subscriptionSelect });
  if (!row) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
  return serializeSubscription(row);
}

/** Every subscription of the filter in the list's order, in keyset batches (the CSV export). */
export function exportAdminSubscriptions(filter: AdminSubscriptionFilter, batchSize?: number): AsyncGenerator<SubscriptionContract[], void, unknown> {
  const where = subscriptionWhere(filter);
  return keysetBatches({
    fetchAfter: (last: SubscriptionRow | null, take) =>
      db.subscription.findMany({
        where: last ? { AND: [where, keysetAfter<Prisma.SubscriptionWhereInput, SubscriptionRow>(SUBSCRIPTION_ORDER, last)] } : where,
        orderBy: subscriptionOrderBy,
        select: subscriptionSelect,
        take,
      }),
    toItem: serializeSubscription,
    batchSize,
  });
}

// ── Invoices ─────────────────────────────────────────────────────────────────

export type AdminInvoiceFilter = { status?: InvoiceStatusCode; currency?: Currency; user_id?: string; q?: string; sort?: InvoiceSort };

function invoiceWhere(filter: AdminInvoiceFilter, today = businessDate()): Prisma.InvoiceWhereInput {
  const where: Prisma.InvoiceWhereInput = filter.status ? invoiceStatusWhere(filter.status, today) : {};
  if (filter.currency) where.currency = filter.currency;
  if (filter.user_id) where.userId = filter.user_id;
  // Number, customer, e-mail, RUC or DNI, client's name and e-mail (search_text, kept by triggers).
  return filter.q ? { AND: [where, ...searchTextConditions(filter.q)] } : where;
}

type InvoiceRow = Prisma.InvoiceGetPayload<{ select: typeof invoiceSelect }>;

/** Newest issued first (the default). */
const ISSUED_ORDER: KeysetOrder<InvoiceRow> = [
  { field: "issuedAt", dir: "desc" },
  { field: "id", dir: "desc" },
];
/** `?sort=due_date`: the nearest due date first, invoices without one last, then by id. */
const DUE_DATE_ORDER: KeysetOrder<InvoiceRow> = [
  { field: "dueDate", dir: "asc", nulls: "last" },
  { field: "id", dir: "asc" },
];
const invoiceOrder = (filter: AdminInvoiceFilter) => (filter.sort === "due_date" ? DUE_DATE_ORDER : ISSUED_ORDER);

/** The invoices of the filter in its order (newest first by default): one page, or (no page) up to MAX_UNPAGED_BILLING_ROWS. */
export function listAdminInvoices<P extends PageRequest | undefined = undefined>(filter: AdminInvoiceFilter, page?: P): Promise<ListOf<InvoiceContract, P>> {
  const where = invoiceWhere(filter);
  const orderBy = keysetOrderBy<Prisma.InvoiceOrderByWithRelationInput>(invoiceOrder(filter));
  return readList(page as P, {
    rows: async (window) => (await db.invoice.findMany({ where, orderBy, select: invoiceSelect, ...window })).map(serializeInvoice),
    count: (limit) => db.invoice.count({ where, take: limit }),
    unpagedLimit: MAX_UNPAGED_BILLING_ROWS,
  });
}

/** How many invoices of the filter's currency, client and search are in each state ("Vencidas (3)"); its status is left aside. */
export function countAdminInvoicesByState(filter: AdminInvoiceFilter): Promise<InvoiceStateCounts> {
  const today = businessDate();
  if (searchTerms(filter.q).length > 0) return countSearchedInvoicesByState(filter, today);
  return countInvoicesByState((args) => db.invoice.count(args), invoiceWhere({ ...filter, status: undefined }, today), today);
}

/**
 * With a search, the states are counted in one pass over at most STATE_COUNT_CAP + 1 matching
 * invoices: when the search matches that many, the screen says "más de 1,000" and counts no state
 * (broadSearchCounts); otherwise every match was read and each state's count is exact. The states
 * are invoiceStatusWhere's, written in SQL (tests compare both).
 */
async function countSearchedInvoicesByState(filter: AdminInvoiceFilter, today: string): Promise<InvoiceStateCounts> {
  const conditions = searchTextSql(filter.q, Prisma.sql`i.search_text`);
  if (filter.currency) conditions.push(Prisma.sql`i.currency = ${filter.currency}::"currency"`);
  if (filter.user_id) conditions.push(Prisma.sql`i.user_id = ${filter.user_id}`);
  const day = Prisma.sql`${today}::date`;
  const notOverdue = Prisma.sql`(m.due_date IS NULL OR m.due_date >= ${day})`;
  const [read] = await db.$queryRaw<(Record<InvoiceStatusCode, number> & { matched: number })[]>`
    SELECT count(*)::int AS matched,
           count(*) FILTER (WHERE m.status = 'pending' AND m.amount_paid <= 0 AND ${notOverdue})::int AS pending,
           count(*) FILTER (WHERE m.status = 'pending' AND m.amount_paid > 0 AND ${notOverdue})::int AS partially_paid,
           count(*) FILTER (WHERE m.status = 'pending' AND m.due_date < ${day})::int AS overdue,
           count(*) FILTER (WHERE m.status = 'paid')::int AS paid,
           count(*) FILTER (WHERE m.status = 'cancelled')::int AS cancelled
      FROM (SELECT i.status, i.amount_paid, i.due_date
              FROM invoices i
             WHERE ${Prisma.join(conditions, " AND ")}
             LIMIT ${STATE_COUNT_CAP + 1}) m`;
  if (read.matched > STATE_COUNT_CAP) return broadSearchCounts();
  return capStateCounts(read);
}

/** Every invoice of the filter in the list's order, in keyset batches (the CSV export). */
export function exportAdminInvoices(filter: AdminInvoiceFilter, batchSize?: number): AsyncGenerator<InvoiceContract[], void, unknown> {
  const where = invoiceWhere(filter);
  const order = invoiceOrder(filter);
  const orderBy = keysetOrderBy<Prisma.InvoiceOrderByWithRelationInput>(order);
  return keysetBatches({
    fetchAfter: (last: InvoiceRow | null, take) =>
      db.invoice.findMany({
        where: last ? { AND: [where, keysetAfter<Prisma.InvoiceWhereInput, InvoiceRow>(order, last)] } : where,
        orderBy,
        select: invoiceSelect,
        take,
      }),
    toItem: serializeInvoice,
    batchSize,
  });
}

// ── Payments ─────────────────────────────────────────────────────────────────

export type AdminPaymentFilter = { method?: PaymentMethod; user_id?: string; invoice_id?: number; q?: string };

function paymentWhere(filter: AdminPaymentFilter): Prisma.PaymentWhereInput {
  const where: Prisma.PaymentWhereInput = {};
  if (filter.method) where.method = filter.method;
  if (filter.user_id) where.userId = filter.user_id;
  if (filter.invoice_id !== undefined) where.invoiceId = filter.invoice_id;
  // Reference, invoice number, client's name and e-mail (search_text, kept by triggers).
  if (filter.q) where.AND = searchTextConditions(filter.q);
  return where;
}

type PaymentRow = Prisma.PaymentGetPayload<{ select: typeof paymentSelect }>;

const PAYMENT_ORDER: KeysetOrder<PaymentRow> = [
  { field: "paidAt", dir: "desc" },
  { field: "id", dir: "desc" },
];
const paymentOrderBy = keysetOrderBy<Prisma.PaymentOrderByWithRelationInput>(PAYMENT_ORDER);

/** The payments of the filter, newest first: one page, or (no page) up to MAX_UNPAGED_BILLING_ROWS. */
export function listAdminPayments<P extends PageRequest | undefined = undefined>(filter: AdminPaymentFilter, page?: P): Promise<ListOf<PaymentContract, P>> {
  const where = paymentWhere(filter);
  return readList(page as P, {
    rows: async (window) => (await db.payment.findMany({ where, orderBy: paymentOrderBy, select: paymentSelect, ...window })).map(serializePayment),
    count: (limit) => db.payment.count({ where, take: limit }),
    unpagedLimit: MAX_UNPAGED_BILLING_ROWS,
  });
}

/** Every payment of the filter in the list's order, in keyset batches (the CSV export). */
export function exportAdminPayments(filter: AdminPaymentFilter, batchSize?: number): AsyncGenerator<PaymentContract[], void, unknown> {
  const where = paymentWhere(filter);
  return keysetBatches({
    fetchAfter: (last: PaymentRow | null, take) =>
      db.payment.findMany({
        where: last ? { AND: [where, keysetAfter<Prisma.PaymentWhereInput, PaymentRow>(PAYMENT_ORDER, last)] } : where,
        orderBy: paymentOrderBy,
        select: paymentSelect,
        take,
      }),
    toItem: serializePayment,
    batchSize,
  });
}

// ── Options for the forms ────────────────────────────────────────────────────

/** Most clients the forms' select lists (a larger base would need a searchable picker). */
export const MAX_CLIENT_OPTIONS = 1000;

export type ClientOption = { id: string; name: string; email: string; billing_name: string | null; tax_id: string | null };

/** Clients (role client) by name, for "Nueva suscripción", "Emitir factura" and "Registrar pago". */
export async function listClientOptions(): Promise<ClientOption[]> {
  const rows = await db.user.findMany({
    where: { role: "client" },
    orderBy: [{ name: "asc" }, { email: "asc" }],
    select: { id: true, name: true, email: true, billingName: true, taxId: true },
    take: MAX_CLIENT_OPTIONS,
  });
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, billing_name: row.billingName, tax_id: row.taxId }));
}

/** How many clients the statement's picker lists at once. */
export const CLIENT_SEARCH_RESULTS = 8;

/**
 * Clients (role client) whose name, e-mail or billing name holds every word of `q` (accents and
 * case ignored), by name; without `q`, the first ones by name. The statement's picker searches
 * every client this way, however many there are.
 */
export async function searchClientOptions(q: string | undefined, limit = CLIENT_SEARCH_RESULTS): Promise<ClientOption[]> {
  const matches = searchTextSql(q, Prisma.sql`lower(immutable_unaccent(concat_ws(' ', u.name, u.email, u.billing_name)))`).map((match) => Prisma.sql`AND ${match}`);
  return db.$queryRaw<ClientOption[]>`
    SELECT u.id, u.name, u.email, u.billing_name, u.tax_id
      FROM users u
     WHERE u.role = 'client' ${matches.length > 0 ? Prisma.join(matches, " ") : Prisma.empty}
     ORDER BY u.name, u.email
     LIMIT ${limit}`;
}

/** A product or service for the subscription form, with the price and terms it suggests. */
export type CatalogItemOption = { id: number; kind: CatalogKind; name: string; price_from: string | null; currency: Currency; billing_period: BillingPeriod };

/** Products and services (any status) a subscription may point to. */
export async function listCatalogItemOptions(): Promise<CatalogItemOption[]> {
  const rows = await db.catalogItem.findMany({
    orderBy: [{ kind: "asc" }, { name: "asc" }],
    select: { id: true, kind: true, name: true, priceFrom: true, currency: true, billingPeriod: true },
    take: 1000,
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    price_from: row.priceFrom === null ? null : row.priceFrom.toFixed(2),
    currency: row.currency,
    billing_period: row.billingPeriod,
  }));
}

export type PendingInvoiceOption = { id: number; invoice_number: string; amount: string; balance: string; currency: Currency; due_date: string | null };

/** A client's invoices still owed ("Registrar pago"), oldest first. */
export async function listPendingInvoiceOptions(userId: string): Promise<PendingInvoiceOption[]> {
  const rows = await db.invoice.findMany({
    where: { userId, status: "pending" },
    orderBy: [{ issuedAt: "asc" }, { id: "asc" }],
    select: { id: true, invoiceNumber: true, amount: true, amountPaid: true, amountCredited: true, currency: true, dueDate: true },
    take: 200,
  });
  return rows.map((row) => ({
    id: row.id,
    invoice_number: row.invoiceNumber,
    amount: row.amount.toFixed(2),
    balance: balanceDue(row.amount.toFixed(2), row.amountPaid.toFixed(2), row.amountCredited.toFixed(2)),
    currency: row.currency,
    due_date: row.dueDate ? row.dueDate.toISOString().slice(0, 10) : null,
  }));
}
