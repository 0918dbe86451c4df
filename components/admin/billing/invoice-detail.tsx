import Link from "next/link";
import type { ReactNode } from "react";
import { formatLongDay, formatShortDay, isoDay } from "@/components/account/dates";
import { isOpenInvoice, PAYMENT_METHOD_LABELS, reminderStepLabel, taxIdLabel } from "@/lib/billing/labels";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";
import { compareMoney } from "@/lib/billing/money";
import { businessDate } from "@/lib/dates";
import { formatDate, formatMoney } from "@/lib/format";
import { InvoiceStatusBadge, PaymentStatusBadge, SunatStatusBadge } from "./billing-badges";
import { CustomerCreditPanel, type CustomerCreditBalance } from "./customer-credit-panel";
import { InvoiceDetailActions } from "./invoice-detail-actions";
import { InvoicePaymentReports } from "./invoice-payment-reports";
import { SunatPanel } from "./sunat-panel";

// The admin's invoice detail (/admin/invoices/{id}): issuer and customer as copied at issue
// time, lines, Op. gravada / IGV / Total, payments, notas de crédito, balance and status, where
// its electronic document stands with SUNAT, with its actions, the payment reminders sent, and
// the client's credit (saldo a favor) when they have any.

/** A titled block, named by its heading for screen readers ("Notas de crédito", "Pagos", …). */
function Block({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `bloque-${title.toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6">
      <h2 id={headingId} className="text-base font-semibold text-ink-900">{title}</h2>
      <div className="mt-3 text-sm text-ink-800">{children}</div>
    </section>
  );
}

type Props = {
  invoice: InvoiceDetailContract;
  /** Documents go to SUNAT's stand-in or beta: nothing sent has legal effect. */
  testMode: boolean;
  /** Today's business date ("YYYY-MM-DD"), for the voiding window; today when left out. */
  today?: string;
  /** The client's credit per currency (only those not zero); none when left out. */
  customerCredit?: CustomerCreditBalance[];
};

export function InvoiceDetailView({ invoice, testMode, today = businessDate(), customerCredit = [] }: Props) {
  const money = (value: string) => formatMoney(value, invoice.currency);
  const credited = compareMoney(invoice.amount_credited, 0) > 0;
  return (
    <>
      <nav aria-label="Ruta de navegación" className="mb-4 text-sm">
        <Link href="/admin/invoices" className="text-brand-800 underline-offset-2 hover:underline">
          ← Facturas
        </Link>
      </nav>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink-600">{invoice.document_type}</p>
          <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            {invoice.invoice_number}
            <InvoiceStatusBadge status={invoice.status} />
          </h1>
          <p className="mt-1.5 text-sm text-ink-600">
            Emitida el <time dateTime={isoDay(invoice.issued_at)}>{formatLongDay(invoice.issued_at)}</time>
            {invoice.due_date && (
              <>
                {" "}
                · vence el <time dateTime={isoDay(invoice.due_date)}>{formatLongDay(invoice.due_date)}</time>
              </>
            )}
          </p>
        </div>
        <InvoiceDetailActions invoice={invoice} today={today} />
      </div>

      {invoice.status === "cancelled" && (
        <div className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">Factura anulada el {formatDate(invoice.cancelled_at)}.</p>
          {invoice.cancel_reason && <p className="mt-1">Motivo: {invoice.cancel_reason}</p>}
        </div>
      )}

      <SunatPanel invoiceId={invoice.id} sunat={invoice.sunat} testMode={testMode} />

      <CustomerCreditPanel invoice={invoice} balances={customerCredit} />

      <InvoicePaymentReports invoice={invoice} />

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Block title="Emisor">
          <p className="font-medium text-ink-900">{invoice.issuer.name}</p>
          <p>RUC {invoice.issuer.tax_id ?? "—"}</p>
          {invoice.issuer.address && <p>{invoice.issuer.address}</p>}
        </Block>
        <Block title="Cliente">
          <p className="font-medium text-ink-900">{invoice.customer.name}</p>
          <p>{invoice.customer.tax_id ? `${taxIdLabel(invoice.customer.tax_id)} ${invoice.customer.tax_id}` : "Sin documento"}</p>
          {invoice.customer.email && <p className="break-all">{invoice.customer.email}</p>}
          <p className="mt-2 text-xs text-ink-600">
            Cuenta: {invoice.user.name} ({invoice.user.email})
          </p>
          <Link href={`/admin/statement?user_id=${encodeURIComponent(invoice.user.id)}`} className="mt-1 inline-block text-xs font-semibold text-brand-800 underline-offset-2 hover:underline">Estado de cuenta del cliente</Link>
        </Block>
      </div>

      {invoice.description && (
        <div className="mt-4">
          <Block title="Descripción">
            <p className="whitespace-pre-line">{invoice.description}</p>
          </Block>
        </div>
      )}

      <section className="mt-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6" aria-labelledby="detalle-lineas">
        <h2 id="detalle-lineas" className="text-base font-semibold text-ink-900">
          Detalle
        </h2>
        {/* Scrolls sideways on a phone: focusable, so keyboard users can scroll it too. */}
        <div className="mt-3 overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600" tabIndex={0} role="region" aria-label="Líneas de la factura (desplazable)">
          <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
            <caption className="sr-only">Líneas de la factura {invoice.invoice_number}</caption>
            <thead className="border-b border-ink-200 text-xs font-semibold tracking-wide text-ink-700 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Descripción
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Cantidad
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  P. unitario (sin IGV)
                </th>
                <th scope="col" className="py-2 pl-3 text-right">
                  Importe
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {invoice.lines.map((line) => (
                <tr key={line.position}>
                  <td className="py-2 pr-3 text-ink-900">{line.description}</td>
                  <td className="px-3 py-2 text-right">{line.quantity}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{money(line.unit_price)}</td>
                  <td className="py-2 pl-3 text-right whitespace-nowrap">{money(line.line_total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl aria-label="Totales" className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1.5 text-sm">
          <dt className="text-ink-700">Op. gravada</dt>
          <dd className="text-right font-medium">{money(invoice.subtotal)}</dd>
          <dt className="text-ink-700">IGV ({Number(invoice.tax_rate)} %)</dt>
          <dd className="text-right font-medium">{money(invoice.tax_amount)}</dd>
          <dt className="border-t border-ink-200 pt-1.5 font-semibold text-ink-900">Total</dt>
          <dd className="border-t border-ink-200 pt-1.5 text-right text-base font-bold text-ink-900">{money(invoice.amount)}</dd>
          {credited && (
            <>
              <dt className="text-ink-700">Notas de crédito</dt>
              <dd className="text-right font-medium">−{money(invoice.amount_credited)}</dd>
            </>
          )}
          <dt className="text-ink-700">Pagado</dt>
          <dd className="text-right font-medium">{money(invoice.amount_paid)}</dd>
          <dt className="font-semibold text-ink-900">Saldo</dt>
          <dd className="text-right font-semibold text-ink-900" data-testid="invoice-balance">
            {money(invoice.balance)}
          </dd>
        </dl>
      </section>

      <section className="mt-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6" aria-labelledby="detalle-pagos">
        <h2 id="detalle-pagos" className="text-base font-semibold text-ink-900">
          Pagos
        </h2>
        {invoice.payments.length === 0 ? (
          <p className="mt-3 text-sm text-ink-600">Sin pagos registrados.</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-100">
            {invoice.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-ink-900">
                    {money(payment.amount)} · {PAYMENT_METHOD_LABELS[payment.method] ?? payment.method}
                  </p>
                  <p className="text-xs text-ink-600">
                    Pago #{payment.id} · <time dateTime={payment.paid_at}>{formatShortDay(payment.paid_at)}</time>
                    {payment.reference && <> · Ref. {payment.reference}</>}
                  </p>
                </div>
                <PaymentStatusBadge status={payment.status} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6" aria-labelledby="detalle-notas" data-testid="credit-notes">
        <h2 id="detalle-notas" className="text-base font-semibold text-ink-900">
          Notas de crédito
        </h2>
        {invoice.credit_notes.length === 0 ? (
          <p className="mt-3 text-sm text-ink-600">Sin notas de crédito.</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-100">
            {invoice.credit_notes.map((note) => (
              <li key={note.id} className="flex flex-wrap items-start justify-between gap-2 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-ink-900">
                    {note.number} · {money(note.amount)}
                  </p>
                  <p className="text-xs text-ink-600">
                    <time dateTime={isoDay(note.issued_at)}>{formatShortDay(note.issued_at)}</time> · {note.reason_code} {note.reason}
                  </p>
                  <p className="mt-0.5 break-words text-ink-800">{note.description}</p>
                </div>
                <SunatStatusBadge status={note.sunat.status} voiding={note.sunat.voiding} />
              </li>
            ))}
          </ul>
        )}
        <dl aria-label="Totales de notas de crédito" className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1.5 text-sm">
          <dt className="text-ink-700">Total acreditado</dt>
          <dd className="text-right font-medium" data-testid="invoice-credited">
            {money(invoice.amount_credited)}
          </dd>
          <dt className="font-semibold text-ink-900">Saldo</dt>
          <dd className="text-right font-semibold text-ink-900">{money(invoice.balance)}</dd>
        </dl>
      </section>

      {(invoice.reminders.length > 0 || isOpenInvoice(invoice.status)) && (
        <section className="mt-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6" aria-labelledby="detalle-recordatorios" data-testid="invoice-reminders">
          <h2 id="detalle-recordatorios" className="text-base font-semibold text-ink-900">
            Recordatorios
          </h2>
          {invoice.reminders.length === 0 ? (
            <p className="mt-3 text-sm text-ink-600">Aún no se enviaron recordatorios de pago.</p>
          ) : (
            <ul className="mt-3 divide-y divide-ink-100">
              {invoice.reminders.map((reminder) => (
                <li key={reminder.sent_on} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="font-medium text-ink-900">{reminderStepLabel(reminder.step)}</span>
                  <span className="text-xs text-ink-600">
                    <time dateTime={isoDay(reminder.sent_on)}>{formatShortDay(reminder.sent_on)}</time>
                    {reminder.days_late > 0 && <> · {reminder.days_late === 1 ? "1 día de atraso" : `${reminder.days_late} días de atraso`}</>}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
