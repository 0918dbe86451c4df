import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AreaPage } from "@/components/account/area-shell";
import { formatLongDay, isoDay } from "@/components/account/dates";
import { InvoiceStatusBadge, paymentMethodLabel } from "@/components/client/billing-badges";
import { InvoicePaymentInstructions } from "@/components/billing/payment-instructions";
import { clientSunatExplanation, SunatStatusBadge } from "@/components/client/sunat-status";
import { ReportPaymentButton } from "@/components/client/payment-report-form";
import { PaymentReportsPanel } from "@/components/client/payment-reports-panel";
import { buttonClasses } from "@/components/ui/button";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { taxIdLabel } from "@/lib/billing/labels";
import { strictId } from "@/lib/ids";
import { findInvoiceDetail } from "@/lib/billing/invoice-reader";
import { formatDate, formatMoney } from "@/lib/format";

export const metadata: Metadata = { title: "Detalle de factura" };

function Party({ title, name, taxId, extra }: { title: string; name: string; taxId: string | null; extra?: string | null }) {
  return (
    <div className="rounded-2xl border border-ink-200 bg-white p-5 shadow-card">
      <h2 className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{title}</h2>
      <p className="mt-2 font-semibold text-ink-900">{name}</p>
      <p className="mt-1 text-sm text-ink-700">
        {taxId ? (
          <>
            {taxIdLabel(taxId)}: <span className="font-mono">{taxId}</span>
          </>
        ) : (
          taxIdLabel(taxId)
        )}
      </p>
      {extra && <p className="mt-1 text-sm break-words text-ink-600">{extra}</p>}
    </div>
  );
}

function Total({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between gap-6 border-t border-ink-200 pt-2 text-base font-bold text-ink-900" : "flex justify-between gap-6 text-sm text-ink-700"}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{children}</dd>
    </div>
  );
}

/**
 * One invoice of the client: both parties, lines, Op. gravada, IGV, total, its state with SUNAT,
 * its notas de crédito, payments, balance, and its files (the PDF; the signed XML once signed;
 * SUNAT's CDR once SUNAT answered).
 */
