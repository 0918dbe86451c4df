"use client";

// The dashboard's drawings (Recharts 3). Only /admin/dashboard imports this module, so Recharts
// stays in that route's bundle and never in the public site's. The figures a screen reader
// needs are in the tables beside each chart (components/admin/dashboard-charts.tsx); the
// drawings themselves are hidden from assistive technology and take no keyboard focus.

import { useSyncExternalStore } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/format";

const integer = new Intl.NumberFormat("es-PE", { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat("es-PE", { notation: "compact", maximumFractionDigits: 1 });

/** Recharts measures its box in the browser: draw after mounting, keep the height meanwhile. */
const noSubscription = () => () => {};
function useMounted() {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

const axisTick = { fontSize: 12, fill: "#475569" };

export type ContactSeries = { key: string; label: string; color: string };
export type ContactPoint = { label: string; title: string } & Record<string, number | string>;

/** Stacked bars: contact messages per week, one colour per status. */
export function ContactsPerWeekChart({ data, series }: { data: ContactPoint[]; series: ContactSeries[] }) {
  const mounted = useMounted();
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="chart-contacts-drawing">
      {mounted && (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -20 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} interval="preserveStartEnd" minTickGap={8} />
            <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} tickFormatter={(value: number) => integer.format(value)} />
            <Tooltip
              cursor={{ fill: "#f1f5f9" }}
              labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.title ?? _label)}
              formatter={(value) => integer.format(Number(value))}
            />
            <Legend
              iconType="circle"
              iconSize={10}
              itemSorter={null}
              wrapperStyle={{ fontSize: 12, paddingTop: 8 }}
              formatter={(value) => <span style={{ color: "#334155" }}>{value}</span>}
            />
            {series.map((entry, index) => (
              <Bar
                key={entry.key}
                dataKey={entry.key}
                name={entry.label}
                stackId="status"
                fill={entry.color}
                radius={index === series.length - 1 ? [3, 3, 0, 0] : 0}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}

/** `value` is for drawing only; `amount` is the exact decimal string the tooltip prints. */
export type RevenuePoint = { label: string; title: string; value: number; amount: string };

/** Bars of one currency's money received per month (one small chart per currency, own scale). */
export function RevenueChart({ currency, data, color }: { currency: string; data: RevenuePoint[]; color: string }) {
  const mounted = useMounted();
  return (
    <div aria-hidden="true" className="h-52 w-full" data-testid={`chart-revenue-drawing-${currency}`}>
      {mounted && (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -8 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} interval="preserveStartEnd" minTickGap={8} />
            <YAxis tick={axisTick} tickLine={false} axisLine={false} width={56} tickFormatter={(value: number) => compact.format(value)} />
            <Tooltip
              cursor={{ fill: "#f1f5f9" }}
              labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.title ?? _label)}
              formatter={(value, _name, item) => [formatMoney((item?.payload as RevenuePoint | undefined)?.amount ?? Number(value), currency), "Ingresos"]}
            />
            <Bar dataKey="value" name={currency} fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}
