// Inputs of the company settings, "Configuración del sitio" (name, tagline, social links,
// contact data, business hours and footer text, plus legal name and RUC). Pure: the form
// (react-hook-form), its server action and GET|PUT /api/v1/admin/settings all use this one
// schema. Bounds are the columns' (prisma/schema.prisma, model SiteSettings); every field is
// one line of text, as the footer, contact page, legal pages and JSON-LD show them.
import { isValidRuc } from "@/lib/sunat/identity";
import { isWebUrl, optionalText, singleLineText, z } from "@/lib/zod";
import type { PublicSettingsContract } from "./serialize";

export const SETTINGS_LIMITS = {
  companyName: 120,
  companyLegalName: 200,
  companyTaxId: 20,
  companyTagline: 300,
  url: 2048,
  contactEmail: 254,
  contactPhone: 30,
  contactAddress: 300,
  businessHours: 200,
  footerText: 500,
} as const;

export const SETTINGS_MESSAGES = {
  invalid: "Revisa los campos marcados.",
  companyNameRequired: "El nombre de la empresa es obligatorio.",
  email: "Ingresa un correo electrónico válido (por ejemplo, contacto@empresa.pe).",
  phone:
    "Ingresa un teléfono peruano válido: un celular de 9 dígitos que empiece por 9 (por ejemplo, +51 987 654 321) o un teléfono fijo con su código de ciudad (por ejemplo, (01) 640 2250 o (054) 123 456).",
  rucFormat: "El RUC debe tener 11 dígitos y empezar por 10, 15, 16, 17 o 20 (por ejemplo, 20131312955).",
  rucCheckDigit: "El RUC no es válido: el dígito verificador no corresponde. Revisa el número.",
  url: (label: string) => `${label} debe ser una URL que empiece por http:// o https:// (por ejemplo, https://www.linkedin.com/company/tu-empresa).`,
} as const;

const tooLong = (label: string, max: number) => `${label} no puede superar los ${max} caracteres.`;

/** Runs `check` on a present, non-blank value; blank or null becomes null. */
function optionalChecked(label: string, max: number, check: (value: string, context: z.core.$RefinementCtx<string>) => string | typeof z.NEVER) {
  return singleLineText({ error: `${label} debe ser texto.` })
    .max(max, tooLong(label, max))
    .transform((value, context) => (value === "" ? null : check(value, context)))
    .nullish()
    .transform((value) => value ?? null);
}

function optionalUrl(label: string) {
  return optionalChecked(label, SETTINGS_LIMITS.url, (value, context) => {
    if (isWebUrl(value)) return value;
    context.addIssue({ code: "custom", message: SETTINGS_MESSAGES.url(label) });
    return z.NEVER;
  });
}

const emailFormat = z.email();

/** Peruvian area codes outside Lima (two digits after the trunk 0), per the MTC numbering plan. */
const PROVINCE_CODES = new Set(["41", "42", "43", "44", "51", "52", "53", "54", "56", "61", "62", "63", "64", "65", "66", "67", "72", "73", "74", "76", "82", "83", "84"]);

/**
 * A Peruvian phone in one written form, or null when it is not one: a mobile (9 digits starting
 * with 9) → "+51 987 654 321"; Lima/Callao (1 + 7 digits) → "+51 1 640 2250"; another city
 * (area code + 6 digits) → "+51 54 123 456". Accepts +51 / 0051 in front, the trunk 0 of a
 * landline ("(01) 640-2250", "054 123456"), and spaces, hyphens, dots or brackets between digits.
 */
export function normalizePeruvianPhone(raw: string): string | null {
  const text = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  const international = text.startsWith("+") || digits.startsWith("0051");
  if (digits.startsWith("0051")) digits = digits.slice(4);
  else if (text.startsWith("+")) {
    if (!digits.startsWith("51")) return null;
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith("519")) digits = digits.slice(2);
  if (/^9\d{8}$/.test(digits)) return `+51 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  // Landlines: the trunk 0 is written nationally ("01 …"); some write it after +51 too.
  if (digits.startsWith("0")) digits = digits.slice(1);
  else if (!international) return null;
  if (/^1[1-9]\d{6}$/.test(digits)) return `+51 1 ${digits.slice(1, 4)} ${digits.slice(4)}`;
  if (/^\d{2}[1-9]\d{5}$/.test(digits) && PROVINCE_CODES.has(digits.slice(0, 2))) {
    return `+51 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
  }
  return null;
}

