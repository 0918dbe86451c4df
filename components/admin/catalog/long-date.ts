import { BUSINESS_TIME_ZONE } from "@/lib/format";

// The detail views' dates (spec §2.6 "created and updated dates in Spanish long format"):
// "22 de noviembre de 2026, 14:05", in the business's time zone so server and browser agree.
const longDate = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone: BUSINESS_TIME_ZONE });
const shortTime = new Intl.DateTimeFormat("es-ES", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: BUSINESS_TIME_ZONE });

export function formatLongDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  return `${longDate.format(date)}, ${shortTime.format(date)}`;
}
