import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { invalid, notFound, conflict, parseWith } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import { billingPeriodLabel, formatMoney } from "@/lib/format";
import type { Currency, Prisma } from "@/lib/generated/prisma/client";
import { emailAdmins, emailUser } from "@/lib/notifications/email";
import { notifyAdmins, notifyUser } from "@/lib/notifications/service";
import { addDays, businessDate, calendarDate, dateColumn, formatCalendarDate, nextPeriodStart } from "./dates";
import { formatInvoiceNumber, INVOICE_SERIES, PAYMENT_METHOD_LABELS } from "./labels";
import { addMoney, balanceDue, compareMoney, invoiceTotals } from "./money";
import {
  BILLING_LIMITS,
  BILLING_MESSAGES,
  invoiceCreateSchema,
  invoiceUpdateSchema,
  paymentCreateSchema,
  subscriptionCancelSchema,
  subscriptionCreateSchema,
  subscriptionUpdateSchema,
  type InvoiceLineInput,
} from "./schema";
import { findInvoiceDetail } from "./invoice-reader";
import {
  paymentSelect,
  serializePayment,
  serializeSubscription,
  subscriptionSelect,
  type InvoiceDetailContract,
  type PaymentContract,
  type SubscriptionContract,
} from "./serialize";

// The only writes of billing records (DESIGN §3): the admin screens' server actions, the client
// portal's actions and the REST handlers all call these. Each validates with the shared schema,
// locks the rows it changes, writes with its audit entry (and the bell notification it causes)
// in one transaction, and e-mails after the commit. No public page shows billing data, so
// nothing public is revalidated.

type Tx = Prisma.TransactionClient;

export const parseSubscriptionId = (raw: unknown) => parseRecordId(raw, BILLING_MESSAGES.subscriptionNotFound);
export const parseInvoiceId = (raw: unknown) => parseRecordId(raw, BILLING_MESSAGES.invoiceNotFound);

/** Days a client has to pay an invoice the billing run issues. */
export const BILLING_RUN_DUE_DAYS = 15;

// ── Shared pieces ────────────────────────────────────────────────────────────

async function requireClientUser(tx: Tx, userId: string) {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, role: true, billingName: true, taxId: true },
  });
  if (!user || user.role !== "client") throw invalid({ user_id: [BILLING_MESSAGES.userMissing] }, BILLING_MESSAGES.invalid);
  return user;
}

async function assertCatalogItem(tx: Tx, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const item = await tx.catalogItem.findUnique({ where: { id }, select: { id: true } });
  if (!item) throw invalid({ catalog_item_id: [BILLING_MESSAGES.catalogItemMissing] }, BILLING_MESSAGES.invalid);
}

/** Locks one row for the rest of the transaction (concurrent writers queue behind it). */
async function lockRow(tx: Tx, table: "invoices" | "subscriptions", id: number): Promise<boolean> {
  const rows =
    table === "invoices"
      ? await tx.$queryRaw<{ id: number }[]>`SELECT id FROM invoices WHERE id = ${id} FOR UPDATE`
      : await tx.$queryRaw<{ id: number }[]>`SELECT id FROM subscriptions WHERE id = ${id} FOR UPDATE`;
  return rows.length === 1;
}

/**
 * The next number of a series, gap-free: the counter row stays locked until the transaction
 * ends, so concurrent issues queue, and a rolled-back issue gives its number back.
 */
async function nextInvoiceNumber(tx: Tx, series: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ last_number: number }[]>`
    INSERT INTO invoice_series (series, last_number) VALUES (${series}, 1)
    ON CONFLICT (series) DO UPDATE SET last_number = invoice_series.last_number + 1
    RETURNING last_number`;
  return row.last_number;
}

export type IssueInvoiceData = {
  userId: string;
  currency: Currency;
  /** "YYYY-MM-DD" (Lima). */
  issuedOn: string;
  dueOn: string;
  description: string | null;
  lines: Pick<InvoiceLineInput, "description" | "quantity" | "unit_price">[];
  subscriptionId?: number | null;
  periodStart?: string | null;
};

