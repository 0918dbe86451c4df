import Link from "next/link";
import { formatShortDay } from "@/components/account/dates";
import { PaymentReportStatusBadge } from "@/components/billing/payment-report-status-badge";
import { DateTimeText } from "@/components/ui/email-text";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";
import { formatMoney } from "@/lib/format";
import { PaymentReportReviewActions, VoucherPreview } from "./payment-report-review";

// "Pagos informados" on the admin's invoice detail: what the client reported for this invoice,
// newest first, with the voucher and, while one waits, "Confirmar" and "Rechazar" (the same
// review as "Pagos por confirmar"). Nothing when the client never reported one.

export function InvoicePaymentReports({ invoice }: { invoice: Pick<InvoiceDetailContract, "payment_reports"> }) {
  const reports = invoice.payment_reports;
  if (reports.length === 0) return null;
  return (
    <section className="mt-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6" aria-labelledby="detalle-pagos-informados" data-testid="invoice-payment-reports">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="detalle-pagos-informados" className="text-base font-semibold text-ink-900">
          Pagos informados por el cliente
        </h2>
        <Link href="/admin/payment-reports" className="text-sm text-brand-800 underline-offset-2 hover:underline">
          Pagos por confirmar
        </Link>
      </div>
      <ul className="mt-3 divide-y divide-ink-100">
        {reports.map((report) => (
          <li key={report.id} className="flex flex-wrap items-start justify-between gap-4 py-3 text-sm">
            <div className="flex min-w-0 gap-4">
              <VoucherPreview report={report} />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink-900">
                  {formatMoney(report.amount, report.currency)} · {report.method_label}
                  <PaymentReportStatusBadge status={report.status} />
                </p>
                <p className="text-xs text-ink-600">
                  Pagado el <time dateTime={report.paid_at}>{formatShortDay(report.paid_at)}</time>
                  {report.reference && <> · N.º op. {report.reference}</>} · informado el <DateTimeText value={report.created_at} />
                </p>
                {report.reviewed_by && (
                  <p className="text-xs text-ink-600">
                    {report.status === "confirmed" ? "Confirmado" : "Rechazado"} por {report.reviewed_by.name}
                    {report.payment_id !== null && <> · Pago #{report.payment_id}</>}
                  </p>
                )}
                {report.reject_reason && <p className="mt-0.5 break-words text-red-800">Motivo: {report.reject_reason}</p>}
              </div>
            </div>
            <PaymentReportReviewActions report={report} />
          </li>
        ))}
      </ul>
    </section>
  );
}
