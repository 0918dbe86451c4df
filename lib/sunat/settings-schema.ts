// Inputs of "Configuración › Facturación electrónica": the issuer's fiscal address as SUNAT reads
// it, the detracción account and service code, and the exchange rates used to declare a
// detracción in soles. Pure: the form (react-hook-form), its server action and the service all use
// this one schema. Every field is optional (left out keeps its value) and nullable (blank or null
// clears it); bounds are the columns' (prisma/schema.prisma, model SiteSettings).
import { DETRACTION_SERVICES, type DetractionServiceCode } from "@/lib/sunat/catalogs";
import { optionalText, singleLineText, z } from "@/lib/zod";

export const EINVOICING_LIMITS = {
  place: 100,
  accountMin: 8,
  accountMax: 30,
  /** Decimal(10, 4): six whole digits. */
  rateMax: 999_999.9999,
} as const;

export const EINVOICING_MESSAGES = {
  invalid: "Revisa los campos marcados.",
  ubigeo: "El ubigeo debe tener 6 dígitos (por ejemplo, 150131 para San Isidro, Lima).",
  establishment: "El código de establecimiento debe tener 4 dígitos (0000 para el domicilio fiscal).",
  account: "La cuenta de detracciones debe tener entre 8 y 30 caracteres, solo dígitos y guiones (por ejemplo, 00-000-123456).",
  detractionCode: "Elige un código de detracción del catálogo 54 (servicios).",
  rate: (label: string) => `${label} debe ser un número mayor que cero con hasta 4 decimales (por ejemplo, 3.7520).`,
  rateTooLarge: (label: string) => `${label} es demasiado alto.`,
  notText: (label: string) => `${label} debe ser texto.`,
  notObject: "Envía un objeto con los campos de facturación electrónica.",
  unknownKeys: "Campos desconocidos",
  empty: "Envía al menos un campo de facturación electrónica.",
} as const;

const tooLong = (label: string, max: number) => `${label} no puede superar los ${max} caracteres.`;