/**
 * Issues an invoice inside the caller's transaction: numbers it in its series (F001 for a
 * customer with a RUC, B001 otherwise), computes subtotal, IGV and total exactly, and copies the
 * issuer (site settings) and the customer (billing profile) as they are today. Returns its id.
 */
export async function issueInvoiceInTx(tx: Tx, actor: AuditActor, data: IssueInvoiceData): Promise<number> {
  const customer = await requireClientUser(tx, data.userId);
  if (data.dueOn < data.issuedOn) throw invalid({ due_date: [BILLING_MESSAGES.dueBeforeIssue] }, BILLING_MESSAGES.invalid);
  const settings = await tx.siteSettings.findUnique({ where: { id: 1 } });
  const customerTaxId = customer.taxId ?? null;
  const series = customerTaxId && customerTaxId.length === 11 ? INVOICE_SERIES.factura : INVOICE_SERIES.boleta;
  const sequence = await nextInvoiceNumber(tx, series);
  const totals = invoiceTotals(data.lines);
  const nothing = totals.line_totals.findIndex((value) => compareMoney(value, 0) <= 0);
  if (nothing !== -1) throw invalid({ [`lines.${nothing}.quantity`]: [BILLING_MESSAGES.lineTotalZero] }, BILLING_MESSAGES.invalid);
  const tooLarge = totals.line_totals.findIndex((value) => compareMoney(value, BILLING_LIMITS.maxAmount) > 0);
  if (tooLarge !== -1) throw invalid({ [`lines.${tooLarge}.unit_price`]: [BILLING_MESSAGES.amountTooLarge] }, BILLING_MESSAGES.invalid);
  if (compareMoney(totals.total, BILLING_LIMITS.maxAmount) > 0) throw invalid({ lines: [BILLING_MESSAGES.totalTooLarge] }, BILLING_MESSAGES.totalTooLarge);
  const invoice = await tx.invoice.create({
    data: {
      invoiceNumber: formatInvoiceNumber(series, sequence),
      series,
      sequence,
      userId: customer.id,
      subscriptionId: data.subscriptionId ?? null,
      periodStart: data.periodStart ? dateColumn(data.periodStart) : null,
      description: data.description,
      subtotal: totals.subtotal,
      taxAmount: totals.tax_amount,
      amount: totals.total,
      currency: data.currency,
      status: "pending",
      issuerName: settings?.companyLegalName || settings?.companyName || "Lumen Consultoría TI",
      issuerTaxId: settings?.companyTaxId ?? null,
      issuerAddress: settings?.contactAddress ?? null,
      customerName: customer.billingName || customer.name,
      customerTaxId,
      customerEmail: customer.email,
      issuedAt: dateColumn(data.issuedOn),
      dueDate: dateColumn(data.dueOn),
      lines: {
        create: data.lines.map((line, index) => ({
          position: index + 1,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unit_price,
          lineTotal: totals.line_totals[index],
        })),
      },
    },
    select: { id: true, invoiceNumber: true },
  });
  await recordAudit(tx, actor, {
    action: "invoice.create",
    entityType: "invoice",
    entityId: invoice.id,
    after: {
      invoice_number: invoice.invoiceNumber,
      user_id: customer.id,
      currency: data.currency,
      subtotal: totals.subtotal,
      tax_amount: totals.tax_amount,
      amount: totals.total,
      due_date: data.dueOn,
      subscription_id: data.subscriptionId ?? null,
      lines: data.lines.length,
    },
  });
  await notifyUser(
    customer.id,
    {
      type: "invoice_issued",
      title: `Nueva factura ${invoice.invoiceNumber}`,
      body: `Total ${formatMoney(totals.total, data.currency)}, vence el ${formatCalendarDate(data.dueOn)}.`,
      link: `/client/invoices/${invoice.id}`,
      data: { invoice_id: invoice.id },
    },
    tx,
  );
  return invoice.id;
}

async function readInvoice(client: Tx, id: number): Promise<InvoiceDetailContract> {
  const invoice = await findInvoiceDetail(id, { client });
  if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return invoice;
}

