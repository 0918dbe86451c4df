import Link from "next/link";
import { AreaIcon } from "@/components/account/icons";
import type { IconName } from "@/components/icons/registry";
import { formatLongDay, formatShortDay, isoDay } from "@/components/account/dates";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/states";
import { invoiceStatusView } from "@/components/billing/invoice-status-badge";
import type { ClientDashboardData, ClientInvoiceContract, ClientSubscriptionContract } from "@/lib/billing/queries";
import { formatCalendarDate } from "@/lib/dates";
import { billingPeriodSuffix, formatMoney } from "@/lib/format";

/**
 * "US$ 149.00 / mes + IGV", "S/ 16,800.00 / año + IGV", or "… · pago único + IGV": plan prices
 * are without IGV, which each invoice adds (18 %).
 */
export function priceWithPeriod(amount: string, currency: string, period: string) {
  const money = formatMoney(amount, currency);
  const price = period === "monthly" || period === "yearly" ? `${money} / ${billingPeriodSuffix(period)}` : `${money} · ${billingPeriodSuffix(period)}`;
  return `${price} + IGV`;
}

/** The plan's own part of its name ("Plan Pyme Plus" of "Lumen ERP Pyme · Plan Pyme Plus"), or null. */
function planDetail(subscription: ClientSubscriptionContract): string | null {
  const { plan_name: plan, product } = subscription;
  if (plan === product.name) return null;
  const prefix = `${product.name} · `;
  return plan.startsWith(prefix) ? plan.slice(prefix.length) : plan;
}

function SectionHeader({ id, title, href, linkLabel }: { id: string; title: string; href: string; linkLabel: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      <Link href={href} className="rounded text-sm font-semibold whitespace-nowrap text-brand-700 hover:text-brand-800 hover:underline">
        Ver todas<span className="sr-only"> {linkLabel}</span>
      </Link>
    </div>
  );
}

