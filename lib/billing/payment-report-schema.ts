import { MAX_RECORD_ID } from "@/lib/ids";
import { pageParams } from "@/lib/list/paging";
import { integerParam, oneOfParam, textParam } from "@/lib/list/query-params";
import { formatCalendarDate, businessDate } from "@/lib/dates";
import { formatMoney } from "@/lib/format";
import { multilineText, optionalText, textProblem, z } from "@/lib/zod";
import { addMoney, compareMoney } from "./money";
import {
  PAYMENT_REPORT_LIMITS,
  PAYMENT_REPORT_STATUSES,
  reportableAmount,
  VOUCHER_MAX_BYTES,
  type ReportLimits,
} from "./payment-report-labels";
import { BILLING_MESSAGES, calendarDateSchema, paymentCreateSchema } from "./schema";

// "Informar pago": the client says it paid an invoice (transfer, Yape, Plin…) and may attach the
// voucher; an admin confirms it (then it becomes a real payment) or rejects it with a reason.
// Pure: the client's form, the admin's screens, the REST handlers and the service share these
// limits, messages and schemas. The limits, states and labels a screen shows live in
// ./payment-report-labels.ts (without zod), re-exported here.

export {
  PAYMENT_REPORT_LIMITS,
  PAYMENT_REPORT_STATUS_LABELS,
  PAYMENT_REPORT_STATUSES,
  reportableAmount,
  VOUCHER_ACCEPT,
  VOUCHER_MAX_BYTES,
  VOUCHER_MIME_TYPES,
} from "./payment-report-labels";
export type { PaymentReportStatusCode, ReportLimits, VoucherMime } from "./payment-report-labels";

const VOUCHER_EXTENSIONS = new Set(["png", "jpg", "jpeg", "jpe", "jfif", "webp", "gif", "pdf"]);

const megabytes = (bytes: number) => new Intl.NumberFormat("es-PE", { maximumFractionDigits: 1 }).format(Math.ceil((bytes / (1024 * 1024)) * 10) / 10);

export const PAYMENT_REPORT_MESSAGES = {
  invalid: BILLING_MESSAGES.invalid,
  notFound: "Pago informado no encontrado.",
  reference: `El número de operación no puede superar los ${PAYMENT_REPORT_LIMITS.reference} caracteres.`,
  /** Above the balance (less what the client already reported and we are checking). */
  aboveAvailable: (available: string, pending: string | null) =>
    pending === null
      ? `El monto supera el saldo pendiente de la factura (${available}).`
      : `El monto supera lo que queda por informar de la factura (${available}): ya informaste pagos por ${pending} que estamos verificando.`,
  nothingLeft: (pending: string) => `Ya informaste pagos por ${pending}, que cubren el saldo de esta factura. Los estamos verificando.`,
  voucherEmpty: "El archivo del comprobante está vacío.",
  voucherTooLarge: (bytes: number) => `El comprobante pesa ${megabytes(bytes)} MB; el máximo es 5 MB.`,
  voucherType: "El comprobante debe ser una imagen (PNG, JPEG, WebP o GIF) o un PDF.",
  voucherName: `El nombre del archivo del comprobante no es válido (máximo ${PAYMENT_REPORT_LIMITS.voucherName} caracteres, sin caracteres de control).`,
  rejectReason: `Indica el motivo del rechazo (entre ${PAYMENT_REPORT_LIMITS.rejectReasonMin} y ${PAYMENT_REPORT_LIMITS.rejectReason} caracteres).`,
  alreadyReviewed: (status: "confirmed" | "rejected") =>
    `Este pago ya fue ${status === "confirmed" ? "confirmado" : "rechazado"}: recarga la página para ver su estado.`,
  confirmAboveBalance: (amount: string, balance: string) =>
    `El pago informado (${amount}) supera el saldo pendiente de la factura (${balance}). Recházalo indicando el motivo, o registra a mano el monto correcto con «Registrar pago».`,
  confirmPaidInvoice: "La factura ya está pagada: no se puede confirmar este pago. Recházalo indicando el motivo.",
  confirmCancelledInvoice: "La factura está anulada: no se puede confirmar este pago. Recházalo indicando el motivo.",
} as const;

// ── The report ───────────────────────────────────────────────────────────────

const paidAtSchema = calendarDateSchema.refine((day) => day <= businessDate(), BILLING_MESSAGES.paidInFuture);

/**
 * POST /api/v1/client/invoices/{id}/payment-reports (multipart text fields) and "Informar pago":
 * the day is a Lima calendar day, not in the future; the invoice's own limits (issue date,
 * balance) are checked by the service, and by the form with paymentReportFormSchema.
 */
export const paymentReportSchema = z.object(
  {
    amount: paymentCreateSchema.shape.amount,
    paid_at: paidAtSchema,
    method: paymentCreateSchema.shape.method,
    reference: optionalText(PAYMENT_REPORT_LIMITS.reference, PAYMENT_REPORT_MESSAGES.reference).optional(),
  },
  { error: "Envía los datos del pago: amount, paid_at, method y, si quieres, reference." },
);
export type PaymentReportInput = z.output<typeof paymentReportSchema>;