function invoiceEmail(invoice: InvoiceDetailContract) {
  return {
    subject: `Nueva factura ${invoice.invoice_number}`,
    text: `Hola, ${invoice.customer.name}:\n\nEmitimos la ${invoice.document_type.toLowerCase()} ${invoice.invoice_number} por ${formatMoney(invoice.amount, invoice.currency)} (IGV incluido), con vencimiento el ${formatCalendarDate(invoice.due_date)}.\nPuedes verla y descargar el PDF en tu portal:`,
    link: `/client/invoices/${invoice.id}`,
    kind: "invoice",
    related: { type: "invoice", id: invoice.id },
  };
}

// ── Invoices ─────────────────────────────────────────────────────────────────

/** "Emitir factura" and POST /api/v1/admin/invoices. 422 on bad input or an unknown client. */
export async function issueInvoice(actor: AdminActor, input: unknown): Promise<InvoiceDetailContract> {
  const data = parseWith(invoiceCreateSchema, input, BILLING_MESSAGES.invalid);
  const issuedOn = businessDate();
  const invoice = await db.$transaction(async (tx) => {
    const id = await issueInvoiceInTx(tx, actor, {
      userId: data.user_id,
      currency: data.currency,
      issuedOn,
      dueOn: data.due_date,
      description: data.description ?? null,
      lines: data.lines,
    });
    return readInvoice(tx, id);
  });
  await emailUser(invoice.user.id, invoiceEmail(invoice));
  return invoice;
}

/**
 * PUT /api/v1/admin/invoices/{id}: cancel ("Anulada": kept, never deleted) or move the due date
 * of a pending invoice. 404 unknown, 409 cancelled already or with payments, 422 bad input.
 */
export async function updateInvoice(actor: AdminActor, id: unknown, input: unknown): Promise<InvoiceDetailContract> {
  const invoiceId = parseInvoiceId(id);
  const data = parseWith(invoiceUpdateSchema, input, BILLING_MESSAGES.invalid);
  if (data.status === undefined && data.due_date === undefined) {
    throw invalid({ status: [BILLING_MESSAGES.nothingToChange] }, BILLING_MESSAGES.nothingToChange);
  }
  return db.$transaction(async (tx) => {
    if (!(await lockRow(tx, "invoices", invoiceId))) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    const before = await readInvoice(tx, invoiceId);
    if (before.status === "cancelled") throw conflict(BILLING_MESSAGES.invoiceAlreadyCancelled);
    const changes: Prisma.InvoiceUpdateInput = {};
    if (data.status === "cancelled") {
      if (compareMoney(before.amount_paid, 0) > 0) throw conflict(BILLING_MESSAGES.cancelPaidInvoice);
      changes.status = "cancelled";
      changes.cancelledAt = new Date();
      changes.cancelReason = data.cancel_reason ?? null;
    }
    if (data.due_date !== undefined) {
      if (before.status === "paid") throw conflict(BILLING_MESSAGES.invoicePaid);
      if (data.due_date < before.issued_at) throw invalid({ due_date: [BILLING_MESSAGES.dueBeforeIssue] }, BILLING_MESSAGES.invalid);
      changes.dueDate = dateColumn(data.due_date);
    }
    await tx.invoice.update({ where: { id: invoiceId }, data: changes });
    const after = await readInvoice(tx, invoiceId);
    await recordAudit(tx, actor, {
      action: data.status === "cancelled" ? "invoice.cancel" : "invoice.update",
      entityType: "invoice",
      entityId: invoiceId,
      before: { status: before.status, due_date: before.due_date, cancel_reason: before.cancel_reason },
      after: { status: after.status, due_date: after.due_date, cancel_reason: after.cancel_reason },
    });
    if (data.status === "cancelled") {
      await notifyUser(
        after.user.id,
        { type: "invoice_cancelled", title: `Factura ${after.invoice_number} anulada`, body: after.cancel_reason, link: `/client/invoices/${after.id}` },
        tx,
      );
    }
    return after;
  });
}

// ── Payments ─────────────────────────────────────────────────────────────────

/** A payment's date as stored: now when it is today, otherwise noon of that day in Lima. */
function paymentInstant(paidOn: string | undefined): Date {
  const today = businessDate();
  if (!paidOn || paidOn === today) return new Date();
  return new Date(`${paidOn}T12:00:00-05:00`);
}

