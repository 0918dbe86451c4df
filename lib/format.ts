/**
 * Formatting shared by every screen: money in the item's own currency, billing-period labels
 * and dates (es-ES: day, short month, year, hour and minute).
 *
 * Pure functions with no server dependency, so client components may import them too.
 */

/** Anything a price can arrive as: a number, a numeric string, or a Prisma Decimal. */
export type MoneyAmount = number | string | { toString(): string };

const CURRENCY_SYMBOLS: Record<string, string> = {
  PEN: "S/",
  USD: "US$",
  EUR: "€",
};

// One fixed locale for the digits, so server and browser print exactly the same string.
const moneyDigits = new Intl.NumberFormat("es-PE", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats an amount in its own currency: "S/ 1,250.00", "US$ 1,250.00", "€ 1,250.00".
 * Unknown currency codes are printed as the code ("GBP 10.00"). A value that is not a finite
 * number gives "—".
 */
export function formatMoney(amount: MoneyAmount, currency: string | null | undefined = "USD"): string {
  const value = typeof amount === "number" ? amount : Number(String(amount).trim());
  if (!Number.isFinite(value)) return "—";
  const code = (currency ?? "USD").toUpperCase();
  const symbol = CURRENCY_SYMBOLS[code] ?? code;
  const digits = moneyDigits.format(Math.abs(value));
  return `${value < 0 ? "-" : ""}${symbol} ${digits}`;
}

/** An amount with two decimals and no currency ("1,250.00"), for when the currency is unknown. A non-number gives "—". */
export function formatAmount(amount: MoneyAmount): string {
  const value = typeof amount === "number" ? amount : Number(String(amount).trim());
  if (!Number.isFinite(value)) return "—";
  return `${value < 0 ? "-" : ""}${moneyDigits.format(Math.abs(value))}`;
}

/** Billing period label for badges and selects: Mensual, Anual, otherwise Pago Único. */
export function billingPeriodLabel(period: string | null | undefined): string {
  if (period === "monthly") return "Mensual";
  if (period === "yearly") return "Anual";
  return "Pago Único";
}

/** Billing period suffix after a price: mes, año, otherwise pago único. */
export function billingPeriodSuffix(period: string | null | undefined): string {
  if (period === "monthly") return "mes";
  if (period === "yearly") return "año";
  return "pago único";
}

/** What follows a price: "/ mes", "/ año", or "pago único" for a one-off price. */
export function priceSuffix(period: string | null | undefined): string {
  const suffix = billingPeriodSuffix(period);
  return period === "monthly" || period === "yearly" ? `/ ${suffix}` : suffix;
}

/** The business's time zone: dates print the same on the server and in the browser. */
export const BUSINESS_TIME_ZONE = "America/Lima";

/**
 * The one set of month abbreviations of every screen (lists, charts, histories). Written out
 * rather than taken from Intl: es-ES prints "sept" and es-PE "set.", and browsers' ICU versions
 * differ, so charts and lists used to disagree.
 */
export const MONTH_ABBREVIATIONS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"] as const;

const MONTH_NAMES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"] as const;

type DateInput = Date | string | number | null | undefined;

/** A date-only value ("2026-09-07") is that calendar day; anything else is an instant. */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const limaParts = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: BUSINESS_TIME_ZONE,
});

type Parts = { year: number; month: number; day: number; hour: string; minute: string };

function partsOf(date: Date, timeZone: "lima" | "utc"): Parts {
  if (timeZone === "utc") {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth(),
      day: date.getUTCDate(),
      hour: String(date.getUTCHours()).padStart(2, "0"),
      minute: String(date.getUTCMinutes()).padStart(2, "0"),
    };
  }
  const parts = Object.fromEntries(limaParts.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month) - 1, day: Number(parts.day), hour: parts.hour, minute: parts.minute };
}

/** "22 nov 2026, 08:55" (day, short month, year, hour and minute, Lima time). Invalid or missing dates give "—". */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "—";
  const p = partsOf(date, "lima");
  return `${p.day} ${MONTH_ABBREVIATIONS[p.month]} ${p.year}, ${p.hour}:${p.minute}`;
}

/**
 * A calendar day, "7 sept 2026". Billing dates are stored as dates (midnight UTC) and printed in
 * UTC so the day never shifts (the default); `timeZone: "lima"` prints an instant's day in Lima.
 */
export function formatShortDay(value: DateInput, { timeZone = "utc" }: { timeZone?: "utc" | "lima" } = {}): string {
  const date = toDate(value);
  if (!date) return "—";
  const p = partsOf(date, timeZone);
  return `${p.day} ${MONTH_ABBREVIATIONS[p.month]} ${p.year}`;
}

/** A day without its year, for chart axes: "7 sept". Calendar dates, read in UTC. */
export function formatDayMonth(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "—";
  const p = partsOf(date, "utc");
  return `${p.day} ${MONTH_ABBREVIATIONS[p.month]}`;
}

/** A month's abbreviation, for chart axes: "sept". Calendar dates, read in UTC. */
export function formatMonthShort(value: DateInput): string {
  const date = toDate(value);
  return date ? MONTH_ABBREVIATIONS[date.getUTCMonth()] : "—";
}

/** A month and its year in full: "septiembre de 2026". Calendar dates, read in UTC. */
export function formatMonthLong(value: DateInput): string {
  const date = toDate(value);
  return date ? `${MONTH_NAMES[date.getUTCMonth()]} de ${date.getUTCFullYear()}` : "—";
}

/**
 * A day in full: "7 de septiembre de 2026". Calendar dates in UTC (the default); `timeZone:
 * "lima"` prints an instant's day in Lima.
 */
export function formatLongDay(value: DateInput, { timeZone = "utc" }: { timeZone?: "utc" | "lima" } = {}): string {
  const date = toDate(value);
  if (!date) return "—";
  const p = partsOf(date, timeZone);
  return `${p.day} de ${MONTH_NAMES[p.month]} de ${p.year}`;
}

/** "22 de noviembre de 2026, 14:05" (Lima time), for the detail views' created and updated dates. */
export function formatLongDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "—";
  const p = partsOf(date, "lima");
  return `${p.day} de ${MONTH_NAMES[p.month]} de ${p.year}, ${p.hour}:${p.minute}`;
}
