import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/states";
import { CONTACT_CHART_WEEKS, CONTACT_STATUS_ORDER, REVENUE_CHART_MONTHS, type DashboardCharts, type FirstResponse } from "@/lib/admin/charts";
import { formatResponseTime } from "@/lib/admin/duration";
import { formatDayMonth, formatMoney, formatMonthLong, formatMonthShort, formatShortDay } from "@/lib/format";
import { contactStatusLabel } from "./contact-status";
import { ContactsPerWeekChart, RevenueChart, type ContactSeries } from "./dashboard-charts-client";

// The dashboard's charts. Each drawing has its figures in a table under
// "Ver datos en tabla" (a details element), which is what assistive technology reads.

const integer = new Intl.NumberFormat("es-PE");
const utcDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** Exact sum of decimal strings with two places ("0.10" + "0.20" = "0.30"), in integer cents. */
function sumAmounts(amounts: string[]): string {
  const cents = amounts.reduce((total, amount) => {
    const [units, fraction = ""] = amount.split(".");
    const sign = units.startsWith("-") ? -1n : 1n;
    return total + sign * (BigInt(units.replace("-", "") || "0") * 100n + BigInt((fraction + "00").slice(0, 2)));
  }, 0n);
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  return `${negative ? "-" : ""}${absolute / 100n}.${String(absolute % 100n).padStart(2, "0")}`;
}

/** Colours of the statuses in the stacked bars (legend and tooltip name them). */
const STATUS_COLORS: Record<string, string> = {
  new: "#2563eb",
  read: "#64748b",
  replied: "#059669",
  closed: "#d97706",
  archived: "#a8a29e",
};

const CURRENCY_COLORS: Record<string, string> = { USD: "#0f766e", PEN: "#7c3aed", EUR: "#b45309" };

function ChartCard({ id, title, description, children, testId }: { id: string; title: string; description: string; children: ReactNode; testId: string }) {
  return (
    <section aria-labelledby={id} data-testid={testId} className="flex min-w-0 flex-col rounded-2xl border border-ink-200 bg-white p-5 shadow-card">
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-600">{description}</p>
      <div className="mt-4 flex min-w-0 flex-1 flex-col">{children}</div>
    </section>
  );
}

function DataTableDetails({ caption, children, testId }: { caption: string; children: ReactNode; testId: string }) {
  return (
    <details className="group mt-4 rounded-lg border border-ink-200" data-testid={testId}>
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-ink-50">Ver datos en tabla</summary>
      {/* Focusable so a keyboard can scroll a table wider than the card (375 px). */}
      <div role="region" aria-label={caption} tabIndex={0} className="max-w-full overflow-x-auto border-t border-ink-200 focus-visible:outline-2 focus-visible:outline-brand-600">
        <table className="figures-table">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </details>
  );
}

function ContactsPerWeek({ weeks }: { weeks: DashboardCharts["contactsPerWeek"] }) {
  const series: ContactSeries[] = CONTACT_STATUS_ORDER.map((status) => ({
    key: status,
    label: contactStatusLabel(status).label,
    color: STATUS_COLORS[status],
  }));
  const total = weeks.reduce((sum, week) => sum + week.total, 0);
  const data = weeks.map((week) => ({
    label: formatDayMonth(utcDate(week.week)),
    title: `Semana del ${formatShortDay(utcDate(week.week))}`,
    ...week.counts,
  }));
  return (
    <ChartCard
      id="grafico-contactos"
      testId="chart-contacts"
      title="Mensajes de contacto por semana"
      description={`Últimas ${CONTACT_CHART_WEEKS} semanas por estado (semanas de lunes a domingo, hora de Lima).`}
    >
      {total === 0 ? (
        <EmptyState>No hay mensajes de contacto en las últimas {CONTACT_CHART_WEEKS} semanas.</EmptyState>
      ) : (
        <>
          <ContactsPerWeekChart data={data} series={series} />
          <DataTableDetails caption="Mensajes de contacto por semana y estado" testId="chart-contacts-table">
            <thead className="bg-ink-50">
              <tr>
                <th scope="col">
                  Semana
                </th>
                {series.map((entry) => (
                  <th key={entry.key} scope="col">
                    {entry.label}
                  </th>
                ))}
                <th scope="col">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {weeks.map((week, index) => (
                <tr key={week.week}>
                  <th scope="row">
                    {data[index].title}
                  </th>
                  {CONTACT_STATUS_ORDER.map((status) => (
                    <td key={status}>
                      {integer.format(week.counts[status])}
                    </td>
                  ))}
                  <td className="font-semibold">{integer.format(week.total)}</td>
                </tr>
              ))}
            </tbody>
          </DataTableDetails>
        </>
      )}
    </ChartCard>
  );
}