/**
 * "Registrar pago" and POST /api/v1/admin/payments. The invoice row is locked first, so two
 * admins recording payments at once queue and the second sees the first's balance: an invoice
 * is never over-paid. The invoice becomes "Pagada" when its payments cover the total.
 * 404 unknown invoice, 409 cancelled or already paid, 422 above the balance or bad input.
 */
export async function recordPayment(actor: AdminActor, input: unknown): Promise<PaymentContract & { invoice_status: string; balance: string }> {
  const data = parseWith(paymentCreateSchema, input, BILLING_MESSAGES.invalid);
  if (data.paid_at && data.paid_at > businessDate()) throw invalid({ paid_at: [BILLING_MESSAGES.paidInFuture] }, BILLING_MESSAGES.invalid);
  const result = await db.$transaction(async (tx) => {
    if (!(await lockRow(tx, "invoices", data.invoice_id))) {
      throw invalid({ invoice_id: [BILLING_MESSAGES.invoiceNotFound] }, BILLING_MESSAGES.invoiceNotFound);
    }
    const invoice = await tx.invoice.findUniqueOrThrow({
      where: { id: data.invoice_id },
      select: { id: true, invoiceNumber: true, userId: true, status: true, amount: true, amountPaid: true, currency: true, issuedAt: true },
    });
    // A payment cannot predate its invoice (both Lima calendar dates).
    const issuedOn = calendarDate(invoice.issuedAt);
    if (data.paid_at && data.paid_at < issuedOn) {
      throw invalid({ paid_at: [BILLING_MESSAGES.paidBeforeIssue(formatCalendarDate(issuedOn))] }, BILLING_MESSAGES.invalid);
    }
    if (invoice.status === "cancelled") throw conflict(BILLING_MESSAGES.invoiceCancelled);
    if (invoice.status === "paid") throw conflict(BILLING_MESSAGES.invoicePaid);
    const balance = balanceDue(invoice.amount.toFixed(2), invoice.amountPaid.toFixed(2));
    if (compareMoney(data.amount, balance) > 0) {
      const message = BILLING_MESSAGES.overpayment(formatMoney(balance, invoice.currency));
      throw invalid({ amount: [message] }, message);
    }
    const paidAt = paymentInstant(data.paid_at);
    const payment = await tx.payment.create({
      data: {
        userId: invoice.userId,
        invoiceId: invoice.id,
        amount: data.amount,
        currency: invoice.currency,
        method: data.method,
        reference: data.reference ?? null,
        status: "completed",
        paidAt,
      },
      select: paymentSelect,
    });
    const amountPaid = addMoney(invoice.amountPaid.toFixed(2), data.amount);
    const paid = compareMoney(amountPaid, invoice.amount.toFixed(2)) === 0;
    await tx.invoice.update({
      where: { id: invoice.id },
      data: { amountPaid, ...(paid ? { status: "paid", paidAt } : {}) },
    });
    const contract = serializePayment(payment);
    await recordAudit(tx, actor, {
      action: "payment.create",
      entityType: "payment",
      entityId: payment.id,
      after: {
        invoice_number: invoice.invoiceNumber,
        amount: contract.amount,
        currency: contract.currency,
        method: contract.method,
        reference: contract.reference,
        paid_at: contract.paid_at,
        invoice_status: paid ? "paid" : invoice.status,
      },
    });
    const newBalance = balanceDue(invoice.amount.toFixed(2), amountPaid);
    await notifyUser(
      invoice.userId,
      {
        type: "payment_recorded",
        title: paid ? `Factura ${invoice.invoiceNumber} pagada` : `Pago recibido: factura ${invoice.invoiceNumber}`,
        body: `Registramos tu pago de ${formatMoney(contract.amount, contract.currency)} por ${PAYMENT_METHOD_LABELS[contract.method]}.${paid ? "" : ` Saldo pendiente: ${formatMoney(newBalance, contract.currency)}.`}`,
        link: `/client/invoices/${invoice.id}`,
        data: { invoice_id: invoice.id, payment_id: payment.id },
      },
      tx,
    );
    return { ...contract, invoice_status: paid ? "paid" : invoice.status, balance: newBalance };
  });
  await emailUser(result.user.id, {
    subject: result.invoice_status === "paid" ? `Factura ${result.invoice?.invoice_number} pagada` : `Pago recibido: factura ${result.invoice?.invoice_number}`,
    text: `Hola, ${result.user.name}:\n\nRegistramos tu pago de ${formatMoney(result.amount, result.currency)} por ${PAYMENT_METHOD_LABELS[result.method]}.${result.invoice_status === "paid" ? " La factura quedó pagada." : ` Saldo pendiente: ${formatMoney(result.balance, result.currency)}.`}`,
    link: result.invoice ? `/client/invoices/${result.invoice.id}` : "/client/payments",
    kind: "payment",
    related: { type: "payment", id: result.id },
  });
  return result;
}