/** The field errors of a report against its invoice's limits (empty when it fits). */
export function reportLimitErrors(data: Pick<PaymentReportInput, "amount" | "paid_at">, limits: ReportLimits): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (data.paid_at < limits.issuedOn) errors.paid_at = [BILLING_MESSAGES.paidBeforeIssue(formatCalendarDate(limits.issuedOn))];
  const available = reportableAmount(limits.balance, limits.pendingAmounts);
  if (compareMoney(data.amount, available) > 0) {
    const pending = limits.pendingAmounts.length > 0 ? formatMoney(limits.pendingAmounts.reduce((sum, amount) => addMoney(sum, amount), "0.00"), limits.currency) : null;
    errors.amount = [
      compareMoney(available, 0) === 0 && pending !== null
        ? PAYMENT_REPORT_MESSAGES.nothingLeft(pending)
        : PAYMENT_REPORT_MESSAGES.aboveAvailable(formatMoney(available, limits.currency), pending),
    ];
  }
  return errors;
}

// ── The voucher ──────────────────────────────────────────────────────────────

/** A file's name as stored: its last path segment, trimmed; null when it is unusable. */
export function voucherFileName(name: string): string | null {
  const base = name.split(/[/\\]/).pop()!.trim();
  if (!base) return "comprobante";
  if ([...base].length > PAYMENT_REPORT_LIMITS.voucherName) return null;
  // The text rule of every field: no control or bidi characters, no line breaks.
  return textProblem(base, { multiline: false }) === null ? base : null;
}

/**
 * What the server would certainly refuse, said by the form before sending: empty, over 5 MB, or a
 * name whose extension is not an image or a PDF (a file without extension is sent: its bytes decide).
 */
export function voucherPrecheck(file: { name: string; size: number }): string | null {
  if (file.size === 0) return PAYMENT_REPORT_MESSAGES.voucherEmpty;
  if (file.size > VOUCHER_MAX_BYTES) return PAYMENT_REPORT_MESSAGES.voucherTooLarge(file.size);
  if (voucherFileName(file.name) === null) return PAYMENT_REPORT_MESSAGES.voucherName;
  const dot = file.name.lastIndexOf(".");
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : "";
  if (extension && !VOUCHER_EXTENSIONS.has(extension)) return PAYMENT_REPORT_MESSAGES.voucherType;
  return null;
}

/** A File-like value (the browser's File), or nothing. */
type VoucherFile = { name: string; size: number; type?: string };
const isVoucherFile = (value: unknown): value is VoucherFile =>
  typeof value === "object" && value !== null && typeof (value as VoucherFile).name === "string" && typeof (value as VoucherFile).size === "number";

/**
 * The client's "Informar pago" form: the report's schema with the invoice's limits (issue date,
 * what is left to report) and the voucher's checks, so the form refuses what the server would.
 */
export function paymentReportFormSchema(limits: ReportLimits) {
  return paymentReportSchema
    .extend({
      voucher: z.custom<VoucherFile | null>((value) => value === null || value === undefined || isVoucherFile(value), PAYMENT_REPORT_MESSAGES.voucherType).optional(),
    })
    .superRefine((data, context) => {
      for (const [field, messages] of Object.entries(reportLimitErrors(data, limits))) context.addIssue({ code: "custom", path: [field], message: messages[0] });
      if (isVoucherFile(data.voucher)) {
        const problem = voucherPrecheck(data.voucher);
        if (problem) context.addIssue({ code: "custom", path: ["voucher"], message: problem });
      }
    });
}

// ── Review ───────────────────────────────────────────────────────────────────

/** POST /api/v1/admin/payment-reports/{id}/reject and "Rechazar": the reason the client will read. */
export const paymentReportRejectSchema = z.object(
  {
    reason: multilineText({ error: PAYMENT_REPORT_MESSAGES.rejectReason })
      .min(PAYMENT_REPORT_LIMITS.rejectReasonMin, PAYMENT_REPORT_MESSAGES.rejectReason)
      .max(PAYMENT_REPORT_LIMITS.rejectReason, PAYMENT_REPORT_MESSAGES.rejectReason),
  },
  { error: "Envía un objeto JSON con reason, el motivo del rechazo." },
);
export type PaymentReportRejectInput = z.output<typeof paymentReportRejectSchema>;

/** GET /api/v1/admin/payment-reports and "Pagos por confirmar": pending unless another status is asked for. */
export const paymentReportListQuerySchema = z.object({
  ...pageParams,
  status: oneOfParam(PAYMENT_REPORT_STATUSES, "El parámetro status debe ser pending, confirmed o rejected."),
  user_id: textParam(40, "El parámetro user_id no es válido."),
  invoice_id: integerParam(1, MAX_RECORD_ID, "El parámetro invoice_id debe ser un número entero positivo."),
});
export type PaymentReportListQuery = z.output<typeof paymentReportListQuerySchema>;
