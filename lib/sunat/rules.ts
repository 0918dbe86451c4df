import Decimal from "decimal.js";

// SUNAT's rules on when a document can be issued, sent or voided, in one place. Pure.

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/**
 * A boleta whose total exceeds S/ 700 must identify the customer (DNI or another identity
 * document); below it, "varios" without a document is allowed.
 */
export const BOLETA_IDENTIFIED_ABOVE_PEN = "700.00";

/** Calendar days after the issue date within which a factura or a summary must reach SUNAT. */
export const SEND_WINDOW_DAYS = 3;

/** Calendar days after the issue date within which a document can be voided (comunicación de baja or summary). */
export const VOID_WINDOW_DAYS = 7;

/** The amount in soles, or null when the currency is not PEN and no exchange rate is known. */
export function inSoles(amount: Decimal.Value, currency: string, exchangeRate: Decimal.Value | null): string | null {
  if (currency === "PEN") return new Exact(amount).toFixed(2);
  if (exchangeRate === null) return null;
  return new Exact(amount).times(exchangeRate).toDecimalPlaces(2).toFixed(2);
}

/** Whether a boleta of this total needs the customer's identity document (null: cannot tell without an exchange rate). */
export function boletaNeedsIdentity(total: Decimal.Value, currency: string, exchangeRate: Decimal.Value | null): boolean | null {
  const soles = inSoles(total, currency, exchangeRate);
  return soles === null ? null : new Exact(soles).greaterThan(BOLETA_IDENTIFIED_ABOVE_PEN);
}

/** Days from one calendar date ("YYYY-MM-DD") to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether a document issued on `issuedOn` can still be sent to SUNAT on `today`. */
export function withinSendWindow(issuedOn: string, today: string): boolean {
  return daysBetween(issuedOn, today) <= SEND_WINDOW_DAYS;
}

export const OUT_OF_WINDOW = `Pasó el plazo de envío a SUNAT (${SEND_WINDOW_DAYS} días desde la emisión) y SUNAT lo rechazaría: no se envía. Anula este comprobante y emite uno nuevo.`;

/** Whether a document issued on `issuedOn` can still be voided on `today`. */
export function canStillVoid(issuedOn: string, today: string): boolean {
  return daysBetween(issuedOn, today) <= VOID_WINDOW_DAYS;
}

/** Where an invoice's electronic document stands, as far as cancelling the invoice goes. */
export type VoidingState = { status: string; sent_at: string | null };

/**
 * Whether cancelling an invoice must void its document before SUNAT: not when SUNAT rejected it, nor
 * when it was never sent and no longer can be (past the sending window): for SUNAT neither exists.
 */
export function cancelNeedsVoiding(sunat: VoidingState, issuedOn: string, today: string): boolean {
  if (sunat.status === "rejected") return false;
  return !(sunat.status === "pending" && !sunat.sent_at && !withinSendWindow(issuedOn, today));
}