function RevenuePerMonth({ revenue }: { revenue: DashboardCharts["revenue"] }) {
  const months = revenue.months.map((month) => {
    const date = utcDate(`${month.month}-01`);
    return { ...month, label: formatMonthShort(date), title: formatMonthLong(date) };
  });
  return (
    <ChartCard
      id="grafico-ingresos"
      testId="chart-revenue"
      title="Ingresos por mes"
      description={`Pagos recibidos en los últimos ${REVENUE_CHART_MONTHS} meses, por moneda y sin conversión.`}
    >
      {revenue.currencies.length === 0 ? (
        <EmptyState>No hay pagos recibidos en los últimos {REVENUE_CHART_MONTHS} meses.</EmptyState>
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-2">
            {revenue.currencies.map((currency) => {
              const sum = sumAmounts(months.map((month) => month.totals[currency] ?? "0.00"));
              return (
                <div key={currency} className="min-w-0">
                  <h3 className="text-sm font-semibold text-ink-800">
                    {currency}
                    <span className="font-normal text-ink-600"> · total {formatMoney(sum, currency)}</span>
                  </h3>
                  <RevenueChart
                    currency={currency}
                    color={CURRENCY_COLORS[currency] ?? "#0f766e"}
                    data={months.map((month) => ({
                      label: month.label,
                      title: month.title,
                      amount: month.totals[currency] ?? "0.00",
                      value: Number(month.totals[currency] ?? 0),
                    }))}
                  />
                </div>
              );
            })}
          </div>
          <DataTableDetails caption="Ingresos por mes y moneda (pagos recibidos)" testId="chart-revenue-table">
            <thead className="bg-ink-50">
              <tr>
                <th scope="col">
                  Mes
                </th>
                {revenue.currencies.map((currency) => (
                  <th key={currency} scope="col">
                    {currency}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">
                    {month.title}
                  </th>
                  {revenue.currencies.map((currency) => (
                    <td key={currency}>
                      {formatMoney(month.totals[currency] ?? "0.00", currency)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </DataTableDetails>
        </>
      )}
    </ChartCard>
  );
}

function FirstResponseFigure({ firstResponse }: { firstResponse: FirstResponse }) {
  const { medianSeconds, count, days } = firstResponse;
  return (
    <ChartCard
      id="primera-respuesta"
      testId="chart-first-response"
      title="Tiempo de primera respuesta"
      description={`Desde que llega un mensaje hasta que se envía la respuesta; respuestas de los últimos ${days} días.`}
    >
      <div className="flex flex-1 flex-col justify-center gap-2 rounded-xl bg-ink-50 px-5 py-6">
        <p className="text-sm font-semibold text-ink-700">Mediana de primera respuesta</p>
        <p className="text-3xl font-bold tracking-tight text-ink-900" data-testid="first-response-value">
          {medianSeconds === null ? "Sin datos" : formatResponseTime(medianSeconds)}
        </p>
        <p className="text-sm text-ink-600" data-testid="first-response-count">
          {count === 0
            ? `Ningún mensaje respondido en los últimos ${days} días.`
            : `Basada en ${integer.format(count)} ${count === 1 ? "mensaje respondido" : "mensajes respondidos"}.`}
        </p>
      </div>
    </ChartCard>
  );
}

/** The three charts, laid out beside the stat cards. */
export function DashboardChartsSection({ charts }: { charts: DashboardCharts }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 lg:col-span-2">
        <ContactsPerWeek weeks={charts.contactsPerWeek} />
      </div>
      <div className="min-w-0">
        <FirstResponseFigure firstResponse={charts.firstResponse} />
      </div>
      <div className="min-w-0 lg:col-span-3">
        <RevenuePerMonth revenue={charts.revenue} />
      </div>
    </div>
  );
}
