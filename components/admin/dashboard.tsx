import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/states";
import type { DashboardStats, RecentContactMessage } from "@/lib/admin/stats";
import { CURRENCY_LABELS } from "@/lib/billing/labels";
import { AGEING_BUCKETS } from "@/lib/billing/state";
import { formatDate, formatMoney } from "@/lib/format";
import { contactStatusLabel } from "./contact-status";
import { StatCard } from "./stat-card";

const count = new Intl.NumberFormat("es-PE");

function plural(n: number, one: string, many: string) {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}


/** The five stat cards, each linking to its own section. */
export function DashboardStatCards({ stats }: { stats: DashboardStats }) {
  const multiCurrency = stats.totalRevenue.length > 1;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <div>
        <StatCard
          testId="stat-contacts"
          label="Contactos"
          value={count.format(stats.totalContacts)}
          detail={plural(stats.unreadContacts, "por leer", "por leer")}
          href="/admin/contact-messages"
          icon="mail"
        />
      </div>
      <div>
        <StatCard
          testId="stat-users"
          label="Usuarios"
          value={count.format(stats.totalUsers)}
          detail={plural(stats.totalClients, "cliente", "clientes")}
          href="/admin/users"
          icon="users"
          accent="teal"
        />
      </div>
      <div>
        <StatCard
          testId="stat-subscriptions"
          label="Suscripciones"
          value={count.format(stats.totalSubscriptions)}
          detail={plural(stats.activeSubscriptions, "activa", "activas")}
          href="/admin/subscriptions"
          icon="refresh"
          accent="violet"
        />
      </div>
      <div className="lg:col-span-2">
        <StatCard
          testId="stat-revenue"
          label="Ingresos"
          value={
            <span className={multiCurrency ? "block text-2xl leading-snug sm:text-3xl" : undefined}>
              <AmountsByCurrency amounts={stats.totalRevenue} emptyCurrency="USD" />
            </span>
          }
          detail={`${plural(stats.completedPayments, "pago recibido", "pagos recibidos")}, por moneda`}
          href="/admin/payments"
          icon="currency"
          accent="emerald"
        />
      </div>
      <div className="sm:col-span-2 lg:col-span-1">
        <StatCard
          testId="stat-tickets"
          label="Tickets"
          value={count.format(stats.pendingTickets)}
          detail="Abiertos o en curso"
          href="/admin/tickets"
          icon="ticket"
          accent="amber"
        />
      </div>
    </div>
  );
}

/** Amounts per currency side by side, never added together: "S/ 3,400.00 · US$ 1,200.00"; zero in `emptyCurrency` when none. */
export function AmountsByCurrency({ amounts, emptyCurrency = "PEN" }: { amounts: { currency: string; amount: string }[]; emptyCurrency?: string }) {
  if (amounts.length === 0) return <>{formatMoney(0, emptyCurrency)}</>;
  return (
    <>
      {amounts.map((entry, index) => (
        <span key={entry.currency}>
          {index > 0 && " "}
          <span className="whitespace-nowrap">
            {index > 0 && <span className="text-ink-500">· </span>}
            {formatMoney(entry.amount, entry.currency)}
          </span>
        </span>
      ))}
    </>
  );
}

/** The invoice list of the overdue invoices, nearest due date first (of one currency when given). */
export function overdueInvoicesHref(currency?: string): string {
  const query = new URLSearchParams({ status: "overdue", ...(currency ? { currency } : {}), sort: "due_date" });
  return `/admin/invoices?${query}`;
}

/**
 * "Cobranza": what clients owe ("Por cobrar") and the overdue part ("Vencido"), per currency, and
 * the overdue balances by days late, a row per currency, each linking to its overdue invoices.
 */
