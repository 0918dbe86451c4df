import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { invalid, notFound, conflict, parseWith } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { recordAudit, type AuditActor } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/format";
import type { Currency, Prisma } from "@/lib/generated/prisma/client";
import { emailUser } from "@/lib/notifications/email";
import { notifyUser } from "@/lib/notifications/service";
import { businessDate, dateColumn, formatCalendarDate } from "@/lib/dates";
import { lockRow, requireClientUser, type Tx } from "./guards";
import { paymentInstructionsEmailText } from "./collection-settings";
import { formatInvoiceNumber, INVOICE_SERIES, isOpenInvoice } from "./labels";
import { compareMoney, invoiceTotals } from "./money";
import { BILLING_LIMITS, BILLING_MESSAGES, invoiceCreateSchema, invoiceUpdateSchema, taxIdProblem, type InvoiceLineInput } from "./schema";
import { findInvoiceDetail } from "./invoice-reader";
import { createInvoiceDocumentInTx } from "@/lib/sunat/documents";
import { nextSeriesNumber } from "@/lib/sunat/numbering";
import { kickSunatQueue } from "./sunat-sync";
import { boletaNeedsIdentity, cancelNeedsVoiding, canStillVoid, VOID_WINDOW_DAYS } from "@/lib/sunat/rules";
import type { InvoiceDetailContract } from "./serialize";

// Issuing and changing invoices, the only writes of them: the admin screens' server actions, the
// REST handlers and the billing run all call these. Each validates with the shared schema, locks
// the rows it changes, writes with its audit entry (and the bell notification it causes) in one
// transaction, and e-mails after the commit. No public page shows billing data, so nothing
// public is revalidated.

export const parseInvoiceId = (raw: unknown) => parseRecordId(raw, BILLING_MESSAGES.invoiceNotFound);

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
  // A tax id saved before it was checked must not reach SUNAT as it is.
  const taxIdIssue = customerTaxId ? taxIdProblem(customerTaxId) : null;
  if (taxIdIssue) throw invalid({ user_id: [BILLING_MESSAGES.customerTaxIdInvalid(taxIdIssue)] }, BILLING_MESSAGES.customerTaxIdInvalid(taxIdIssue));
  const series = customerTaxId && customerTaxId.length === 11 ? INVOICE_SERIES.factura : INVOICE_SERIES.boleta;
  const totals = invoiceTotals(data.lines);
  const exchangeRate = data.currency === "PEN" ? null : ((data.currency === "USD" ? settings?.exchangeRateUsd : settings?.exchangeRateEur) ?? null);
  if (series === INVOICE_SERIES.boleta && !customerTaxId && boletaNeedsIdentity(totals.total, data.currency, exchangeRate?.toString() ?? null)) {
    throw invalid({ user_id: [BILLING_MESSAGES.boletaNeedsIdentity] }, BILLING_MESSAGES.boletaNeedsIdentity);
  }
  const sequence = await nextSeriesNumber(tx, series);
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
      exchangeRate,
      status: "pending",
      issuerName: settings?.companyLegalName || settings?.companyName || "Lumen Consultoría TI",
      issuerTaxId: settings?.companyTaxId ?? null,
      issuerAddress: settings?.contactAddress ?? null,
      issuerUbigeo: settings?.fiscalUbigeo ?? null,
      issuerEstablishment: settings?.fiscalEstablishment ?? null,
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
  await createInvoiceDocumentInTx(tx, invoice.id);
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

/** "Nueva factura": the amount and due date, "Cómo pagar" while it is open, and the link to the portal. */
async function invoiceEmail(invoice: InvoiceDetailContract) {
  const howToPay = isOpenInvoice(invoice.status) ? await paymentInstructionsEmailText(invoice.currency) : "";
  return {
    subject: `Nueva factura ${invoice.invoice_number}`,
    text: `Hola, ${invoice.customer.name}:\n\nEmitimos la ${invoice.document_type.toLowerCase()} ${invoice.invoice_number} por ${formatMoney(invoice.amount, invoice.currency)} (IGV incluido), con vencimiento el ${formatCalendarDate(invoice.due_date)}.${howToPay}\n\nPuedes verla y descargar el PDF en tu portal:`,
    link: `/client/invoices/${invoice.id}`,
    kind: "invoice",
    related: { type: "invoice", id: invoice.id },
  };
}

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
  kickSunatQueue();
  await emailUser(invoice.user.id, await invoiceEmail(invoice));
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
  const updated = await db.$transaction(async (tx) => {
    if (!(await lockRow(tx, "invoices", invoiceId))) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    const before = await readInvoice(tx, invoiceId);
    if (before.status === "cancelled") throw conflict(BILLING_MESSAGES.invoiceAlreadyCancelled);
    const changes: Prisma.InvoiceUpdateInput = {};
    const sunat = before.sunat;
    let voidDocument = false;
    if (data.status === "cancelled") {
      if (compareMoney(before.amount_paid, 0) > 0) throw conflict(BILLING_MESSAGES.cancelPaidInvoice);
      if (compareMoney(before.amount_credited, 0) > 0) throw conflict(BILLING_MESSAGES.cancelCreditedInvoice);
      // Voiding before SUNAT (comunicación de baja or summary) is only possible for a few days.
      if (cancelNeedsVoiding(sunat, before.issued_at, businessDate())) {
        if (!canStillVoid(before.issued_at, businessDate())) throw conflict(BILLING_MESSAGES.voidWindowPassed(VOID_WINDOW_DAYS));
        voidDocument = true;
      }
      changes.status = "cancelled";
      changes.cancelledAt = new Date();
      changes.cancelReason = data.cancel_reason ?? null;
    }
    if (data.due_date !== undefined) {
      if (before.status === "paid") throw conflict(BILLING_MESSAGES.invoicePaid);
      // A factura's due dates are part of its signed document (forma de pago).
      if (before.series.startsWith("F") && sunat.hash) throw conflict(BILLING_MESSAGES.dueDateSigned);
      if (data.due_date < before.issued_at) throw invalid({ due_date: [BILLING_MESSAGES.dueBeforeIssue] }, BILLING_MESSAGES.invalid);
      changes.dueDate = dateColumn(data.due_date);
    }
    await tx.invoice.update({ where: { id: invoiceId }, data: changes });
    if (voidDocument) {
      await tx.electronicDocument.updateMany({
        where: { invoiceId },
        data: { voidRequestedAt: new Date(), voidReason: (data.cancel_reason || "Anulación de la operación").slice(0, 100) },
      });
    }
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
  if (data.status === "cancelled") kickSunatQueue();
  return updated;
}
