"use client";

// The dashboard's chart boxes. The drawings (Recharts 3, components/admin/dashboard-charts-drawings.tsx)
// are loaded in the browser once the page is there: Recharts measures its box in the browser, so
// the server only ever sent the empty box of the right height, and the page's first load does not
// carry Recharts (about 300 kB). Only /admin/dashboard imports this module. The figures a screen
// reader needs are in the tables beside each chart (components/admin/dashboard-charts.tsx); the
// drawings themselves are hidden from assistive technology and take no keyboard focus.

import dynamic from "next/dynamic";

export type ContactSeries = { key: string; label: string; color: string };
export type ContactPoint = { label: string; title: string } & Record<string, number | string>;
/** `value` is for drawing only; `amount` is the exact decimal string the tooltip prints. */
export type RevenuePoint = { label: string; title: string; value: number; amount: string };

const ContactsPerWeekDrawing = dynamic(() => import("./dashboard-charts-drawings").then((drawings) => drawings.ContactsPerWeekDrawing), { ssr: false });
const RevenueDrawing = dynamic(() => import("./dashboard-charts-drawings").then((drawings) => drawings.RevenueDrawing), { ssr: false });

/** Stacked bars: contact messages per week, one colour per status. */
export function ContactsPerWeekChart({ data, series }: { data: ContactPoint[]; series: ContactSeries[] }) {
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="chart-contacts-drawing">
      <ContactsPerWeekDrawing data={data} series={series} />
    </div>
  );
}

/** Bars of one currency's money received per month (one small chart per currency, own scale). */
export function RevenueChart({ currency, data, color }: { currency: string; data: RevenuePoint[]; color: string }) {
  return (
    <div aria-hidden="true" className="h-52 w-full" data-testid={`chart-revenue-drawing-${currency}`}>
      <RevenueDrawing currency={currency} data={data} color={color} />
    </div>
  );
}
