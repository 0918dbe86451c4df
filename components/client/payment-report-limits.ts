import { isOpenInvoice } from "@/lib/billing/labels";
import { compareMoney } from "@/lib/billing/money";
import { reportableAmount, type ReportLimits } from "@/lib/billing/payment-report-labels";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";

// What an invoice admits in "Informar pago": shared by the button (components/client/payment-report-form.tsx)
// and the modal it loads when opened (components/client/payment-report-modal.tsx).

export type ReportInvoice = Pick<InvoiceDetailContract, "id" | "invoice_number" | "currency" | "balance" | "issued_at" | "status" | "payment_reports">;

/** What is left to report on the invoice: its balance less the reports still being checked. */
export function reportLimits(invoice: ReportInvoice): ReportLimits {
  return {
    issuedOn: invoice.issued_at,
    balance: invoice.balance,
    pendingAmounts: invoice.payment_reports.filter((report) => report.status === "pending").map((report) => report.amount),
    currency: invoice.currency,
  };
}

/** Whether the client can report a payment now: an open invoice with something left to report. */
export function canReportPayment(invoice: ReportInvoice): boolean {
  const limits = reportLimits(invoice);
  return isOpenInvoice(invoice.status) && compareMoney(reportableAmount(limits.balance, limits.pendingAmounts), 0) > 0;
}
