import { multilineText, optionalText, singleLineText, z } from "@/lib/zod";
import { CONTACT_LIMITS, HONEYPOT_FIELD } from "./form";
import { optionalSectorId } from "@/lib/content/schema";
import { optionalPrivacyConsent } from "@/lib/consent";

// The public contact request: ONE schema shared by the form
// (client-side, through react-hook-form), the server action and POST /api/v1/contact.

// The zod-free constants and form types live in ./form (the browser loads zod only on demand).
export * from "./form";

const PHONE_PATTERN = /^[\d\s+()-]*$/;

export const contactRequestSchema = z.object({
  name: singleLineText({ error: "El nombre es obligatorio." })
    .min(1, "El nombre es obligatorio.")
    .max(CONTACT_LIMITS.name, `El nombre no puede superar los ${CONTACT_LIMITS.name} caracteres.`),
  email: singleLineText({ error: "El correo electrónico es obligatorio." })
    .min(1, "El correo electrónico es obligatorio.")
    .max(CONTACT_LIMITS.email, `El correo electrónico no puede superar los ${CONTACT_LIMITS.email} caracteres.`)
    .pipe(z.email("Ingresa un correo electrónico válido."))
    .transform((value) => value.toLowerCase()),
  phone: optionalText(CONTACT_LIMITS.phone, `El teléfono no puede superar los ${CONTACT_LIMITS.phone} caracteres.`).refine(
    (value) => value === null || (PHONE_PATTERN.test(value) && /\d/.test(value)),
    "Ingresa un teléfono válido: solo dígitos, espacios y los signos + ( ) -.",
  ),
  company: optionalText(CONTACT_LIMITS.company, `La empresa no puede superar los ${CONTACT_LIMITS.company} caracteres.`),
  subject: optionalText(CONTACT_LIMITS.subject, `El asunto no puede superar los ${CONTACT_LIMITS.subject} caracteres.`),
  // Multi-line: tabs and line breaks are kept.
  message: multilineText({ error: "El mensaje es obligatorio." })
    .min(1, "El mensaje es obligatorio.")
    .max(CONTACT_LIMITS.message, `El mensaje no puede superar los ${CONTACT_LIMITS.message} caracteres.`),
  // Whether the sector exists is checked on the server (lib/contact/service.ts).
  sector_id: optionalSectorId(),
  // The web form always sends it (its box is required); older API clients may leave it out.
  privacy_accepted: optionalPrivacyConsent(),
  [HONEYPOT_FIELD]: z.string().max(0, "Deja este campo vacío.").nullish(),
});

/** What the form holds (all strings). */
export type ContactFormValues = z.input<typeof contactRequestSchema>;
/** What the server stores after validation. */
export type ContactRequest = z.output<typeof contactRequestSchema>;
