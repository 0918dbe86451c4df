import { addMoney, balanceDue } from "./money";

// "Informar pago" as the screens show it: the voucher's limits, the report's states and their
// names, and what an invoice still admits. Pure, without zod (lib/billing/payment-report-schema.ts
// holds the schemas and re-exports these): the client's invoice and the admin's list import them
// without loading the form's schema.

/** The voucher's largest size: 5 MB. */
export const VOUCHER_MAX_BYTES = 5 * 1024 * 1024;

/** What a voucher may be, decided by its bytes (file-type), never by its name or declared type. */
export const VOUCHER_MIME_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "application/pdf"] as const;
export type VoucherMime = (typeof VOUCHER_MIME_TYPES)[number];

/** What the file input offers. */
export const VOUCHER_ACCEPT = [...VOUCHER_MIME_TYPES, ".png", ".jpg", ".jpeg", ".webp", ".gif", ".pdf"].join(",");

export const PAYMENT_REPORT_LIMITS = {
  reference: 100,
  rejectReasonMin: 3,
  rejectReason: 500,
  voucherName: 255,
} as const;

export const PAYMENT_REPORT_STATUSES = ["pending", "confirmed", "rejected"] as const;
export type PaymentReportStatusCode = (typeof PAYMENT_REPORT_STATUSES)[number];
export const PAYMENT_REPORT_STATUS_LABELS: Record<PaymentReportStatusCode, string> = {
  pending: "Por confirmar",
  confirmed: "Confirmado",
  rejected: "Rechazado",
};

/** What an invoice still admits in reports: its balance less the reports still pending. */
export function reportableAmount(balance: string, pendingAmounts: readonly string[]): string {
  const pending = pendingAmounts.reduce((sum, amount) => addMoney(sum, amount), "0.00");
  return balanceDue(balance, pending);
}

/** The limits one invoice sets on a report: not paid before it was issued, not above what is left. */
export type ReportLimits = { issuedOn: string; balance: string; pendingAmounts: readonly string[]; currency: string };
