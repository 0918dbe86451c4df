import "server-only";
import { notFound } from "@/lib/errors";
import { paged, pageWindow, type Paged, type PageRequest } from "@/lib/list/paging";
import { db } from "@/lib/db";
import type { BillingPeriod, CatalogKind, Currency, InvoiceStatus, PaymentMethod, Prisma, SubscriptionStatus } from "@/lib/generated/prisma/client";
import { BILLING_MESSAGES } from "./schema";
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

// The back office's billing reads ("Suscripciones", "Facturas", "Pagos" and
// GET /api/v1/admin/{subscriptions,invoices,payments}): every client's records, server-paged,
// newest first, filtered by the list's query parameters; plus the options the forms need.
// Never cached: billing data changes with every write.

/** Most rows an unpaged admin list answers (GET without ?page: the spec's "list in data"). */
export const MAX_UNPAGED_BILLING_ROWS = 500;

const contains = (q: string) => ({ contains: q, mode: "insensitive" as const });

// ── Subscriptions ────────────────────────────────────────────────────────────

export type AdminSubscriptionFilter = { status?: SubscriptionStatus; user_id?: string; q?: string };

function subscriptionWhere(filter: AdminSubscriptionFilter): Prisma.SubscriptionWhereInput {
  const where: Prisma.SubscriptionWhereInput = {};
  if (filter.status) where.status = filter.status;
  if (filter.user_id) where.userId = filter.user_id;
  if (filter.q) {
    where.OR = [
      { planName: contains(filter.q) },
      { user: { name: contains(filter.q) } },
      { user: { email: contains(filter.q) } },
      { catalogItem: { name: contains(filter.q) } },
    ];
  }
  return where;
}

const SUBSCRIPTION_ORDER: Prisma.SubscriptionOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

export async function listAdminSubscriptionsPage(filter: AdminSubscriptionFilter, page: PageRequest): Promise<Paged<SubscriptionContract>> {
  const where = subscriptionWhere(filter);
  const [rows, total] = await Promise.all([
    db.subscription.findMany({ where, orderBy: SUBSCRIPTION_ORDER, select: subscriptionSelect, ...pageWindow(page) }),
    db.subscription.count({ where }),
  ]);
  return paged(rows.map(serializeSubscription), total, page);
}

export async function listAdminSubscriptions(filter: AdminSubscriptionFilter = {}): Promise<SubscriptionContract[]> {
  const rows = await db.subscription.findMany({
    where: subscriptionWhere(filter),
    orderBy: SUBSCRIPTION_ORDER,
    select: subscriptionSelect,
    take: MAX_UNPAGED_BILLING_ROWS,
  });
  return rows.map(serializeSubscription);
}

/** One subscription (any client's); 404 when unknown. */
export async function getAdminSubscription(id: number): Promise<SubscriptionContract> {
  const row = await db.subscription.findUnique({ where: { id }, select: subscriptionSelect });
  if (!row) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
  return serializeSubscription(row);
}

export async function* exportAdminSubscriptions(filter: AdminSubscriptionFilter, batchSize = 1000): AsyncGenerator<SubscriptionContract[]> {
  const where = subscriptionWhere(filter);
  let cursor: number | null = null;
  for (;;) {
    const rows: Parameters<typeof serializeSubscription>[0][] = await db.subscription.findMany({
      where,
      orderBy: SUBSCRIPTION_ORDER,
      select: subscriptionSelect,
      take: batchSize,
      ...(cursor === null ? {} : { cursor: { id: cursor }, skip: 1 }),
    });
    if (rows.length === 0) return;
    yield rows.map(serializeSubscription);
    if (rows.length < batchSize) return;
    cursor = rows[rows.length - 1].id;
  }
}

// ── Invoices ─────────────────────────────────────────────────────────────────

export type AdminInvoiceFilter = { status?: InvoiceStatus; currency?: Currency; user_id?: string; q?: string };

function invoiceWhere(filter: AdminInvoiceFilter): Prisma.InvoiceWhereInput {
  const where: Prisma.InvoiceWhereInput = {};
  if (filter.status) where.status = filter.status;
  if (filter.currency) where.currency = filter.currency;
  if (filter.user_id) where.userId = filter.user_id;
  if (filter.q) {
    where.OR = [
      { invoiceNumber: contains(filter.q) },
      { customerName: contains(filter.q) },
      { customerEmail: contains(filter.q) },
      { customerTaxId: { startsWith: filter.q } },
      { user: { name: contains(filter.q) } },
      { user: { email: contains(filter.q) } },
    ];
  }
  return where;
}

