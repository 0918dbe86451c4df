import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/states";
import type { DashboardStats, RecentContactMessage } from "@/lib/admin/stats";
import { formatDate, formatMoney } from "@/lib/format";
import { contactStatusLabel } from "./contact-status";
import { StatCard } from "./stat-card";

const count = new Intl.NumberFormat("es-PE");

function plural(n: number, one: string, many: string) {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

/** Revenue per currency, never converted: "US$ 1,200.00 · S/ 3,400.00". */
export function RevenueFigure({ revenue }: { revenue: DashboardStats["totalRevenue"] }) {
  if (revenue.length === 0) return <>{formatMoney(0, "USD")}</>;
  return (
    <>
      {revenue.map((entry, index) => (
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
          icon="envelope"
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
              <RevenueFigure revenue={stats.totalRevenue} />
            </span>
          }
          detail={`${plural(stats.completedPayments, "pago recibido", "pagos recibidos")}, por moneda`}
          href="/admin/payments"
          icon="banknotes"
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