export default async function ClientInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireClientAreaUser();
  const id = strictId((await params).id);
  const invoice = id === null ? null : await findInvoiceDetail(id, { ownerId: user.id });
  if (!invoice) notFound();
  const money = (value: string) => formatMoney(value, invoice.currency);
  const igvPercent = Number(invoice.tax_rate).toString();

  return (
    <AreaPage>
      <nav aria-label="Ruta de navegación" className="text-sm">
        <Link href="/client/invoices" className="font-semibold text-brand-700 hover:underline">
          ← Facturas
        </Link>
      </nav>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-ink-600">{invoice.document_type}</p>
          <h1 className="font-mono text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{invoice.invoice_number}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-700">
            <InvoiceStatusBadge status={invoice.status} />
            <span>
              Emitida el <time dateTime={isoDay(invoice.issued_at)}>{formatLongDay(invoice.issued_at)}</time>
            </span>
            {invoice.due_date && (
              <span>
                Vence el <time dateTime={isoDay(invoice.due_date)}>{formatLongDay(invoice.due_date)}</time>
              </span>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <ReportPaymentButton invoice={invoice} />
          <a href={`/api/v1/client/invoices/${invoice.id}/pdf`} className={buttonClasses("primary", "md")} download>
            Descargar PDF<span className="sr-only"> de la factura {invoice.invoice_number}</span>
          </a>
          {invoice.sunat.hash && (
            <a href={`/api/v1/client/invoices/${invoice.id}/xml`} className={buttonClasses("outline", "md")} download>
              Descargar XML<span className="sr-only"> de la factura {invoice.invoice_number}</span>
            </a>
          )}
          {invoice.sunat.answered_at && (
            <a href={`/api/v1/client/invoices/${invoice.id}/cdr`} className={buttonClasses("outline", "md")} download>
              Descargar CDR<span className="sr-only"> (constancia de SUNAT) de la factura {invoice.invoice_number}</span>
            </a>
          )}
        </div>
      </div>

      <PaymentReportsPanel invoice={invoice} />

      <section aria-labelledby="sunat-factura" className="mt-6 rounded-2xl border border-ink-200 bg-white px-5 py-4 shadow-card" data-testid="invoice-sunat">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="sunat-factura" className="text-base font-semibold text-ink-900">
            SUNAT
          </h2>
          <SunatStatusBadge sunat={invoice.sunat} />
        </div>
        <p className="mt-1 text-sm text-ink-700">{clientSunatExplanation(invoice.sunat)}</p>
        {invoice.sunat.hash && (
          <p className="mt-1 text-xs break-all text-ink-600">
            Código hash: <span className="font-mono">{invoice.sunat.hash}</span>
          </p>
        )}
      </section>

      {invoice.status === "cancelled" && (
        <p className="mt-4 rounded-xl border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-800">
          Esta factura fue anulada{invoice.cancelled_at ? ` el ${formatDate(invoice.cancelled_at)}` : ""}
          {invoice.cancel_reason ? `: ${invoice.cancel_reason}` : "."}
        </p>
      )}

      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <Party title="Emisor" name={invoice.issuer.name} taxId={invoice.issuer.tax_id} extra={invoice.issuer.address} />
        <Party title="Cliente" name={invoice.customer.name} taxId={invoice.customer.tax_id} extra={invoice.customer.email} />
      </div>

      <section aria-labelledby="detalle-factura" className="mt-6 overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-card">
        <h2 id="detalle-factura" className="border-b border-ink-200 px-5 py-3 text-base font-semibold text-ink-900">
          Detalle
        </h2>
        {/* Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too. */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Líneas de la factura ${invoice.invoice_number}`}>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Líneas de la factura {invoice.invoice_number}</caption>
            <thead className="bg-ink-50 text-xs font-semibold tracking-wide text-ink-700 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2.5">Descripción</th>
                <th scope="col" className="px-3 py-2.5 text-right">Cant.</th>
                <th scope="col" className="px-3 py-2.5 text-right">P. unitario</th>
                <th scope="col" className="px-5 py-2.5 text-right">Importe</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {invoice.lines.map((line) => (
                <tr key={line.position}>
                  <td className="px-5 py-3 break-words text-ink-900">{line.description}</td>
                  <td className="px-3 py-3 text-right whitespace-nowrap">{Number(line.quantity).toLocaleString("es-PE", { maximumFractionDigits: 2 })}</td>
                  <td className="px-3 py-3 text-right whitespace-nowrap">{money(line.unit_price)}</td>
                  <td className="px-5 py-3 text-right whitespace-nowrap">{money(line.line_total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ml-auto flex max-w-sm flex-col gap-1.5 border-t border-ink-200 px-5 py-4" data-testid="invoice-totals">
          <Total label="Op. gravada">{money(invoice.subtotal)}</Total>
          <Total label={`IGV (${igvPercent} %)`}>{money(invoice.tax_amount)}</Total>
          <Total label="Total" strong>
            {money(invoice.amount)}
          </Total>
        </dl>
      </section>

      {invoice.credit_notes.length > 0 && (
        <section aria-labelledby="notas-factura" className="mt-6 rounded-2xl border border-ink-200 bg-white shadow-card" data-testid="invoice-credit-notes">
          <h2 id="notas-factura" className="border-b border-ink-200 px-5 py-3 text-base font-semibold text-ink-900">
            Notas de crédito
          </h2>
          <ul className="divide-y divide-ink-100">
            {invoice.credit_notes.map((note) => (
              <li key={note.id} className="flex flex-wrap items-start justify-between gap-x-6 gap-y-1 px-5 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-mono font-semibold text-ink-900">{note.number}</p>
                  <p className="text-ink-700">
                    <time dateTime={isoDay(note.issued_at)}>{formatLongDay(note.issued_at)}</time> · {note.reason}
                  </p>
                  {note.description && <p className="break-words text-ink-600">{note.description}</p>}
                </div>
                <span className="font-semibold whitespace-nowrap text-ink-900">−{money(note.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="pagos-factura" className="mt-6 rounded-2xl border border-ink-200 bg-white shadow-card">
        <h2 id="pagos-factura" className="border-b border-ink-200 px-5 py-3 text-base font-semibold text-ink-900">
          Pagos
        </h2>
        {invoice.payments.length === 0 ? (
          <p className="px-5 py-4 text-sm text-ink-600">Todavía no hay pagos registrados para esta factura.</p>
        ) : (
          <ul className="divide-y divide-ink-100">
            {invoice.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1 px-5 py-3 text-sm">
                <span className="text-ink-700">
                  <time dateTime={payment.paid_at}>{formatDate(payment.paid_at)}</time> · {paymentMethodLabel(payment.method)}
                  {payment.reference && <span className="font-mono text-xs break-all"> · {payment.reference}</span>}
                </span>
                <span className="font-semibold whitespace-nowrap text-ink-900">{money(payment.amount)}</span>
              </li>
            ))}
          </ul>
        )}
        <dl className="ml-auto flex max-w-sm flex-col gap-1.5 border-t border-ink-200 px-5 py-4" data-testid="invoice-balance">
          {Number(invoice.amount_credited) > 0 && (
            <>
              <Total label="Total de la factura">{money(invoice.amount)}</Total>
              <Total label="Notas de crédito">−{money(invoice.amount_credited)}</Total>
            </>
          )}
          <Total label="Pagado">{money(invoice.amount_paid)}</Total>
          <Total label="Saldo pendiente" strong>
            {money(invoice.balance)}
          </Total>
        </dl>
      </section>

      <InvoicePaymentInstructions invoice={invoice} />
    </AreaPage>
  );
}
