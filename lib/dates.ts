import { BUSINESS_TIME_ZONE } from "@/lib/format";

// Billing works in calendar dates ("YYYY-MM-DD") of the business's time zone (Lima): an invoice
// issued at 21:00 in Lima on the 30th is dated the 30th, whatever the server's clock zone.

const limaDate = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Today (or `at`) in Lima as "YYYY-MM-DD". */
export function businessDate(at: Date = new Date()): string {
  return limaDate.format(at);
}

/** A calendar date as the database's DATE columns take it (midnight UTC). */
export function dateColumn(calendarDate: string): Date {
  return new Date(`${calendarDate}T00:00:00.000Z`);
}

/** A DATE column back to "YYYY-MM-DD". */
export function calendarDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function addDays(calendar: string, days: number): string {
  const date = dateColumn(calendar);
  date.setUTCDate(date.getUTCDate() + days);
  return calendarDate(date);
}

/** Whole days from one calendar date to another: 1 from the 2nd to the 3rd, negative backwards. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateColumn(to).getTime() - dateColumn(from).getTime()) / 86_400_000);
}

/**
 * The same day `months` later, kept at the month's last day when it has fewer days
 * (31 Jan + 1 month = 28/29 Feb), as billing systems do.
 */
export function addMonths(calendar: string, months: number): string {
  const [year, month, day] = calendar.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return calendarDate(target);
}

/** A real calendar date written "YYYY-MM-DD" (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = dateColumn(value);
  return !Number.isNaN(date.getTime()) && calendarDate(date) === value;
}

/** "2026-09-20" → "20/09/2026", as dates are written in Peru. */
export function formatCalendarDate(calendar: string | null | undefined): string {
  if (!calendar || !isCalendarDate(calendar)) return "—";
  const [year, month, day] = calendar.split("-");
  return `${day}/${month}/${year}`;
}

/**
 * The start of the following period. A period that starts on a month's last day keeps to
 * month ends (31 Jan → 28 Feb → 31 Mar), so short months never pull the billing day earlier.
 */
export function nextPeriodStart(start: string, period: "monthly" | "yearly" | "one_time"): string | null {
  if (period === "one_time") return null;
  const months = period === "monthly" ? 1 : 12;
  const next = addMonths(start, months);
  const isMonthEnd = addDays(start, 1).slice(8) === "01";
  return isMonthEnd ? addDays(addMonths(`${next.slice(0, 8)}01`, 1), -1) : next;
}
