// Peruvian identity numbers: the RUC (tax id, 11 digits) and the DNI (national id, 8 digits), and
// which catalogue-06 type a customer's number is. Pure: no I/O here.
import type { IdentityDocumentType } from "@/lib/sunat/types";

/** RUC prefixes: 10 natural person, 15, 16 and 17 special cases of natural persons / non-domiciled, 20 legal entity. */
const RUC_PREFIXES = ["10", "15", "16", "17", "20"];
/** The weights SUNAT applies to the first ten digits of a RUC. */
const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/**
 * The check digit of a RUC's first ten digits (module 11): the weighted sum's remainder r gives
 * 11 − r, where 10 counts as 0 and 11 as 1.
 */
export function rucCheckDigit(firstTen: string): number {
  if (!/^\d{10}$/.test(firstTen)) throw new RangeError("rucCheckDigit: ten digits");
  const sum = RUC_WEIGHTS.reduce((total, weight, i) => total + weight * Number(firstTen[i]), 0);
  return (11 - (sum % 11)) % 10;
}

/** 11 digits, a known prefix and the right check digit. */
export function isValidRuc(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  if (!RUC_PREFIXES.includes(value.slice(0, 2))) return false;
  return rucCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/** 8 digits (a DNI has no check digit of its own in the number). */
export function isValidDni(value: string): boolean {
  return /^\d{8}$/.test(value);
}

/**
 * The catalogue-06 type of a customer's tax id: "6" for a valid RUC, "1" for a DNI, "0" when there
 * is none (blank or "-"). Anything else (a carné de extranjería or a passport look alike) is
 * null: the caller must be told the type.
 */
export function identityTypeOf(taxId: string | null | undefined): Extract<IdentityDocumentType, "6" | "1" | "0"> | null {
  const value = (taxId ?? "").trim();
  if (value === "" || value === "-") return "0";
  if (isValidRuc(value)) return "6";
  if (isValidDni(value)) return "1";
  return null;
}
