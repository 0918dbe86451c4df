import "server-only";
import { randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { Actor, AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { businessDate, calendarDate, dateColumn, formatCalendarDate } from "@/lib/dates";
import { conflict, fieldErrors, invalid, notFound, parseWith, rateLimited, type FieldErrors } from "@/lib/errors";
import { formatMoney } from "@/lib/format";
import { parseRecordId } from "@/lib/ids";
import { mediaStorage } from "@/lib/media/storage";
import { emailAdmins, emailUser } from "@/lib/notifications/email";
import { notifyAdmins, notifyUser } from "@/lib/notifications/service";
import type { Currency } from "@/lib/generated/prisma/client";
import { hitRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { lockRow, type Tx } from "./guards";
import { isOpenInvoice, PAYMENT_METHOD_LABELS } from "./labels";
import { balanceDue, compareMoney } from "./money";
import { addPaymentInTx, lockInvoiceForPayment, paymentInstant } from "./payments";
import {
  PAYMENT_REPORT_MESSAGES,
  paymentReportRejectSchema,
  paymentReportSchema,
  reportLimitErrors,
  VOUCHER_MAX_BYTES,
  VOUCHER_MIME_TYPES,
  voucherFileName,
  type PaymentReportInput,
  type VoucherMime,
} from "./payment-report-schema";
import { paymentReportSelect, serializePaymentReport, type PaymentReportContract } from "./payment-report-serialize";
import { BILLING_MESSAGES } from "./schema";
import { invoiceState } from "./state";

// "Informar pago" and its review: the one write path of payment reports. A report changes no
// balance: the client says it paid (with the voucher, kept privately in the media storage under
// vouchers/…), the admins are told, and an admin either confirms it, which records the real
// payment through addPaymentInTx with every rule of a payment, or rejects it with a reason the
// client reads. Each write is one transaction with its audit entry and bell notifications; the
// e-mails go after the commit.

const ENTITY = "payment_report";
const MESSAGES = PAYMENT_REPORT_MESSAGES;

/** Reports per client and hour: each one notifies and e-mails every admin and may carry 5 MB. */
export const PAYMENT_REPORT_RATE_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 3600 };

/** The voucher as the route read it: its bytes and the name it was sent with. */
export type VoucherUpload = { data: Uint8Array; fileName: string };

type CheckedVoucher = { data: Uint8Array; name: string; mime: VoucherMime };

/** Why the voucher is refused (empty, over 5 MB, a bad name, not an image or PDF by its bytes), or the voucher to keep. */
async function checkVoucher(voucher: VoucherUpload): Promise<CheckedVoucher | string> {
  if (!(voucher.data instanceof Uint8Array) || voucher.data.byteLength === 0) return MESSAGES.voucherEmpty;
  if (voucher.data.byteLength > VOUCHER_MAX_BYTES) return MESSAGES.voucherTooLarge(voucher.data.byteLength);
  const name = voucherFileName(String(voucher.fileName ?? ""));
  if (name === null) return MESSAGES.voucherName;
  const type = await fileTypeFromBuffer(voucher.data).catch(() => undefined);
  if (!type || !(VOUCHER_MIME_TYPES as readonly string[]).includes(type.mime)) return MESSAGES.voucherType;
  return { data: voucher.data, name, mime: type.mime as VoucherMime };
}

/** Removes a stored voucher (best effort: a failure is logged, never thrown). */
async function removeVoucher(key: string): Promise<void> {
  try {
    await mediaStorage().delete([key]);
  } catch (error) {
    console.error("[billing] No se pudo borrar un comprobante del almacenamiento:", (error as Error).message);
  }
}

/** The invoice a client reports a payment of, with what its pending reports already claim. */
type ReportTarget = {
  id: number;
  invoiceNumber: string;
  currency: Currency;
  issuedOn: string;
  balance: string;
  pendingAmounts: string[];
  state: ReturnType<typeof invoiceState>;
};

/** The caller's own invoice (anyone else's is a 404 like an unknown one). */
async function readTarget(client: Tx | typeof db, invoiceId: number, ownerId: string, today: string): Promise<ReportTarget> {
  const invoice = await client.invoice.findFirst({
    where: { id: invoiceId, userId: ownerId },
    select: { id: true, invoiceNumber: true, currency: true, status: true, amount: true, amountPaid: true, amountCredited: true, issuedAt: true, dueDate: true },
  });
  if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  const pending = await client.paymentReport.findMany({ where: { invoiceId, status: "pending" }, select: { amount: true } });
  const paid = invoice.amountPaid.toFixed(2);
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    currency: invoice.currency,
    issuedOn: calendarDate(invoice.issuedAt),
    balance: balanceDue(invoice.amount.toFixed(2), paid, invoice.amountCredited.toFixed(2)),
    pendingAmounts: pending.map((report) => report.amount.toFixed(2)),
    state: invoiceState({ status: invoice.status, amountPaid: paid, dueDate: invoice.dueDate ? calendarDate(invoice.dueDate) : null }, today),
  };
}

/** Only an open invoice takes a report: 409 for a paid or cancelled one. */
function assertOpen(target: ReportTarget): void {
  if (isOpenInvoice(target.state)) return;
  throw conflict(target.state === "cancelled" ? BILLING_MESSAGES.invoiceCancelled : BILLING_MESSAGES.invoicePaid);
}

const limitsOf = (target: ReportTarget) => ({ issuedOn: target.issuedOn, balance: target.balance, pendingAmounts: target.pendingAmounts, currency: target.currency });

/**
 * "Informar pago" and POST /api/v1/client/invoices/{id}/payment-reports: the signed-in client
 * says it paid `amount` of its own open invoice on `paid_at` by `method`, with an optional
 * operation number and voucher. 404 for an unknown or another client's invoice, 409 for one that
 * is paid or cancelled, 422 per field for bad input (a future day or one before the issue date,
 * an amount above the balance less the reports still pending, a voucher that is not an image or
 * a PDF by its bytes or is over 5 MB), 429 past the hourly limit. Everything is checked before
 * the voucher is stored; if the write then fails, the stored voucher is removed. The balance
 * does not change: an admin confirms the payment first.
 */
export async function reportPayment(actor: Actor, invoiceId: unknown, input: unknown, voucher: VoucherUpload | null = null): Promise<PaymentReportContract> {
  const id = parseRecordId(invoiceId, BILLING_MESSAGES.invoiceNotFound);
  // One Lima day for the whole report.
  const today = businessDate();
  const target = await readTarget(db, id, actor.id, today);
  assertOpen(target);

  // Every field and the voucher's bytes, answered together, before anything is written.
  const parsed = paymentReportSchema.safeParse(input);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const checked = voucher ? await checkVoucher(voucher) : null;
  if (typeof checked === "string") errors.voucher = [checked];
  if (parsed.success) Object.assign(errors, reportLimitErrors(parsed.data, limitsOf(target)));
  if (!parsed.success || Object.keys(errors).length > 0) throw invalid(errors, MESSAGES.invalid);
  const data: PaymentReportInput = parsed.data;
  const file = checked as CheckedVoucher | null;

  const { allowed, retryAfterSeconds } = await hitRateLimit(`payment-report:${actor.id}`, PAYMENT_REPORT_RATE_LIMIT);
  if (!allowed) throw rateLimited(retryAfterSeconds, "Informaste demasiados pagos seguidos. Inténtalo de nuevo más tarde.");

  const voucherKey = file ? `vouchers/${randomUUID()}` : null;
  if (file && voucherKey) await mediaStorage().put(voucherKey, file.data, file.mime);
  let row;
  try {
    row = await db.$transaction(async (tx) => {
      // The invoice is locked, so two reports at once never claim more than its balance.
      if (!(await lockRow(tx, "invoices", id))) throw notFound(BILLING_MESSAGES.invoiceNotFound);
      // Read again under the lock: a payment or another report may have come in meanwhile.
      const locked = await readTarget(tx, id, actor.id, today);
      assertOpen(locked);
      const late = reportLimitErrors(data, limitsOf(locked));
      if (Object.keys(late).length > 0) throw invalid(late, MESSAGES.invalid);
      const created = await tx.paymentReport.create({
        data: {
          invoiceId: id,
          userId: actor.id,
          amount: data.amount,
          currency: locked.currency,
          paidOn: dateColumn(data.paid_at),
          method: data.method,
          reference: data.reference ?? null,
          voucherKey,
          voucherName: file?.name ?? null,
          voucherMime: file?.mime ?? null,
          voucherBytes: file ? file.data.byteLength : null,
        },
        select: paymentReportSelect,
      });
      await recordAudit(tx, actor, {
        action: `${ENTITY}.create`,
        entityType: ENTITY,
        entityId: created.id,
        after: {
          invoice_number: target.invoiceNumber,
          amount: data.amount,
          currency: target.currency,
          method: data.method,
          reference: data.reference ?? null,
          paid_at: data.paid_at,
          voucher_name: file?.name ?? null,
          status: "pending",
        },
      });
      await notifyAdmins(
        {
          type: "payment_report",
          title: `Pago informado: factura ${target.invoiceNumber}`,
          body: `${actor.name} informó un pago de ${formatMoney(data.amount, target.currency)} por ${PAYMENT_METHOD_LABELS[data.method]} el ${formatCalendarDate(data.paid_at)}.`,
          link: "/admin/payment-reports",
          data: { invoice_id: id, payment_report_id: created.id },
        },
        tx,
      );
      return created;
    });
  } catch (error) {
    if (voucherKey) await removeVoucher(voucherKey);
    throw error;
  }

  const report = serializePaymentReport(row, "client");
  await emailAdmins({
    subject: `Pago por confirmar: factura ${report.invoice.invoice_number}`,
    text:
      `Hola:\n\n${report.user.name} (${report.user.email}) informó un pago de ${formatMoney(report.amount, report.currency)} ` +
      `por ${report.method_label} el ${formatCalendarDate(report.paid_at)} para la factura ${report.invoice.invoice_number}` +
      `${report.reference ? ` (n.º de operación ${report.reference})` : ""}.` +
      `${report.voucher ? " Adjuntó el comprobante." : " No adjuntó comprobante."}\n\n` +
      "Revísalo en «Pagos por confirmar» y confírmalo o recházalo.",
    link: "/admin/payment-reports",
    kind: "payment",
    related: { type: ENTITY, id: report.id },
  });
  return report;
}

// ── Review ───────────────────────────────────────────────────────────────────

/** Locks the report row (two admins reviewing it queue) and reads what a review needs; 404 when unknown. */
async function lockReport(tx: Tx, id: number) {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM payment_reports WHERE id = ${id} FOR UPDATE`;
  if (rows.length === 0) throw notFound(MESSAGES.notFound);
  const report = await tx.paymentReport.findUniqueOrThrow({
    where: { id },
    select: { id: true, invoiceId: true, userId: true, amount: true, currency: true, paidOn: true, method: true, reference: true, status: true, invoice: { select: { invoiceNumber: true } } },
  });
  if (report.status !== "pending") throw conflict(MESSAGES.alreadyReviewed(report.status));
  return report;
}

/**
 * "Confirmar" and POST /api/v1/admin/payment-reports/{id}/confirm: the report becomes the real
 * payment, with the rules of "Registrar pago" (the report, then the invoice, locked; a payment
 * above the current balance is a 422 that tells the admin to reject it or record the right amount
 * by hand; a paid or cancelled invoice is a 409). 404 unknown, 409 already confirmed or rejected:
 * two admins confirming at once record one payment. The client is told in the bell and by e-mail.
 */
export async function confirmPaymentReport(actor: AdminActor, id: unknown): Promise<PaymentReportContract> {
  const reportId = parseRecordId(id, MESSAGES.notFound);
  const outcome = await db.$transaction(async (tx) => {
    const report = await lockReport(tx, reportId);
    const invoice = await lockInvoiceForPayment(tx, report.invoiceId);
    if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    if (invoice.status === "cancelled") throw conflict(MESSAGES.confirmCancelledInvoice);
    if (invoice.status === "paid") throw conflict(MESSAGES.confirmPaidInvoice);
    const amount = report.amount.toFixed(2);
    const balance = balanceDue(invoice.amount, invoice.amountPaid, invoice.amountCredited);
    if (compareMoney(amount, balance) > 0) {
      const message = MESSAGES.confirmAboveBalance(formatMoney(amount, invoice.currency), formatMoney(balance, invoice.currency));
      throw invalid({ amount: [message] }, message);
    }
    const paidOn = calendarDate(report.paidOn);
    const added = await addPaymentInTx(tx, invoice, { amount, method: report.method, reference: report.reference, paidAt: paymentInstant(paidOn) });
    const row = await tx.paymentReport.update({
      where: { id: reportId },
      data: { status: "confirmed", reviewedById: actor.id, reviewedAt: new Date(), paymentId: added.payment.id },
      select: paymentReportSelect,
    });
    await recordAudit(tx, actor, {
      action: `${ENTITY}.confirm`,
      entityType: ENTITY,
      entityId: reportId,
      before: { status: "pending", payment_id: null },
      after: { status: "confirmed", payment_id: added.payment.id, invoice_number: invoice.invoiceNumber, amount, currency: invoice.currency, invoice_status: added.invoiceStatus },
    });
    await recordAudit(tx, actor, {
      action: "payment.create",
      entityType: "payment",
      entityId: added.payment.id,
      after: {
        invoice_number: invoice.invoiceNumber,
        amount,
        currency: invoice.currency,
        method: report.method,
        reference: report.reference,
        paid_at: added.payment.paid_at,
        invoice_status: added.invoiceStatus,
        payment_report_id: reportId,
      },
    });
    const money = formatMoney(amount, invoice.currency);
    await notifyUser(
      invoice.userId,
      {
        type: "payment_report_confirmed",
        title: added.paid ? `Factura ${invoice.invoiceNumber} pagada` : `Pago confirmado: factura ${invoice.invoiceNumber}`,
        body: `Confirmamos tu pago de ${money} por ${PAYMENT_METHOD_LABELS[report.method]}.${added.paid ? " La factura quedó pagada." : ` Saldo pendiente: ${formatMoney(added.balance, invoice.currency)}.`}`,
        link: `/client/invoices/${invoice.id}`,
        data: { invoice_id: invoice.id, payment_id: added.payment.id, payment_report_id: reportId },
      },
      tx,
    );
    return { row, added, invoice, paidOn };
  });

  const { row, added, invoice, paidOn } = outcome;
  const report = serializePaymentReport(row, "admin");
  await emailUser(invoice.userId, {
    subject: added.paid ? `Confirmamos tu pago: factura ${invoice.invoiceNumber} pagada` : `Confirmamos tu pago: factura ${invoice.invoiceNumber}`,
    text:
      `Hola, ${report.user.name}:\n\nConfirmamos tu pago de ${formatMoney(report.amount, report.currency)} por ${report.method_label} ` +
      `del ${formatCalendarDate(paidOn)} para la factura ${invoice.invoiceNumber}.` +
      `${added.paid ? " La factura quedó pagada." : ` Saldo pendiente: ${formatMoney(added.balance, invoice.currency)}.`}\n\nGracias por tu pago.`,
    link: `/client/invoices/${invoice.id}`,
    kind: "payment",
    related: { type: "payment", id: added.payment.id },
  });
  return report;
}

/**
 * "Rechazar" and POST /api/v1/admin/payment-reports/{id}/reject `{ reason }`: the report is
 * closed without a payment; the client reads the reason in the bell and by e-mail. 422 without a
 * reason (3–500 characters), 404 unknown, 409 already confirmed or rejected.
 */
export async function rejectPaymentReport(actor: AdminActor, id: unknown, input: unknown): Promise<PaymentReportContract> {
  const reportId = parseRecordId(id, MESSAGES.notFound);
  const { reason } = parseWith(paymentReportRejectSchema, input, MESSAGES.invalid);
  const row = await db.$transaction(async (tx) => {
    const report = await lockReport(tx, reportId);
    const updated = await tx.paymentReport.update({
      where: { id: reportId },
      data: { status: "rejected", rejectReason: reason, reviewedById: actor.id, reviewedAt: new Date() },
      select: paymentReportSelect,
    });
    await recordAudit(tx, actor, {
      action: `${ENTITY}.reject`,
      entityType: ENTITY,
      entityId: reportId,
      before: { status: "pending", reject_reason: null },
      after: { status: "rejected", reject_reason: reason, invoice_number: report.invoice.invoiceNumber, amount: report.amount.toFixed(2), currency: report.currency },
    });
    await notifyUser(
      report.userId,
      {
        type: "payment_report_rejected",
        title: `No pudimos confirmar tu pago: factura ${report.invoice.invoiceNumber}`,
        body: `Motivo: ${reason}`,
        link: `/client/invoices/${report.invoiceId}`,
        data: { invoice_id: report.invoiceId, payment_report_id: reportId },
      },
      tx,
    );
    return updated;
  });

  const report = serializePaymentReport(row, "admin");
  await emailUser(report.user.id, {
    subject: `No pudimos confirmar tu pago: factura ${report.invoice.invoice_number}`,
    text:
      `Hola, ${report.user.name}:\n\nRevisamos el pago de ${formatMoney(report.amount, report.currency)} por ${report.method_label} ` +
      `del ${formatCalendarDate(report.paid_at)} que informaste para la factura ${report.invoice.invoice_number}, y no pudimos confirmarlo.\n\n` +
      `Motivo: ${reason}\n\nSi crees que es un error, escríbenos desde Soporte en tu portal, o vuelve a informar el pago con el comprobante correcto.`,
    link: `/client/invoices/${report.invoice.id}`,
    kind: "payment",
    related: { type: ENTITY, id: report.id },
  });
  return report;
}