export function ActiveSubscriptions({ subscriptions }: { subscriptions: ClientSubscriptionContract[] }) {
  return (
    <section aria-labelledby="suscripciones-activas" className="flex flex-col gap-4">
      <SectionHeader id="suscripciones-activas" title="Suscripciones activas" href="/client/subscriptions" linkLabel="las suscripciones" />
      {subscriptions.length === 0 ? (
        <EmptyState
          action={
            <Link href="/productos" className="text-sm font-semibold text-brand-700 hover:underline">
              Ver catálogo de productos
            </Link>
          }
        >
          No tienes suscripciones activas
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="active-subscriptions">
          {subscriptions.map((subscription) => (
            <li key={subscription.id} className="flex flex-col gap-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="text-base font-semibold text-ink-900">{subscription.product.name}</h3>
                  {planDetail(subscription) && <p className="mt-0.5 text-sm text-ink-600">{planDetail(subscription)}</p>}
                </div>
                <Badge tone="success">Activa</Badge>
              </div>
              <p className="text-2xl font-bold tracking-tight text-ink-900" data-testid="subscription-amount">
                {priceWithPeriod(subscription.amount, subscription.currency, subscription.billing_period)}
              </p>
              <p className="mt-auto flex items-center gap-2 border-t border-ink-100 pt-3 text-sm text-ink-600">
                <AreaIcon name="calendar" className="size-4 text-ink-500" />
                {subscription.next_billing_date ? (
                  <span>
                    Próximo pago: <time dateTime={isoDay(subscription.next_billing_date)} className="font-medium text-ink-800">{formatLongDay(subscription.next_billing_date)}</time>
                  </span>
                ) : (
                  <span>Sin pagos programados</span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RecentInvoices({ invoices }: { invoices: ClientInvoiceContract[] }) {
  return (
    <section aria-labelledby="facturas-recientes" className="flex flex-col gap-4">
      <SectionHeader id="facturas-recientes" title="Facturas recientes" href="/client/invoices" linkLabel="las facturas" />
      {invoices.length === 0 ? (
        <EmptyState>No hay facturas recientes</EmptyState>
      ) : (
        <ul className="divide-y divide-ink-100 overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-card" data-testid="recent-invoices">
          {invoices.map((invoice) => {
            const status = invoiceStatusView(invoice.status);
            return (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-5 py-4">
                <div className="min-w-0">
                  <p className="font-mono text-sm font-semibold text-ink-900">{invoice.invoice_number}</p>
                  <p className="text-sm text-ink-600">
                    Emitida el <time dateTime={isoDay(invoice.issued_at)}>{formatShortDay(invoice.issued_at)}</time>
                    {invoice.description && <span className="hidden sm:inline"> · {invoice.description}</span>}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-sm font-semibold whitespace-nowrap text-ink-900">{formatMoney(invoice.amount, invoice.currency)}</span>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("es-PE")} ${n === 1 ? one : many}`;

/**
 * "Por pagar": what the client owes per currency (never added across currencies), the overdue
 * part highlighted with a link to those invoices, and the next due date with its invoice.
 */
export function AmountDue({ amountsDue, nextDue }: Pick<ClientDashboardData, "amountsDue" | "nextDue">) {
  return (
    <section aria-labelledby="por-pagar" className="flex flex-col gap-4" data-testid="amount-due">
      <SectionHeader id="por-pagar" title="Por pagar" href="/client/invoices" linkLabel="las facturas" />
      {amountsDue.length === 0 ? (
        <p className="rounded-2xl border border-ink-200 bg-white px-5 py-4 text-sm text-ink-700 shadow-card">Estás al día: no tienes facturas por pagar.</p>
      ) : (
        <div className="flex flex-col gap-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card">
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {amountsDue.map((entry) => (
              <li key={entry.currency} data-testid="amount-due-currency" data-currency={entry.currency} className="flex flex-col gap-1">
                <p className="text-sm font-semibold text-ink-700">Total por pagar</p>
                <p className="text-2xl font-bold tracking-tight text-ink-900" data-testid="amount-due-total">
                  {formatMoney(entry.receivable, entry.currency)}
                </p>
                <p className="text-sm text-ink-600">{count(entry.open_count, "factura", "facturas")}</p>
                {entry.overdue_count > 0 && (
                  <p className="mt-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="amount-due-overdue">
                    <span className="font-semibold">Vencido: {formatMoney(entry.overdue, entry.currency)}</span> ·{" "}
                    <Link href={`/client/invoices?status=overdue`} className="font-semibold underline underline-offset-2 hover:text-red-900">
                      {count(entry.overdue_count, "factura vencida", "facturas vencidas")}
                    </Link>
                  </p>
                )}
              </li>
            ))}
          </ul>
          {nextDue && (
            <p className="flex flex-wrap items-center gap-x-2 border-t border-ink-100 pt-3 text-sm text-ink-700" data-testid="next-due">
              <AreaIcon name="calendar" className="size-4 text-ink-500" />
              <span>
                Próximo vencimiento: <time dateTime={nextDue.due_date} className="font-semibold text-ink-900">{formatCalendarDate(nextDue.due_date)}</time> ·{" "}
                <Link href={`/client/invoices/${nextDue.id}`} className="font-mono font-semibold text-brand-700 hover:text-brand-800 hover:underline">
                  {nextDue.invoice_number}
                </Link>{" "}
                ({formatMoney(nextDue.balance, nextDue.currency)})
              </span>
            </p>
          )}
        </div>
      )}
    </section>
  );
}

const QUICK_LINKS: { href: string; title: string; text: string; icon: IconName }[] = [
  { href: "/productos", title: "Catálogo de productos", text: "Conoce nuestras soluciones para tu empresa.", icon: "bag" },
  { href: "/client/profile", title: "Mi perfil", text: "Revisa y actualiza tus datos de contacto.", icon: "user" },
  { href: "/client/tickets", title: "Soporte técnico", text: "Consulta tus tickets o pide ayuda a nuestro equipo.", icon: "ticket" },
];

export function QuickLinks() {
  return (
    <section aria-labelledby="accesos-rapidos" className="flex flex-col gap-4">
      <h2 id="accesos-rapidos" className="text-lg font-semibold text-ink-900">
        Accesos rápidos
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {QUICK_LINKS.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="group flex h-full items-start gap-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-card transition-shadow hover:border-brand-200 hover:shadow-card-hover"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset">
                <AreaIcon name={link.icon} />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-ink-900 group-hover:text-brand-800">{link.title}</span>
                <span className="mt-1 block text-sm text-ink-600">{link.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
