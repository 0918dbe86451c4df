/**
 * Formatting shared by every screen: money in the item's own currency, billing-period labels
 * (spec §4) and dates (spec §9: es-ES, day, short month, year, hour and minute).
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

const dateTimeFormat = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: BUSINESS_TIME_ZONE,
});

/** "22 nov 2026, 08:55" (es-ES, Lima time). Invalid or missing dates give "—". */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  return dateTimeFormat.format(date);
}
