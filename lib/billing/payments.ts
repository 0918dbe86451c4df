import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { invalid, conflict, parseWith } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/format";
import { emailUser } from "@/lib/notifications/email";
import { notifyUser } from "@/lib/notifications/service";
import { businessDate, calendarDate, formatCalendarDate } from "@/lib/dates";
import type { Currency, PaymentMethod } from "@/lib/generated/prisma/client";
import { lockRow, type Tx } from "./guards";
import { PAYMENT_METHOD_LABELS, type InvoiceStatusCode } from "./labels";
import { invoiceState } from "./state";
import { addMoney, balanceDue, compareMoney } from "./money";
import { BILLING_MESSAGES, paymentCreateSchema } from "./schema";
import { paymentSelect, serializePayment, type PaymentContract } from "./serialize";

// Recording a payment against an invoice. addPaymentInTx is the only write of payments: money
// received (recordPayment, called by the admin screen's server action and the REST handler) and
// the client's credit applied to an invoice (customer-credit.ts) both go through it. A payment
// is validated with the shared schema, written with its audit entry and the client's bell
// notification in one transaction, e-mailed after the commit.

/** A payment's date as stored: now when it is today, otherwise noon of that day in Lima. */
export function paymentInstant(paidOn: string | undefined): Date {
  const today = businessDate();
  if (!paidOn || paidOn === today) return new Date();
  return new Date(`${paidOn}T12:00:00-05:00`);
}

/** An invoice as a payment needs it, locked for the rest of the transaction (amounts as strings). */
export type PayableInvoice = {
  id: number;
  invoiceNumber: string;
  userId: string;
  status: "pending" | "paid" | "cancelled";
  amount: string;
  amountPaid: string;
  amountCredited: string;
  currency: Currency;
  issuedAt: Date;
  /** Lima calendar day, or null. */
  dueDate: string | null;
};

/** Locks the invoice row (concurrent payers queue behind it) and reads it; null for an unknown id. */
export async function lockInvoiceForPayment(tx: Tx, invoiceId: number): Promise<PayableInvoice | null> {
  if (!(await lockRow(tx, "invoices", invoiceId))) return null;
  const row = await tx.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    select: { id: true, invoiceNumber: true, userId: true, status: true, amount: true, amountPaid: true, amountCredited: true, currency: true, issuedAt: true, dueDate: true },
  });
  return {
    ...row,
    dueDate: row.dueDate ? calendarDate(row.dueDate) : null,
    amount: row.amount.toFixed(2),
    amountPaid: row.amountPaid.toFixed(2),
    amountCredited: row.amountCredited.toFixed(2),
  };
}

/** Only a pending invoice takes money: 409 for a cancelled or paid one. */
export function assertPayable(invoice: PayableInvoice): void {
  if (invoice.status === "cancelled") throw conflict(BILLING_MESSAGES.invoiceCancelled);
  if (invoice.status === "paid") throw conflict(BILLING_MESSAGES.invoicePaid);
}

export type AddedPayment = {
  payment: PaymentContract;
  invoiceStatus: InvoiceStatusCode;
  balance: string;
  paid: boolean;
  /** What the client is told is left after the payment: "" when paid, else " Saldo pendiente: …" (with the due date passed, when overdue). */
  balanceText: string;
};

/** " Saldo pendiente: S/ 59.00." or, past the due date, " Saldo pendiente: S/ 59.00; la factura venció el 02/12/2026." */
export function pendingBalanceText(state: InvoiceStatusCode, balance: string, currency: Currency, dueDate: string | null): string {
  if (state === "paid" || state === "cancelled") return "";
  const owed = `Saldo pendiente: ${formatMoney(balance, currency)}`;
  return state === "overdue" && dueDate ? ` ${owed}; la factura venció el ${formatCalendarDate(dueDate)}.` : ` ${owed}.`;
}

/**
 * The write every payment shares, whatever paid it (money received or the client's credit): 422
 * above the balance due, then the completed payment, the invoice's amount paid, and "Pagada" once
 * the payments cover what it asks for. The caller has locked the invoice (lockInvoiceForPayment)
 * and checked it is pending; its audit entry and notification are the caller's.
 */