const INVOICE_ORDER: Prisma.InvoiceOrderByWithRelationInput[] = [{ issuedAt: "desc" }, { id: "desc" }];

export async function listAdminInvoicesPage(filter: AdminInvoiceFilter, page: PageRequest): Promise<Paged<InvoiceContract>> {
  const where = invoiceWhere(filter);
  const [rows, total] = await Promise.all([
    db.invoice.findMany({ where, orderBy: INVOICE_ORDER, select: invoiceSelect, ...pageWindow(page) }),
    db.invoice.count({ where }),
  ]);
  return paged(rows.map(serializeInvoice), total, page);
}

export async function listAdminInvoices(filter: AdminInvoiceFilter = {}): Promise<InvoiceContract[]> {
  const rows = await db.invoice.findMany({ where: invoiceWhere(filter), orderBy: INVOICE_ORDER, select: invoiceSelect, take: MAX_UNPAGED_BILLING_ROWS });
  return rows.map(serializeInvoice);
}

export async function* exportAdminInvoices(filter: AdminInvoiceFilter, batchSize = 1000): AsyncGenerator<InvoiceContract[]> {
  const where = invoiceWhere(filter);
  let cursor: number | null = null;
  for (;;) {
    const rows: Parameters<typeof serializeInvoice>[0][] = await db.invoice.findMany({
      where,
      orderBy: INVOICE_ORDER,
      select: invoiceSelect,
      take: batchSize,
      ...(cursor === null ? {} : { cursor: { id: cursor }, skip: 1 }),
    });
    if (rows.length === 0) return;
    yield rows.map(serializeInvoice);
    if (rows.length < batchSize) return;
    cursor = rows[rows.length - 1].id;
  }
}

// ── Payments ─────────────────────────────────────────────────────────────────

export type AdminPaymentFilter = { method?: PaymentMethod; user_id?: string; invoice_id?: number; q?: string };

function paymentWhere(filter: AdminPaymentFilter): Prisma.PaymentWhereInput {
  const where: Prisma.PaymentWhereInput = {};
  if (filter.method) where.method = filter.method;
  if (filter.user_id) where.userId = filter.user_id;
  if (filter.invoice_id !== undefined) where.invoiceId = filter.invoice_id;
  if (filter.q) {
    where.OR = [
      { reference: contains(filter.q) },
      { invoice: { invoiceNumber: contains(filter.q) } },
      { user: { name: contains(filter.q) } },
      { user: { email: contains(filter.q) } },
    ];
  }
  return where;
}

const PAYMENT_ORDER: Prisma.PaymentOrderByWithRelationInput[] = [{ paidAt: "desc" }, { id: "desc" }];

export async function listAdminPaymentsPage(filter: AdminPaymentFilter, page: PageRequest): Promise<Paged<PaymentContract>> {
  const where = paymentWhere(filter);
  const [rows, total] = await Promise.all([
    db.payment.findMany({ where, orderBy: PAYMENT_ORDER, select: paymentSelect, ...pageWindow(page) }),
    db.payment.count({ where }),
  ]);
  return paged(rows.map(serializePayment), total, page);
}

export async function listAdminPayments(filter: AdminPaymentFilter = {}): Promise<PaymentContract[]> {
  const rows = await db.payment.findMany({ where: paymentWhere(filter), orderBy: PAYMENT_ORDER, select: paymentSelect, take: MAX_UNPAGED_BILLING_ROWS });
  return rows.map(serializePayment);
}

export async function* exportAdminPayments(filter: AdminPaymentFilter, batchSize = 1000): AsyncGenerator<PaymentContract[]> {
  const where = paymentWhere(filter);
  let cursor: number | null = null;
  for (;;) {
    const rows: Parameters<typeof serializePayment>[0][] = await db.payment.findMany({
      where,
      orderBy: PAYMENT_ORDER,
      select: paymentSelect,
      take: batchSize,
      ...(cursor === null ? {} : { cursor: { id: cursor }, skip: 1 }),
    });
    if (rows.length === 0) return;
    yield rows.map(serializePayment);
    if (rows.length < batchSize) return;
    cursor = rows[rows.length - 1].id;
  }
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
    select: { id: true, invoiceNumber: true, amount: true, amountPaid: true, currency: true, dueDate: true },
    take: 200,
  });
  return rows.map((row) => ({
    id: row.id,
    invoice_number: row.invoiceNumber,
    amount: row.amount.toFixed(2),
    balance: balanceDue(row.amount.toFixed(2), row.amountPaid.toFixed(2)),
    currency: row.currency,
    due_date: row.dueDate ? row.dueDate.toISOString().slice(0, 10) : null,
  }));
}
