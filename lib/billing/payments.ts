import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { invalid, conflict, parseWith } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/format";
import { emailUser } from "@/lib/notifications/email";
import { notifyUser } from "@/lib/notifications/service";
import { businessDate, calendarDate, formatCalendarDate } from "@/lib/dates";
import { lockRow } from "./guards";
import { PAYMENT_METHOD_LABELS } from "./labels";
import { addMoney, balanceDue, compareMoney } from "./money";
import { BILLING_MESSAGES, paymentCreateSchema } from "./schema";
import { paymentSelect, serializePayment, type PaymentContract } from "./serialize";

// Recording a payment against an invoice, the only write of payments (the admin screen's server
// action and the REST handler call it): validated with the shared schema, written with its audit
// entry and the client's bell notification in one transaction, e-mailed after the commit.

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
      select: { id: true, invoiceNumber: true, userId: true, status: true, amount: true, amountPaid: true, amountCredited: true, currency: true, issuedAt: true },
    });
    // A payment cannot predate its invoice (both Lima calendar dates).
    const issuedOn = calendarDate(invoice.issuedAt);
    if (data.paid_at && data.paid_at < issuedOn) {
      throw invalid({ paid_at: [BILLING_MESSAGES.paidBeforeIssue(formatCalendarDate(issuedOn))] }, BILLING_MESSAGES.invalid);
    }
    if (invoice.status === "cancelled") throw conflict(BILLING_MESSAGES.invoiceCancelled);
    if (invoice.status === "paid") throw conflict(BILLING_MESSAGES.invoicePaid);
    const balance = balanceDue(invoice.amount.toFixed(2), invoice.amountPaid.toFixed(2), invoice.amountCredited.toFixed(2));
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
    const paid = compareMoney(balanceDue(invoice.amount.toFixed(2), amountPaid, invoice.amountCredited.toFixed(2)), 0) === 0;
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
    const newBalance = balanceDue(invoice.amount.toFixed(2), amountPaid, invoice.amountCredited.toFixed(2));
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
