import { formatLongDay, isoDay } from "@/components/account/dates";
import { PaymentReportStatusBadge } from "@/components/billing/payment-report-status-badge";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";
import { formatMoney } from "@/lib/format";

// "Pagos informados" on the client's invoice: what the client reported ("Informar pago"), each
// with its state ("Por confirmar", "Confirmado", "Rechazado" with the reason), and, while one is
// being checked, a note saying so above the list. Nothing when the client never reported one.

type Props = { invoice: Pick<InvoiceDetailContract, "currency" | "payment_reports"> };

export function PaymentReportsPanel({ invoice }: Props) {
  const reports = invoice.payment_reports;
  if (reports.length === 0) return null;
  const money = (value: string) => formatMoney(value, invoice.currency);
  const pending = reports.filter((report) => report.status === "pending");

  return (
    <section aria-labelledby="pagos-informados" className="mt-6 rounded-2xl border border-ink-200 bg-white shadow-card" data-testid="payment-reports">
      <h2 id="pagos-informados" className="border-b border-ink-200 px-5 py-3 text-base font-semibold text-ink-900">
        Pagos informados
      </h2>
      {pending.length > 0 && (
        <div role="status" className="border-b border-amber-200 bg-amber-50 px-5 py-3 text-sm text-amber-900">
          {pending.map((report) => (
            <p key={report.id}>
              Informaste un pago de {money(report.amount)} el <time dateTime={isoDay(report.paid_at)}>{formatLongDay(report.paid_at)}</time>; lo estamos verificando.
            </p>
          ))}
        </div>
      )}
      <ul className="divide-y divide-ink-100">
        {reports.map((report) => (
          <li key={report.id} className="flex flex-wrap items-start justify-between gap-x-6 gap-y-1 px-5 py-3 text-sm">
            <div className="min-w-0">
              <p className="text-ink-700">
                <time dateTime={isoDay(report.paid_at)}>{formatLongDay(report.paid_at)}</time> · {report.method_label}
                {report.reference && <span className="font-mono text-xs break-all"> · {report.reference}</span>}
              </p>
              {report.voucher && (
                <a href={report.voucher.url} className="font-medium text-brand-800 underline underline-offset-2" download>
                  Ver comprobante<span className="sr-only"> del pago de {money(report.amount)}</span>
                </a>
              )}
              {report.status === "rejected" && report.reject_reason && <p className="mt-1 break-words text-red-800">Motivo: {report.reject_reason}</p>}
            </div>
            <div className="flex items-center gap-3">
              <span className="font-semibold whitespace-nowrap text-ink-900">{money(report.amount)}</span>
              <PaymentReportStatusBadge status={report.status} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