/** A RUC as 11 digits (spaces and hyphens between digits are dropped), or why it is not one. */
export function rucProblem(digits: string): string | null {
  if (!/^(10|15|16|17|20)\d{9}$/.test(digits)) return SETTINGS_MESSAGES.rucFormat;
  if (!isValidRuc(digits)) return SETTINGS_MESSAGES.rucCheckDigit;
  return null;
}

const settingsFields = {
  company_name: singleLineText({ error: SETTINGS_MESSAGES.companyNameRequired })
    .min(1, SETTINGS_MESSAGES.companyNameRequired)
    .max(SETTINGS_LIMITS.companyName, tooLong("El nombre de la empresa", SETTINGS_LIMITS.companyName)),
  company_legal_name: optionalText(SETTINGS_LIMITS.companyLegalName, tooLong("La razón social", SETTINGS_LIMITS.companyLegalName), `La razón social debe ser texto.`),
  company_tagline: optionalText(SETTINGS_LIMITS.companyTagline, tooLong("El eslogan", SETTINGS_LIMITS.companyTagline), `El eslogan debe ser texto.`),
  company_tax_id: optionalChecked("El RUC", SETTINGS_LIMITS.companyTaxId, (value, context) => {
    const digits = /^[\d\s-]+$/.test(value) ? value.replace(/[\s-]/g, "") : value;
    const problem = rucProblem(digits);
    if (!problem) return digits;
    context.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }),
  contact_email: optionalChecked("El correo de contacto", SETTINGS_LIMITS.contactEmail, (value, context) => {
    if (emailFormat.safeParse(value).success) return value.toLowerCase();
    context.addIssue({ code: "custom", message: SETTINGS_MESSAGES.email });
    return z.NEVER;
  }),
  contact_phone: optionalChecked("El teléfono", SETTINGS_LIMITS.contactPhone, (value, context) => {
    const phone = normalizePeruvianPhone(value);
    if (phone) return phone;
    context.addIssue({ code: "custom", message: SETTINGS_MESSAGES.phone });
    return z.NEVER;
  }),
  contact_address: optionalText(SETTINGS_LIMITS.contactAddress, tooLong("La dirección", SETTINGS_LIMITS.contactAddress), `La dirección debe ser texto.`),
  business_hours: optionalText(SETTINGS_LIMITS.businessHours, tooLong("El horario de atención", SETTINGS_LIMITS.businessHours), `El horario de atención debe ser texto.`),
  social_linkedin: optionalUrl("El enlace de LinkedIn"),
  social_twitter: optionalUrl("El enlace de Twitter"),
  social_facebook: optionalUrl("El enlace de Facebook"),
  footer_text: optionalText(SETTINGS_LIMITS.footerText, tooLong("El texto del pie de página", SETTINGS_LIMITS.footerText), `El texto del pie de página debe ser texto.`),
};

/** In the order of the form (Empresa, Contacto, Redes sociales, Pie de página). */
export const SETTINGS_FIELDS = Object.keys(settingsFields) as (keyof typeof settingsFields)[];

/** The whole settings form (and a full PUT): company_name required, the rest blank → null. */
export const siteSettingsInputSchema = z.object(settingsFields, { error: "Envía un objeto JSON con los campos de la configuración." });

/**
 * PUT /api/v1/admin/settings: the same fields, each optional. A field left out keeps its value;
 * null or "" clears an optional one; company_name can be changed but never cleared.
 */
export const siteSettingsUpdateSchema = siteSettingsInputSchema.partial();

/** What the form holds. */
export type SiteSettingsFormValues = z.input<typeof siteSettingsInputSchema>;
export type SiteSettingsInput = z.output<typeof siteSettingsInputSchema>;
export type SiteSettingsUpdate = z.output<typeof siteSettingsUpdateSchema>;

/** GET|PUT /api/v1/admin/settings → { data: SiteSettingsContract }. */
export type SiteSettingsContract = PublicSettingsContract & { updated_at: string | null };
