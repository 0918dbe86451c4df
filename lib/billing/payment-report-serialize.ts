import type { Currency, InvoiceStatus, PaymentMethod, PaymentReportStatus } from "@/lib/generated/prisma/client";
import { businessDate, calendarDate } from "@/lib/dates";
import { PAYMENT_METHOD_LABELS, type InvoiceStatusCode } from "./labels";
import { balanceDue } from "./money";
import { PAYMENT_REPORT_STATUS_LABELS } from "./payment-report-schema";
import { invoiceState } from "./state";

// A payment the client reported → the contract's shape. The voucher's URL is the route of the
// audience that reads it: an admin's (any report) or the client's (its own).

export type PaymentReportAudience = "admin" | "client";

type DecimalLike = { toFixed(digits: number): string };

export const paymentReportSelect = {
  id: true,
  amount: true,
  currency: true,
  paidOn: true,
  method: true,
  reference: true,
  voucherKey: true,
  voucherName: true,
  voucherMime: true,
  voucherBytes: true,
  status: true,
  rejectReason: true,
  reviewedAt: true,
  paymentId: true,
  createdAt: true,
  invoice: { select: { id: true, invoiceNumber: true, currency: true, amount: true, amountPaid: true, amountCredited: true, status: true, dueDate: true } },
  user: { select: { id: true, name: true, email: true } },
  reviewedBy: { select: { id: true, name: true } },
} as const;

export type PaymentReportRow = {
  id: number;
  amount: DecimalLike;
  currency: Currency;
  paidOn: Date;
  method: PaymentMethod;
  reference: string | null;
  voucherKey: string | null;
  voucherName: string | null;
  voucherMime: string | null;
  voucherBytes: number | null;
  status: PaymentReportStatus;
  rejectReason: string | null;
  reviewedAt: Date | null;
  paymentId: number | null;
  createdAt: Date;
  invoice: {
    id: number;
    invoiceNumber: string;
    currency: Currency;
    amount: DecimalLike;
    amountPaid: DecimalLike;
    amountCredited: DecimalLike;
    status: InvoiceStatus;
    dueDate: Date | null;
  };
  user: { id: string; name: string; email: string };
  reviewedBy: { id: string; name: string } | null;
};

export type PaymentReportContract = {
  id: number;
  /** The invoice as it stands now: its balance and derived state. */
  invoice: { id: number; invoice_number: string; currency: Currency; balance: string; status: InvoiceStatusCode };
  user: { id: string; name: string; email: string };
  amount: string;
  currency: Currency;
  /** The Lima day the client says it paid ("YYYY-MM-DD"). */
  paid_at: string;
  method: PaymentMethod;
  method_label: string;
  /** The operation number. */
  reference: string | null;
  voucher: { name: string; mime: string; bytes: number; url: string } | null;
  status: PaymentReportStatus;
  status_label: string;
  reject_reason: string | null;
  reviewed_by: { id: string; name: string } | null;
  reviewed_at: string | null;
  /** The payment a confirmation created. */
  payment_id: number | null;
  created_at: string;
};

/** Where the voucher of report `id` is downloaded, for `audience`. */
export function voucherUrl(id: number, audience: PaymentReportAudience): string {
  return audience === "admin" ? `/api/v1/admin/payment-reports/${id}/voucher` : `/api/v1/client/payment-reports/${id}/voucher`;
}

export function serializePaymentReport(row: PaymentReportRow, audience: PaymentReportAudience): PaymentReportContract {
  const invoice = row.invoice;
  const paid = invoice.amountPaid.toFixed(2);
  return {
    id: row.id,
    invoice: {
      id: invoice.id,
      invoice_number: invoice.invoiceNumber,
      currency: invoice.currency,
      balance: invoice.status === "cancelled" ? "0.00" : balanceDue(invoice.amount.toFixed(2), paid, invoice.amountCredited.toFixed(2)),
      status: invoiceState({ status: invoice.status, amountPaid: paid, dueDate: invoice.dueDate ? calendarDate(invoice.dueDate) : null }, businessDate()),
    },
    user: row.user,
    amount: row.amount.toFixed(2),
    currency: row.currency,
    paid_at: calendarDate(row.paidOn),
    method: row.method,
    method_label: PAYMENT_METHOD_LABELS[row.method] ?? row.method,
    reference: row.reference,
    voucher:
      row.voucherKey && row.voucherName && row.voucherMime && row.voucherBytes !== null
        ? { name: row.voucherName, mime: row.voucherMime, bytes: row.voucherBytes, url: voucherUrl(row.id, audience) }
        : null,
    status: row.status,
    status_label: PAYMENT_REPORT_STATUS_LABELS[row.status],
    reject_reason: row.rejectReason,
    reviewed_by: row.reviewedBy,
    reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    payment_id: row.paymentId,
    created_at: row.createdAt.toISOString(),
  };
}
