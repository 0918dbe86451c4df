import "server-only";
import { db } from "@/lib/db";
import { Prisma, type ContactStatus, type Currency } from "@/lib/generated/prisma/client";
import { BUSINESS_TIME_ZONE } from "@/lib/format";
import { CURRENCY_ORDER, countedContactMessagesSql, type StatsClient } from "./stats";

// The dashboard's three charts, each computed in SQL. The weekly and monthly ones read their
// finished weeks and months from what triggers keep (contact_message_weeks, revenue_months, whose
// conditions and time zone match these queries) and count only the current one. Every function
// takes `now` so tests can look at a window of their own far from the present; weeks and months
// are cut in the business's time zone (America/Lima; weeks start on Monday, as date_trunc's ISO weeks).
// Money stays exact: sums are numeric in PostgreSQL and leave as decimal strings.

export const CONTACT_CHART_WEEKS = 12;
export const REVENUE_CHART_MONTHS = 12;
export const FIRST_RESPONSE_DAYS = 30;

export const CONTACT_STATUS_ORDER: ContactStatus[] = ["new", "read", "replied", "closed", "archived"];

export type ContactWeek = {
  /** The week's Monday, a Lima calendar date "YYYY-MM-DD". */
  week: string;
  counts: Record<ContactStatus, number>;
  total: number;
};

export type RevenueMonth = {
  /** "YYYY-MM" in Lima time. */
  month: string;
  /** One decimal string per currency of the chart ("0.00" for a month without revenue). */
  totals: Partial<Record<Currency, string>>;
};

export type RevenueChart = { currencies: Currency[]; months: RevenueMonth[] };

export type FirstResponse = {
  /** The median time from a message's arrival to its reply, in seconds; null without replies. */
  medianSeconds: number | null;
  /** How many replied messages the median is based on. */
  count: number;
  days: number;
};

const TZ = Prisma.raw(`'${BUSINESS_TIME_ZONE}'`);
const iso = (now: Date) => now.toISOString();

/** Contact messages received per week (last 12, the current one included), split by status. */
export async function contactMessagesPerWeek(now: Date = new Date(), client: StatsClient = db): Promise<ContactWeek[]> {
  // The finished weeks come from contact_message_weeks (kept by triggers per Lima week and
  // status); the current week is counted on its range of created_at up to now. Every status is
  // named, so the live (status, created_at) index is searched once per status for that range:
  // without it the planner, not knowing the range when it plans, read that whole index (2.5 ms at
  // 100,000 messages instead of 0.1). A week without messages reads no row.
  const rows = await client.$queryRaw<{ week: string; status: ContactStatus | null; n: number | null }[]>(Prisma.sql`
    WITH w AS (
      SELECT (date_trunc('week', ${iso(now)}::timestamptz AT TIME ZONE ${TZ}) - k * interval '1 week')::date AS week_start, k = 0 AS current
      FROM generate_series(0, ${Prisma.raw(String(CONTACT_CHART_WEEKS - 1))}) AS k
    ),
    cur AS (
      SELECT week_start, (week_start::timestamp AT TIME ZONE ${TZ}) AT TIME ZONE 'UTC' AS lo, ${iso(now)}::timestamptz AT TIME ZONE 'UTC' AS hi
      FROM w WHERE current
    ),
    c AS (
      SELECT kept.week AS week_start, kept.status, kept.total AS n
      FROM contact_message_weeks kept
      WHERE kept.week >= (SELECT min(week_start) FROM w) AND kept.week < (SELECT week_start FROM cur)
      UNION ALL
      SELECT cur.week_start, m.status, count(*)::int
      FROM cur JOIN contact_messages m ON m.created_at >= cur.lo AND m.created_at <= cur.hi
      WHERE ${countedContactMessagesSql} AND m.status = ANY (enum_range(NULL::contact_status))
      GROUP BY cur.week_start, m.status
    )
    SELECT to_char(w.week_start, 'YYYY-MM-DD') AS week, c.status::text AS status, c.n
    FROM w LEFT JOIN c USING (week_start)
    ORDER BY w.week_start`);

  const weeks = new Map<string, ContactWeek>();
  for (const row of rows) {
    let entry = weeks.get(row.week);
    if (!entry) {
      entry = { week: row.week, counts: { new: 0, read: 0, replied: 0, closed: 0, archived: 0 }, total: 0 };
      weeks.set(row.week, entry);
    }
    if (row.status && row.n) {
      entry.counts[row.status] += row.n;
      entry.total += row.n;
    }
  }
  return [...weeks.values()];
}

/**
 * Money received per month (last 12, the current one included): the completed payments, one
 * series per currency, never converted. A payment's month is when it was paid, in Lima time.
 */