/** A one-line value checked by `pattern`; blank, null or absent becomes null. */
function optionalPattern(label: string, max: number, pattern: RegExp, message: string) {
  return singleLineText({ error: EINVOICING_MESSAGES.notText(label) })
    .max(max, message)
    .transform((value, context) => {
      if (value === "") return null;
      if (pattern.test(value)) return value;
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .nullish()
    .transform((value) => value ?? null);
}

const RATE = /^\d+(\.\d{1,4})?$/;

/** "3.752", " 3,7520 " or 3.752 → "3.752" (no trailing zeros); zero, negative, > 4 decimals or too large refused. */
function optionalRate(label: string) {
  return z
    .union([z.string({ error: EINVOICING_MESSAGES.rate(label) }), z.number({ error: EINVOICING_MESSAGES.rate(label) })], { error: EINVOICING_MESSAGES.rate(label) })
    .transform((raw, context) => {
      const text = typeof raw === "number" ? (Number.isFinite(raw) ? String(raw) : "x") : raw.trim().replace(",", ".");
      if (text === "") return null;
      if (!RATE.test(text) || Number(text) <= 0) {
        context.addIssue({ code: "custom", message: EINVOICING_MESSAGES.rate(label) });
        return z.NEVER;
      }
      if (Number(text) > EINVOICING_LIMITS.rateMax) {
        context.addIssue({ code: "custom", message: EINVOICING_MESSAGES.rateTooLarge(label) });
        return z.NEVER;
      }
      const [whole, fraction = ""] = text.split(".");
      const digits = whole.replace(/^0+(?=\d)/, "");
      const decimals = fraction.replace(/0+$/, "");
      return decimals ? `${digits}.${decimals}` : digits;
    })
    .nullish()
    .transform((value) => value ?? null);
}

const einvoicingFields = {
  fiscal_ubigeo: optionalPattern("El ubigeo", 6, /^\d{6}$/, EINVOICING_MESSAGES.ubigeo),
  fiscal_district: optionalText(EINVOICING_LIMITS.place, tooLong("El distrito", EINVOICING_LIMITS.place), EINVOICING_MESSAGES.notText("El distrito")),
  fiscal_province: optionalText(EINVOICING_LIMITS.place, tooLong("La provincia", EINVOICING_LIMITS.place), EINVOICING_MESSAGES.notText("La provincia")),
  fiscal_department: optionalText(EINVOICING_LIMITS.place, tooLong("El departamento", EINVOICING_LIMITS.place), EINVOICING_MESSAGES.notText("El departamento")),
  fiscal_establishment: optionalPattern("El código de establecimiento", 4, /^\d{4}$/, EINVOICING_MESSAGES.establishment),
  detraction_account: optionalPattern(
    "La cuenta de detracciones",
    EINVOICING_LIMITS.accountMax,
    new RegExp(`^(?=.{${EINVOICING_LIMITS.accountMin},${EINVOICING_LIMITS.accountMax}}$)\\d[\\d-]*\\d$`),
    EINVOICING_MESSAGES.account,
  ),
  detraction_code: singleLineText({ error: EINVOICING_MESSAGES.detractionCode })
    .transform((value, context) => {
      if (value === "") return null;
      if (Object.hasOwn(DETRACTION_SERVICES, value)) return value as DetractionServiceCode;
      context.addIssue({ code: "custom", message: EINVOICING_MESSAGES.detractionCode });
      return z.NEVER;
    })
    .nullish()
    .transform((value) => value ?? null),
  exchange_rate_usd: optionalRate("El tipo de cambio del dólar"),
  exchange_rate_eur: optionalRate("El tipo de cambio del euro"),
};

/** In the order of the form. */
export const EINVOICING_FIELDS = Object.keys(einvoicingFields) as (keyof typeof einvoicingFields)[];

/**
 * The form and the service: every field optional and nullable, but at least one given and no
 * other key (a request naming none of them changes nothing and is refused as such).
 */
export const einvoicingSettingsSchema = z
  .strictObject(einvoicingFields, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `${EINVOICING_MESSAGES.unknownKeys}: ${issue.keys.join(", ")}.` : EINVOICING_MESSAGES.notObject,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: EINVOICING_MESSAGES.empty });

export type EinvoicingFormValues = z.input<typeof einvoicingSettingsSchema>;
export type EinvoicingSettingsUpdate = z.output<typeof einvoicingSettingsSchema>;

/** The certificate documents are signed with, as the screen shows it (never the file or its password). */
export type CertificateSummary = {
  subject: string | null;
  /** ISO instant. */
  not_after: string | null;
  uploaded_at: string | null;
  /** Uploaded in Configuración, read from SUNAT_CERT_PATH, or none. */
  source: "settings" | "environment" | null;
  /** Why it cannot sign today (Spanish), or null. */
  problem: string | null;
};

export type EinvoicingSettingsContract = {
  fiscal_ubigeo: string | null;
  fiscal_district: string | null;
  fiscal_province: string | null;
  fiscal_department: string | null;
  fiscal_establishment: string | null;
  detraction_account: string | null;
  detraction_code: string | null;
  exchange_rate_usd: string | null;
  exchange_rate_eur: string | null;
  certificate: CertificateSummary;
  /** Documents go to SUNAT's beta or the stand-in: they have no legal effect. */
  test_mode: boolean;
};

/** The largest .pfx accepted (real ones are 3–10 KB). */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;

export const CERTIFICATE_MESSAGES = {
  missingFile: "Elige el archivo del certificado (.pfx o .p12).",
  emptyFile: "El archivo del certificado está vacío.",
  tooLarge: "El archivo del certificado no puede superar los 64 KB.",
  missingPassword: "Ingresa la contraseña del certificado.",
  passwordTooLong: "La contraseña del certificado no puede superar los 200 caracteres.",
  noRuc: "Primero registra el RUC de la empresa en Configuración del sitio: el certificado debe corresponder a ese RUC.",
} as const;

export const CERTIFICATE_PASSWORD_MAX = 200;
