import type { ContactFormValues } from "./schema";

// What the contact form needs without zod: limits, texts, the empty form and its states.
// The schema itself is in ./schema; the form loads it on its first validation.

export const CONTACT_LIMITS = { name: 120, email: 254, phone: 30, company: 120, subject: 200, message: 5000 } as const;

/** The hidden field only bots fill in (see HONEYPOT_FIELD in the form and the service). */
export const HONEYPOT_FIELD = "website";

/** The contact form's fixed Spanish texts, the same in the browser, the action and the API. */
export const CONTACT_MESSAGES = {
  success: "Mensaje enviado correctamente. Te contactaremos pronto.",
  failure: "Error al enviar el mensaje. Inténtalo de nuevo.",
  network: "Error de conexión. Verifica tu conexión a internet.",
  invalid: "Revisa los campos marcados.",
  sectorMissing: "El sector seleccionado no existe.",
} as const;

export const EMPTY_CONTACT_FORM = {
  name: "",
  email: "",
  phone: "",
  company: "",
  subject: "",
  message: "",
  sector_id: "",
  [HONEYPOT_FIELD]: "",
} satisfies ContactFormValues;

export type ContactField = keyof typeof EMPTY_CONTACT_FORM;

/** The consent box's name: posted only when ticked. */
export const PRIVACY_FIELD = "privacy_accepted";

/**
 * Every field of the form as posted (the browser's FormData or the server action's): the text
 * fields as strings (a field missing or not text, such as a file in a hand-made request, reads
 * as ""), and the consent box as true or false (the form always answers it).
 */
export function contactFormFields(data: FormData): Record<ContactField, string> & { [PRIVACY_FIELD]: boolean } {
  const values = { ...EMPTY_CONTACT_FORM };
  for (const field of Object.keys(values) as ContactField[]) {
    const value = data.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return { ...values, [PRIVACY_FIELD]: data.has(PRIVACY_FIELD) };
}

/**
 * The outcome of one submission, as the server action returns it and the form shows it.
 * On failure `values` carries what was typed, so a visitor without JavaScript loses nothing.
 */
export type ContactFormState =
  | { status: "idle" }
  | { status: "success"; message: string; submittedAt: number }
  | {
      status: "error";
      message: string;
      errors?: Partial<Record<string, string[]>>;
      values?: Partial<Record<ContactField, string>>;
      submittedAt: number;
    };