export function ReceivablesSection({ receivables }: { receivables: DashboardStats["receivables"] }) {
  const open = receivables.reduce((sum, entry) => sum + entry.open_count, 0);
  const overdue = receivables.filter((entry) => entry.overdue_count > 0);
  const overdueCount = overdue.reduce((sum, entry) => sum + entry.overdue_count, 0);
  const wide = (n: number) => (n > 1 ? "block text-2xl leading-snug sm:text-3xl" : undefined);
  return (
    <section aria-labelledby="cobranza" className="flex flex-col gap-4" data-testid="receivables">
      <h2 id="cobranza" className="text-lg font-semibold text-ink-900">
        Cobranza
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <StatCard
          testId="stat-receivable"
          label="Por cobrar"
          value={
            <span className={wide(receivables.length)}>
              <AmountsByCurrency amounts={receivables.map((entry) => ({ currency: entry.currency, amount: entry.receivable }))} />
            </span>
          }
          detail={`${plural(open, "factura abierta", "facturas abiertas")}, por moneda`}
          href="/admin/invoices?sort=due_date"
          icon="currency"
          accent="teal"
        />
        <StatCard
          testId="stat-overdue"
          label="Vencido"
          value={
            <span className={cn(wide(overdue.length), overdue.length > 0 && "text-red-700")}>
              <AmountsByCurrency amounts={overdue.map((entry) => ({ currency: entry.currency, amount: entry.overdue }))} />
            </span>
          }
          detail={`${plural(overdueCount, "factura vencida", "facturas vencidas")}, por moneda`}
          href={overdueInvoicesHref()}
          icon="calendar"
          accent="amber"
        />
      </div>
      <div className="rounded-2xl border border-ink-200 bg-white shadow-card">
        <div className="border-b border-ink-200 px-5 py-4">
          <h3 id="antiguedad-vencido" className="text-base font-semibold text-ink-900">
            Antigüedad de lo vencido
          </h3>
          <p className="mt-1 text-sm text-ink-600">Saldos de las facturas vencidas según los días de atraso, por moneda.</p>
        </div>
        {overdue.length === 0 ? (
          <div className="p-5">
            <EmptyState>No hay facturas vencidas.</EmptyState>
          </div>
        ) : (
          // Focusable so a keyboard can scroll the table sideways on a narrow screen.
          <div role="region" aria-labelledby="antiguedad-vencido" tabIndex={0} className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="ageing-table">
              <caption className="sr-only">Antigüedad de lo vencido por moneda</caption>
              <thead className="bg-ink-50 text-xs font-semibold tracking-wide text-ink-700 uppercase">
                <tr>
                  <th scope="col" className="px-5 py-2.5">
                    Moneda
                  </th>
                  {AGEING_BUCKETS.map((bucket) => (
                    <th key={bucket.key} scope="col" className="px-3 py-2.5 text-right whitespace-nowrap">
                      {bucket.label}
                    </th>
                  ))}
                  <th scope="col" className="px-5 py-2.5 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {overdue.map((entry) => (
                  <tr key={entry.currency} data-currency={entry.currency}>
                    <th scope="row" className="px-5 py-3 font-semibold whitespace-nowrap text-ink-900">
                      <Link href={overdueInvoicesHref(entry.currency)} className="text-brand-700 hover:text-brand-800 hover:underline">
                        {CURRENCY_LABELS[entry.currency]}
                        <span className="sr-only">: ver las facturas vencidas</span>
                      </Link>
                    </th>
                    {AGEING_BUCKETS.map((bucket) => (
                      <td key={bucket.key} className="px-3 py-3 text-right whitespace-nowrap text-ink-800">
                        {formatMoney(entry.ageing[bucket.key], entry.currency)}
                      </td>
                    ))}
                    <td className="px-5 py-3 text-right font-semibold whitespace-nowrap text-red-700">{formatMoney(entry.overdue, entry.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

/** "Últimos mensajes de contacto": the newest messages with their status. */
export function RecentContactMessages({ messages }: { messages: RecentContactMessage[] }) {
  return (
    <section aria-labelledby="ultimos-mensajes" className="rounded-2xl border border-ink-200 bg-white shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-ink-200 px-5 py-4">
        <h2 id="ultimos-mensajes" className="text-lg font-semibold text-ink-900">
          Últimos mensajes de contacto
        </h2>
        <Link href="/admin/contact-messages" className="rounded text-sm font-semibold whitespace-nowrap text-brand-700 hover:text-brand-800 hover:underline">
          Ver todos<span className="sr-only"> los mensajes de contacto</span>
        </Link>
      </div>
      {messages.length === 0 ? (
        <div className="p-5">
          <EmptyState>No hay mensajes de contacto.</EmptyState>
        </div>
      ) : (
        <ul className="divide-y divide-ink-100">
          {messages.map((message) => {
            const status = contactStatusLabel(message.status);
            return (
              <li key={message.id} className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold text-ink-900">
                    {message.name}
                    {message.company && <span className="font-normal text-ink-600"> · {message.company}</span>}
                  </p>
                  <p className="truncate text-sm text-ink-600">{message.subject || "Sin asunto"}</p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <Badge tone={status.tone}>{status.label}</Badge>
                  <time dateTime={message.created_at} className="text-xs whitespace-nowrap text-ink-600">
                    {formatDate(message.created_at)}
                  </time>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
