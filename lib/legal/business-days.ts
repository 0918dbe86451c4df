// Legal terms counted in business days (días hábiles) of Peru: Monday to Friday, national
// holidays excluded (peru-holidays.json, with its source). Dates are calendar dates in Lima
// ("YYYY-MM-DD", lib/dates.ts). Pure: no I/O.
import { addDays, dateColumn } from "@/lib/dates";
import holidays from "./peru-holidays.json";

const HOLIDAYS: ReadonlyMap<string, string> = new Map(
  Object.values(holidays.years as Record<string, { date: string; name: string }[]>).flatMap((days) => days.map((day) => [day.date, day.name] as const)),
);

/** The years the holiday file covers; a date outside them counts weekends only. */
export const HOLIDAY_YEARS: readonly number[] = Object.keys(holidays.years).map(Number);

/** The national holiday on that date, if any. */
export function holidayOn(date: string): string | null {
  return HOLIDAYS.get(date) ?? null;
}

export function isBusinessDay(date: string): boolean {
  const weekday = dateColumn(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(date);
}

/**
 * The date `days` business days after `start` (the start day itself never counts): a sheet
 * filed on a Friday with a term of 15 business days is due 15 business days from Monday on.
 */
export function addBusinessDays(start: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError("addBusinessDays: a whole number of days, not negative");
  let date = start;
  for (let counted = 0; counted < days; ) {
    date = addDays(date, 1);
    if (isBusinessDay(date)) counted += 1;
  }
  return date;
}

/** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let date = from; date < to; ) {
    date = addDays(date, 1);
    if (isBusinessDay(date)) count += 1;
  }
  return count;
}

/**
 * Business days left from `today` to `due`: 0 on the due date itself (still in time), negative
 * once it has passed: −1 from the day after it (a weekend right after counts as late already)
 * until the second business day after it, and so on.
 */
export function businessDaysLeft(today: string, due: string): number {
  return today <= due ? businessDaysBetween(today, due) : -Math.max(1, businessDaysBetween(due, today));
}
