// The detracción (Sistema de Pago de Obligaciones Tributarias, SPOT) in one place: when a sale of
// ours is subject to it, at which rate, and how much the customer must deposit in soles into the
// issuer's Banco de la Nación account. Pure: no I/O here.
//
// The legal source is SUNAT's Resolución de Superintendencia 183-2004/SUNAT and its later
// amendments. Its Anexo 3 lists the services subject to the system with their rates; a service
// falls under it only when the importe de la operación (the total, IGV included) exceeds
// S/ 700.00. Anexo 3 services paid with a factura use operation type "1001" (catalogue 51) and
// declare the code (catalogue 54), the rate, the amount and the account in the factura itself.
// A boleta is issued to final consumers, who are not bound to deposit, so only facturas qualify.
//
// Amounts: an operation in dollars or euros is converted to soles with the exchange rate the caller
// passes (SUNAT asks for the SBS's weighted average selling rate of the day the obligation arises).
// Since 2015 (Resolución 343-2014/SUNAT) the deposit is made in whole soles, without cents: the
// amount is rounded to the nearest sol, half a sol going up (123.50 → 124, 123.49 → 123). The
// threshold is compared with the exact converted total, before any rounding.
import Decimal from "decimal.js";
import { invalid } from "@/lib/errors";
import { DETRACTION_SERVICES, type DetractionServiceCode } from "@/lib/sunat/catalogs";
import type { CurrencyCode, Detraction, SaleDocumentType } from "@/lib/sunat/types";

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Operation type (catalogue 51) of a sale subject to detracción. */
export const DETRACTION_OPERATION_TYPE = "1001";
/** A service falls under the system when its total exceeds this many soles. */
export const DETRACTION_THRESHOLD_PEN = "700.00";
/** Catalogue 59 "Depósito en cuenta": how the customer pays the detracción. */
export const DETRACTION_PAYMENT_MEANS = "001";

/** The rate (percent) of each Anexo 3 service. */
export const DETRACTION_RATES: Record<DetractionServiceCode, string> = {
  "012": "12.00",
  "019": "10.00",
  "020": "12.00",
  "021": "10.00",
  "022": "12.00",
  "024": "10.00",
  "025": "10.00",
  "026": "10.00",
  "030": "4.00",
  "037": "12.00",
};

export function isDetractionServiceCode(code: string): code is DetractionServiceCode {
  return Object.hasOwn(DETRACTION_SERVICES, code);
}

export type DetractionInput = {
  type: SaleDocumentType;
  /** Catalogue 54 code of the service. */
  code: string;
  /** The issuer's Banco de la Nación account for detracciones. */
  account: string;
} & (
  | { totalPen: string }
  | {
      /** Importe total of the operation, IGV included, in its own currency. */
      total: string;
      currency: CurrencyCode;
      /** Soles per unit of `currency`; required unless the currency is PEN. */
      exchangeRate?: string;
    }
);

/** The importe total in soles: as given, or converted with the exchange rate. */
function totalInSoles(input: DetractionInput): InstanceType<typeof Exact> {
  if ("totalPen" in input) return new Exact(input.totalPen);
  if (input.currency === "PEN") return new Exact(input.total);
  const rate = input.exchangeRate ? new Exact(input.exchangeRate) : null;
  if (!rate || !rate.isFinite() || rate.lte(0)) {
    throw invalid(
      { exchangeRate: ["Indica el tipo de cambio para calcular la detracción en soles."] },
      "Falta el tipo de cambio para calcular la detracción.",
    );
  }
  return new Exact(input.total).times(rate);
}

/** The deposit for `totalPen` soles at `percent`, in whole soles (half up), written "124.00". */
export function detractionAmountPen(totalPen: Decimal.Value, percent: Decimal.Value): string {
  return new Exact(totalPen).times(percent).dividedBy(100).toDecimalPlaces(0).toFixed(2);
}

/**
 * The detracción a sale must declare, or null when it is not subject to it: not a factura, or a
 * total of S/ 700.00 or less. Refuses a code outside Anexo 3 and a missing account or exchange rate.
 */
export function detractionFor(input: DetractionInput): Detraction | null {
  if (input.type !== "01") return null;
  if (!isDetractionServiceCode(input.code)) {
    throw invalid({ code: ["El código de detracción no corresponde a un servicio sujeto al sistema."] });
  }
  const totalPen = totalInSoles(input);
  if (totalPen.lte(DETRACTION_THRESHOLD_PEN)) return null;
  const account = input.account.trim();
  if (!account) {
    throw invalid(
      { account: ["Indica la cuenta de detracciones del Banco de la Nación."] },
      "Falta la cuenta de detracciones del Banco de la Nación.",
    );
  }
  const percent = DETRACTION_RATES[input.code];
  return {
    code: input.code,
    percent,
    amountPen: detractionAmountPen(totalPen, percent),
    account,
    paymentMeansCode: DETRACTION_PAYMENT_MEANS,
  };
}