export async function revenuePerMonth(now: Date = new Date(), client: StatsClient = db): Promise<RevenueChart> {
  // The finished months come from revenue_months (kept by triggers per Lima month and currency);
  // the current month sums its payments and refunds on their range of paid_at / created_at up to
  // now. A currency is in the chart when the window holds a payment or refund in it.
  const rows = await client.$queryRaw<{ month: string; currency: Currency | null; amount: string | null }[]>(Prisma.sql`
    WITH mo AS (
      SELECT (date_trunc('month', ${iso(now)}::timestamptz AT TIME ZONE ${TZ}) - k * interval '1 month')::date AS month_start, k = 0 AS current
      FROM generate_series(0, ${Prisma.raw(String(REVENUE_CHART_MONTHS - 1))}) AS k
    ),
    cur AS (
      SELECT month_start, (month_start::timestamp AT TIME ZONE ${TZ}) AT TIME ZONE 'UTC' AS lo, ${iso(now)}::timestamptz AT TIME ZONE 'UTC' AS hi
      FROM mo WHERE current
    ),
    p AS (
      -- Money received (a payment made with the client's credit was received before), less refunds.
      SELECT pay.currency, pay.amount
      FROM cur JOIN payments pay ON pay.paid_at >= cur.lo AND pay.paid_at <= cur.hi
      WHERE pay.status = 'completed' AND pay.method <> 'saldo_a_favor'
      UNION ALL
      SELECT credit.currency, credit.amount
      FROM cur JOIN customer_credits credit ON credit.created_at >= cur.lo AND credit.created_at <= cur.hi
      WHERE credit.kind = 'refund'
    ),
    c AS (
      SELECT kept.month AS month_start, kept.currency, kept.amount
      FROM revenue_months kept
      WHERE kept.entries > 0 AND kept.month >= (SELECT min(month_start) FROM mo) AND kept.month < (SELECT month_start FROM cur)
      UNION ALL
      SELECT (SELECT month_start FROM cur), p.currency, sum(p.amount) FROM p GROUP BY p.currency
    )
    SELECT to_char(mo.month_start, 'YYYY-MM') AS month, c.currency::text AS currency, c.amount::text AS amount
    FROM mo LEFT JOIN c USING (month_start)
    ORDER BY mo.month_start`);

  const present = new Set(rows.flatMap((row) => (row.currency && row.amount !== null ? [row.currency] : [])));
  const currencies = CURRENCY_ORDER.filter((currency) => present.has(currency));
  const months = new Map<string, RevenueMonth>();
  for (const row of rows) {
    let entry = months.get(row.month);
    if (!entry) {
      entry = { month: row.month, totals: Object.fromEntries(currencies.map((currency) => [currency, "0.00"])) };
      months.set(row.month, entry);
    }
    if (row.currency && row.amount !== null) entry.totals[row.currency] = row.amount;
  }
  return { currencies, months: [...months.values()] };
}

/**
 * The median first response time over the last 30 days: for every message whose first reply was
 * sent in the window, the time from its arrival (created_at) until the mail server took that
 * reply (first_response_at). Only replies really sent count: one stored but not e-mailed (failed,
 * no SMTP configured, or still unconfirmed) has not reached the visitor.
 */
export async function medianFirstResponse(now: Date = new Date(), client: StatsClient = db): Promise<FirstResponse> {
  const [row] = await client.$queryRaw<{ n: number; median: number | null }[]>(Prisma.sql`
    SELECT count(*)::int AS n,
           (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.first_response_at - m.created_at)))::float8 AS median
    FROM contact_messages m
    WHERE m.first_response_at IS NOT NULL
      AND m.first_response_at > (${iso(now)}::timestamptz - interval '${Prisma.raw(String(FIRST_RESPONSE_DAYS))} days') AT TIME ZONE 'UTC'
      AND m.first_response_at <= ${iso(now)}::timestamptz AT TIME ZONE 'UTC'
      AND m.first_response_at >= m.created_at
      AND ${countedContactMessagesSql}`);
  return {
    medianSeconds: row && row.n > 0 && row.median !== null ? Number(row.median) : null,
    count: row?.n ?? 0,
    days: FIRST_RESPONSE_DAYS,
  };
}

export type DashboardCharts = {
  contactsPerWeek: ContactWeek[];
  revenue: RevenueChart;
  firstResponse: FirstResponse;
};

export async function getDashboardCharts(now: Date = new Date(), client: StatsClient = db): Promise<DashboardCharts> {
  const [contactsPerWeek, revenue, firstResponse] = await Promise.all([
    contactMessagesPerWeek(now, client),
    revenuePerMonth(now, client),
    medianFirstResponse(now, client),
  ]);
  return { contactsPerWeek, revenue, firstResponse };
}
