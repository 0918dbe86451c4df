// Calendar dates (no time of day) in Spanish, e.g. "30 de noviembre de 2026" or "30 nov 2026".
// Billing dates are stored as dates ("YYYY-MM-DD", midnight UTC), so they are printed in UTC:
// the day never shifts with the viewer's time zone. Pure: server and client print the same.

import { formatLongDay as formatCalendarDayLong, formatShortDay as formatCalendarDay } from "@/lib/format";

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatLongDay(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? formatCalendarDayLong(date) : "—";
}

/** "30 nov 2026": the short month every screen shares (lib/format.ts). */
export function formatShortDay(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? formatCalendarDay(date) : "—";
}

/** The calendar date as ISO "YYYY-MM-DD" for <time dateTime>. */
export function isoDay(value: string | Date | null | undefined): string | undefined {
  const date = parse(value);
  return date ? date.toISOString().slice(0, 10) : undefined;
}