export type BillingPeriodOutcome =
  | { kind: "invoiced"; invoiceId: number; invoiceNumber: string }
  /** The period's invoice already existed: only the date moved on. */
  | { kind: "advanced" | "cancelled" | "expired" }
  /** Not due any more, or another run holds it. */
  | { kind: "skipped" };

/**
 * The billing run's write for one subscription (lib/billing/run.ts): if it is still due on
 * `today`, invoices its period and moves the date on, or cancels it when the client asked to,
 * or ends a one-time plan. Its own transaction, on the subscription's row lock (SKIP LOCKED: a
 * row another run holds is left to it); one invoice per subscription and period.
 */
export async function billSubscriptionPeriod(subscriptionId: number, today: string): Promise<BillingPeriodOutcome> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM subscriptions
      WHERE id = ${subscriptionId} AND status = 'active' AND next_billing_date <= ${dateColumn(today)}::date
      FOR UPDATE SKIP LOCKED`;
    if (locked.length === 0) return { kind: "skipped" };
    const sub = await tx.subscription.findUniqueOrThrow({
      where: { id: subscriptionId },
      select: { id: true, userId: true, planName: true, amount: true, currency: true, billingPeriod: true, nextBillingDate: true, cancelRequestedAt: true },
    });
    const periodStart = calendarDate(sub.nextBillingDate!);

    if (sub.cancelRequestedAt) {
      await tx.subscription.update({ where: { id: sub.id }, data: { status: "cancelled", cancelledAt: new Date(), nextBillingDate: null } });
      await notifyUser(
        sub.userId,
        { type: "subscription_cancelled", title: `Suscripción cancelada: ${sub.planName}`, body: "Terminó su periodo y se canceló, como solicitaste.", link: `/client/subscriptions/${sub.id}` },
        tx,
      );
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "subscription.cancel",
        entityType: "subscription",
        entityId: sub.id,
        before: { status: "active", next_billing_date: periodStart },
        after: { status: "cancelled", next_billing_date: null },
      });
      return { kind: "cancelled" };
    }

    const following = nextPeriodStart(periodStart, sub.billingPeriod);
    const already = await tx.invoice.findFirst({ where: { subscriptionId: sub.id, periodStart: dateColumn(periodStart) }, select: { id: true, invoiceNumber: true } });
    let outcome: BillingPeriodOutcome;
    if (already) {
      outcome = { kind: "advanced" };
    } else {
      const periodText = following
        ? `del ${formatCalendarDate(periodStart)} al ${formatCalendarDate(addDays(following, -1))}`
        : `pago único (${formatCalendarDate(periodStart)})`;
      const invoiceId = await issueInvoiceInTx(tx, SYSTEM_ACTOR, {
        userId: sub.userId,
        currency: sub.currency,
        issuedOn: today,
        dueOn: addDays(today, BILLING_RUN_DUE_DAYS),
        description: `${sub.planName} — ${billingPeriodLabel(sub.billingPeriod).toLowerCase()}, ${periodText}`,
        lines: [{ description: `${sub.planName} — periodo ${periodText}`.slice(0, 300), quantity: "1", unit_price: sub.amount.toFixed(2) }],
        subscriptionId: sub.id,
        periodStart,
      });
      const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: { invoiceNumber: true } });
      outcome = { kind: "invoiced", invoiceId, invoiceNumber: invoice.invoiceNumber };
    }
    if (following) {
      await tx.subscription.update({ where: { id: sub.id }, data: { nextBillingDate: dateColumn(following) } });
    } else {
      await tx.subscription.update({ where: { id: sub.id }, data: { status: "expired", nextBillingDate: null } });
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: "subscription.expire",
        entityType: "subscription",
        entityId: sub.id,
        before: { status: "active", next_billing_date: periodStart },
        after: { status: "expired", next_billing_date: null },
      });
      if (outcome.kind !== "invoiced") outcome = { kind: "expired" };
    }
    return outcome;
  });
}

// ── Subscriptions ────────────────────────────────────────────────────────────

async function readSubscription(client: Tx | typeof db, id: number): Promise<SubscriptionContract> {
  const row = await client.subscription.findUnique({ where: { id }, select: subscriptionSelect });
  if (!row) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
  return serializeSubscription(row);
}

function auditableSubscription(row: SubscriptionContract): Record<string, unknown> {
  return {
    user_id: row.user.id,
    catalog_item_id: row.catalog_item?.id ?? null,
    plan_name: row.plan_name,
    amount: row.amount,
    currency: row.currency,
    billing_period: row.billing_period,
    status: row.status,
    next_billing_date: row.next_billing_date,
    cancel_requested_at: row.cancel_requested_at,
    cancel_reason: row.cancel_reason,
  };
}

/** "Nueva suscripción" and POST /api/v1/admin/subscriptions. 422 on bad input, an unknown client or item. */
export async function createSubscription(actor: AdminActor, input: unknown): Promise<SubscriptionContract> {
  const data = parseWith(subscriptionCreateSchema, input, BILLING_MESSAGES.invalid);
  // A date in the past would have the next billing run invoice every period since then.
  if (data.next_billing_date < businessDate()) {
    throw invalid({ next_billing_date: [BILLING_MESSAGES.nextBillingPast] }, BILLING_MESSAGES.invalid);
  }
  return db.$transaction(async (tx) => {
    await requireClientUser(tx, data.user_id);
    await assertCatalogItem(tx, data.catalog_item_id);
    const row = await tx.subscription.create({
      data: {
        userId: data.user_id,
        catalogItemId: data.catalog_item_id,
        planName: data.plan_name,
        amount: data.amount,
        currency: data.currency,
        billingPeriod: data.billing_period,
        status: "active",
        nextBillingDate: dateColumn(data.next_billing_date),
      },
      select: { id: true },
    });
    const created = await readSubscription(tx, row.id);
    await recordAudit(tx, actor, { action: "subscription.create", entityType: "subscription", entityId: row.id, after: auditableSubscription(created) });
    await notifyUser(
      data.user_id,
      { type: "subscription_created", title: `Nueva suscripción: ${created.plan_name}`, link: `/client/subscriptions/${row.id}` },
      tx,
    );
    return created;
  });
}

/**
 * PUT /api/v1/admin/subscriptions/{id}: only the fields sent change. Cancelling or ending it
 * clears the next billing date; reactivating needs one (except a one-time plan).
 */
export async function updateSubscription(actor: AdminActor, id: unknown, input: unknown): Promise<SubscriptionContract> {
  const subscriptionId = parseSubscriptionId(id);
  const data = parseWith(subscriptionUpdateSchema, input, BILLING_MESSAGES.invalid);
  return db.$transaction(async (tx) => {
    if (!(await lockRow(tx, "subscriptions", subscriptionId))) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    const before = await readSubscription(tx, subscriptionId);
    await assertCatalogItem(tx, data.catalog_item_id);
    const changes: Prisma.SubscriptionUncheckedUpdateInput = {};
    if (data.plan_name !== undefined) changes.planName = data.plan_name;
    if (data.catalog_item_id !== undefined) changes.catalogItemId = data.catalog_item_id;
    if (data.amount !== undefined) changes.amount = data.amount;
    if (data.currency !== undefined) changes.currency = data.currency;
    if (data.billing_period !== undefined) changes.billingPeriod = data.billing_period;
    if (data.next_billing_date !== undefined) changes.nextBillingDate = data.next_billing_date ? dateColumn(data.next_billing_date) : null;
    const status = data.status ?? before.status;
    const period = data.billing_period ?? before.billing_period;
    const nextDate = data.next_billing_date !== undefined ? data.next_billing_date : before.next_billing_date;
    if (data.status !== undefined && data.status !== before.status) {
      changes.status = data.status;
      if (data.status === "cancelled" || data.status === "expired") {
        changes.cancelledAt = data.status === "cancelled" ? new Date() : null;
        changes.nextBillingDate = null;
      } else if (data.status === "active") {
        changes.cancelledAt = null;
        changes.cancelRequestedAt = null;
        changes.cancelReason = null;
      }
    }
    if (status === "active") {
      // The state it is left in must bill correctly: monthly and yearly plans need a date, and a
      // date set now (or kept while reactivating a paused plan) must not lie in the past, or the
      // next run would invoice every period since then.
      if (!nextDate && period !== "one_time") {
        throw invalid({ next_billing_date: [BILLING_MESSAGES.nextBillingRequired] }, BILLING_MESSAGES.invalid);
      }
      const dateChanged = data.next_billing_date !== undefined && data.next_billing_date !== before.next_billing_date;
      const reactivated = data.status === "active" && before.status !== "active";
      if (nextDate && (dateChanged || reactivated) && nextDate < businessDate()) {
        throw invalid({ next_billing_date: [BILLING_MESSAGES.nextBillingPast] }, BILLING_MESSAGES.invalid);
      }
    }
    await tx.subscription.update({ where: { id: subscriptionId }, data: changes });
    const after = await readSubscription(tx, subscriptionId);
    const beforeAudit = auditableSubscription(before);
    const afterAudit = auditableSubscription(after);
    if (JSON.stringify(beforeAudit) !== JSON.stringify(afterAudit)) {
      await recordAudit(tx, actor, { action: "subscription.update", entityType: "subscription", entityId: subscriptionId, before: beforeAudit, after: afterAudit });
    }
    return after;
  });
}

/**
 * The client's "Solicitar cancelación" and POST /api/v1/client/subscriptions/{id}/cancel: the
 * subscription stays active until its next billing date, when the billing run cancels it
 * instead of invoicing. Someone else's subscription is 404. 409 when not active or already asked.
 */
export async function requestSubscriptionCancellation(actor: Actor, id: unknown, input: unknown): Promise<SubscriptionContract> {
  const subscriptionId = parseSubscriptionId(id);
  const data = parseWith(subscriptionCancelSchema, input === undefined ? {} : input, BILLING_MESSAGES.invalid);
  const result = await db.$transaction(async (tx) => {
    if (!(await lockRow(tx, "subscriptions", subscriptionId))) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    const before = await readSubscription(tx, subscriptionId);
    if (before.user.id !== actor.id) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    if (before.status !== "active") throw conflict(BILLING_MESSAGES.subscriptionNotActive);
    if (before.cancel_requested_at) throw conflict(BILLING_MESSAGES.cancellationAlreadyRequested);
    await tx.subscription.update({ where: { id: subscriptionId }, data: { cancelRequestedAt: new Date(), cancelReason: data.reason ?? null } });
    const after = await readSubscription(tx, subscriptionId);
    await recordAudit(tx, actor, {
      action: "subscription.cancel_request",
      entityType: "subscription",
      entityId: subscriptionId,
      before: { cancel_requested_at: null },
      after: { cancel_requested_at: after.cancel_requested_at, cancel_reason: after.cancel_reason },
    });
    await notifyAdmins(
      {
        type: "subscription_cancel_request",
        title: `Solicitud de cancelación: ${after.plan_name}`,
        body: `${actor.name} pidió cancelar al final del periodo${after.cancel_reason ? `: «${after.cancel_reason}»` : "."}`,
        link: `/admin/subscriptions?q=${encodeURIComponent(actor.email)}`,
        data: { subscription_id: subscriptionId },
      },
      tx,
    );
    return after;
  });
  await emailAdmins({
    subject: `Solicitud de cancelación: ${result.plan_name}`,
    text: `${actor.name} (${actor.email}) pidió cancelar la suscripción «${result.plan_name}» al final del periodo (${formatCalendarDate(result.next_billing_date)}).${result.cancel_reason ? `\nMotivo: ${result.cancel_reason}` : ""}`,
    link: "/admin/subscriptions",
    kind: "subscription",
    related: { type: "subscription", id: result.id },
  });
  return result;
}