export async function addPaymentInTx(
  tx: Tx,
  invoice: PayableInvoice,
  input: { amount: string; method: PaymentMethod; reference: string | null; paidAt: Date },
): Promise<AddedPayment> {
  const balance = balanceDue(invoice.amount, invoice.amountPaid, invoice.amountCredited);
  if (compareMoney(input.amount, balance) > 0) {
    const message = BILLING_MESSAGES.overpayment(formatMoney(balance, invoice.currency));
    throw invalid({ amount: [message] }, message);
  }
  const row = await tx.payment.create({
    data: {
      userId: invoice.userId,
      invoiceId: invoice.id,
      amount: input.amount,
      currency: invoice.currency,
      method: input.method,
      reference: input.reference,
      status: "completed",
      paidAt: input.paidAt,
    },
    select: paymentSelect,
  });
  const amountPaid = addMoney(invoice.amountPaid, input.amount);
  const newBalance = balanceDue(invoice.amount, amountPaid, invoice.amountCredited);
  const paid = compareMoney(newBalance, 0) === 0;
  await tx.invoice.update({
    where: { id: invoice.id },
    data: { amountPaid, ...(paid ? { status: "paid", paidAt: input.paidAt } : {}) },
  });
  const invoiceStatus = invoiceState({ status: paid ? "paid" : invoice.status, amountPaid, dueDate: invoice.dueDate }, businessDate());
  const balanceText = pendingBalanceText(invoiceStatus, newBalance, invoice.currency, invoice.dueDate);
  return { payment: serializePayment(row), invoiceStatus, balance: newBalance, paid, balanceText };
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
  const outcome = await db.$transaction(async (tx) => {
    const invoice = await lockInvoiceForPayment(tx, data.invoice_id);
    if (!invoice) throw invalid({ invoice_id: [BILLING_MESSAGES.invoiceNotFound] }, BILLING_MESSAGES.invoiceNotFound);
    // A payment cannot predate its invoice (both Lima calendar dates).
    const issuedOn = calendarDate(invoice.issuedAt);
    if (data.paid_at && data.paid_at < issuedOn) {
      throw invalid({ paid_at: [BILLING_MESSAGES.paidBeforeIssue(formatCalendarDate(issuedOn))] }, BILLING_MESSAGES.invalid);
    }
    assertPayable(invoice);
    const { payment: contract, invoiceStatus, balance: newBalance, paid, balanceText } = await addPaymentInTx(tx, invoice, {
      amount: data.amount,
      method: data.method,
      reference: data.reference ?? null,
      paidAt: paymentInstant(data.paid_at),
    });
    await recordAudit(tx, actor, {
      action: "payment.create",
      entityType: "payment",
      entityId: contract.id,
      after: {
        invoice_number: invoice.invoiceNumber,
        amount: contract.amount,
        currency: contract.currency,
        method: contract.method,
        reference: contract.reference,
        paid_at: contract.paid_at,
        invoice_status: invoiceStatus,
      },
    });
    await notifyUser(
      invoice.userId,
      {
        type: "payment_recorded",
        title: paid ? `Factura ${invoice.invoiceNumber} pagada` : `Pago recibido: factura ${invoice.invoiceNumber}`,
        body: `Registramos tu pago de ${formatMoney(contract.amount, contract.currency)} por ${PAYMENT_METHOD_LABELS[contract.method]}.${balanceText}`,
        link: `/client/invoices/${invoice.id}`,
        data: { invoice_id: invoice.id, payment_id: contract.id },
      },
      tx,
    );
    return { result: { ...contract, invoice_status: invoiceStatus, balance: newBalance }, balanceText };
  });
  const { result, balanceText } = outcome;
  await emailUser(result.user.id, {
    subject: result.invoice_status === "paid" ? `Factura ${result.invoice?.invoice_number} pagada` : `Pago recibido: factura ${result.invoice?.invoice_number}`,
    text: `Hola, ${result.user.name}:\n\nRegistramos tu pago de ${formatMoney(result.amount, result.currency)} por ${PAYMENT_METHOD_LABELS[result.method]}.${result.invoice_status === "paid" ? " La factura quedó pagada." : balanceText}`,
    link: result.invoice ? `/client/invoices/${result.invoice.id}` : "/client/payments",
    kind: "payment",
    related: { type: "payment", id: result.id },
  });
  return result;
}
