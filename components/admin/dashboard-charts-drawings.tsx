"use client";

// The dashboard's drawings (Recharts 3), in a chunk of their own: components/admin/dashboard-charts-client.tsx
// loads this module once the dashboard is in the browser (Recharts measures its box there, so
// nothing was drawn on the server anyway), and Recharts is not part of the page's first load.

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/format";
import type { ContactPoint, ContactSeries, RevenuePoint } from "./dashboard-charts-client";

const integer = new Intl.NumberFormat("es-PE", { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat("es-PE", { notation: "compact", maximumFractionDigits: 1 });

const axisTick = { fontSize: 12, fill: "#475569" };

/** Stacked bars: contact messages per week, one colour per status. */
export function ContactsPerWeekDrawing({ data, series }: { data: ContactPoint[]; series: ContactSeries[] }) {
  return (
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
  );
}

/** Bars of one currency's money received per month (one small chart per currency, own scale). */
export function RevenueDrawing({ currency, data, color }: { currency: string; data: RevenuePoint[]; color: string }) {
  return (
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
  );
}
