// Identity documents a consumer or a data subject gives, checked by type. Pure: no I/O.
import { isValidDni, isValidRuc } from "@/lib/sunat/identity";

export const PERSONAL_DOCUMENT_TYPES = ["dni", "ce", "ruc", "passport"] as const;
export type PersonalDocumentType = (typeof PERSONAL_DOCUMENT_TYPES)[number];

export const PERSONAL_DOCUMENT_LABELS: Record<PersonalDocumentType, string> = {
  dni: "DNI",
  ce: "Carné de extranjería",
  ruc: "RUC",
  passport: "Pasaporte",
};

/** Carné de extranjería: 9 digits (older cards 8 to 12 characters, letters allowed). */
const CE_PATTERN = /^[A-Z0-9]{8,12}$/;
/** Passport: 6 to 12 letters and digits. */
const PASSPORT_PATTERN = /^[A-Z0-9]{6,12}$/;

/** The number as stored: trimmed, spaces and dashes removed, upper-case. */
export function normalizeDocumentNumber(value: string): string {
  return value.trim().replace(/[\s-]/g, "").toUpperCase();
}

/** Null when the (normalized) number is valid for its type, else the Spanish message to show. */
export function documentNumberProblem(type: PersonalDocumentType, number: string): string | null {
  switch (type) {
    case "dni":
      return isValidDni(number) ? null : "El DNI tiene 8 dígitos.";
    case "ruc":
      return isValidRuc(number) ? null : "El RUC no es válido: 11 dígitos que empiezan con 10, 15, 16, 17 o 20 y su dígito verificador.";
    case "ce":
      return CE_PATTERN.test(number) ? null : "El carné de extranjería tiene de 8 a 12 letras o dígitos.";
    case "passport":
      return PASSPORT_PATTERN.test(number) ? null : "El pasaporte tiene de 6 a 12 letras o dígitos.";
  }
}
