import { normalizePeruvianPhone } from "@/lib/content/settings-schema";
import { multilineText, singleLineText, z } from "@/lib/zod";
import { CURRENCIES, type CurrencyCode } from "./labels";

// How clients pay and when they are reminded ("Configuración › Cobros"): the shapes the settings
// API answers, and the text every open invoice shows in its currency (page, PDF, e-mail). Pure:
// client components use it too.

export type PaymentAccount = {
  bank: string;
  currency: CurrencyCode;
  account_number: string;
  /** Código de Cuenta Interbancario (20 digits), or null. */
  cci: string | null;
};

export type PaymentInstructions = {
  accounts: PaymentAccount[];
  /** Mobile numbers as stored ("+51 987 654 321"); Yape and Plin move soles only. */
  yape: string | null;
  plin: string | null;
  /** Free text: who the transfer is to, what to write in the reference, where to send the voucher. */
  text: string | null;
  /** Where the Yape/Plin QR image is served (signed-in users only), or null. */
  qr_url: string | null;
};

export type PaymentReminderSettings = {
  enabled: boolean;
  /** A reminder this many days before the due date. */
  days_before: number;
  /** After the due date, one every this many days until paid or cancelled. */
  every_days: number;
};

export type CollectionSettingsContract = { payment_instructions: PaymentInstructions; payment_reminders: PaymentReminderSettings };

export const DEFAULT_PAYMENT_REMINDERS: PaymentReminderSettings = { enabled: true, days_before: 3, every_days: 7 };

/** The accounts of one currency (an invoice in US$ shows only the US$ accounts). */
export function accountsFor(instructions: PaymentInstructions, currency: string): PaymentAccount[] {
  return instructions.accounts.filter((account) => account.currency === currency);
}

/** Whether there is anything to show for an invoice in `currency`. */
export function hasPaymentInstructions(instructions: PaymentInstructions, currency: string): boolean {
  return accountsFor(instructions, currency).length > 0 || Boolean(instructions.text) || (currency === "PEN" && Boolean(instructions.yape || instructions.plin));
}

/**
 * "Cómo pagar" as plain lines, for the PDF and the e-mail: each account of the invoice's
 * currency, Yape and Plin (soles only: both move soles), then the free text. Empty when nothing
 * is configured for that currency.
 */
export function paymentInstructionLines(instructions: PaymentInstructions, currency: string): string[] {
  const lines = accountsFor(instructions, currency).map(
    (account) => `${account.bank} (${account.currency === "PEN" ? "soles" : account.currency === "USD" ? "dólares" : "euros"}): cuenta ${account.account_number}${account.cci ? ` · CCI ${account.cci}` : ""}`,
  );
  if (currency === "PEN" && instructions.yape) lines.push(`Yape: ${instructions.yape}`);
  if (currency === "PEN" && instructions.plin) lines.push(`Plin: ${instructions.plin}`);
  if (instructions.text) lines.push(...instructions.text.split(/\r?\n/).filter((line) => line.trim() !== ""));
  return lines;
}

// ── Inputs of "Configuración › Cobros" ─────────────────────────────────────────
// One schema for the form (react-hook-form), its server action and PUT
// /api/v1/admin/settings/collections. Every key is optional: a key left out keeps its value;
// `accounts`, when sent, is the whole new list; null or "" clears yape, plin and text.

export const COLLECTION_LIMITS = {
  accounts: 10,
  bankMin: 2,
  bankMax: 80,
  accountMin: 6,
  accountMax: 30,
  cciDigits: 20,
  text: 1000,
  daysBeforeMin: 1,
  daysBeforeMax: 30,
  everyDaysMin: 1,
  everyDaysMax: 60,
  /** The QR image (PNG, JPEG or WebP). */
  qrBytes: 2 * 1024 * 1024,
} as const;

export const COLLECTION_MESSAGES = {
  invalid: "Revisa los campos marcados.",
  notObject: "Envía un objeto JSON con payment_instructions y/o payment_reminders.",
  instructionsNotObject: "payment_instructions debe ser un objeto con accounts, yape, plin y text.",
  remindersNotObject: "payment_reminders debe ser un objeto con enabled, days_before y every_days.",
  unknownKeys: "Campos desconocidos",
  accountsList: "Las cuentas bancarias deben ser una lista.",
  tooManyAccounts: "Puedes registrar hasta 10 cuentas bancarias.",
  accountNotObject: "Cada cuenta debe tener banco, moneda, número de cuenta y, si quieres, CCI.",
  bank: "Indica el banco (entre 2 y 80 caracteres).",
  currency: "Elige la moneda de la cuenta: soles, dólares o euros.",
  accountNumber: "El número de cuenta debe tener entre 6 y 30 caracteres, solo dígitos y guiones (por ejemplo, 193-1234567-0-12).",
  cci: "El CCI debe tener exactamente 20 dígitos (por ejemplo, 00219300123456701212).",
  duplicateAccount: "Esta cuenta ya está en la lista.",
  mobile: (wallet: string) => `El número de ${wallet} debe ser un celular peruano: 9 dígitos que empiecen por 9 (por ejemplo, 987 654 321).`,
  text: "Las indicaciones para el cliente no pueden superar los 1000 caracteres.",
  notText: (label: string) => `${label} debe ser texto.`,
  enabled: "Indica si se envían los recordatorios (sí o no).",
  daysBefore: "Los días antes del vencimiento deben ser un número entero entre 1 y 30.",
  everyDays: "Los días entre recordatorios deben ser un número entero entre 1 y 60.",
  qrMissing: "Elige la imagen del código QR (PNG, JPG o WebP).",
  qrEmpty: "La imagen del código QR está vacía.",
  qrTooLarge: "La imagen del código QR no puede superar los 2 MB.",
  qrType: "El código QR debe ser una imagen PNG, JPG o WebP.",
  qrDamaged: "No se pudo leer la imagen del código QR: el archivo está dañado o incompleto.",
  qrTooBig: "La imagen del código QR es demasiado grande: usa una de hasta 4000 × 4000 píxeles.",
  qrNone: "No hay un código QR de pago configurado.",
  empty: "Envía payment_instructions, payment_reminders o ambos.",
  qrChanged: "El código QR cambió mientras tanto: recarga la página y revisa cuál quieres quitar.",
  noSettings: "Primero guarda la Configuración del sitio (nombre y RUC de la empresa).",
} as const;

/** A Peruvian mobile in its written form ("+51 987 654 321"), or null when it is not a mobile. */
export function normalizePeruvianMobile(raw: string): string | null {
  const phone = normalizePeruvianPhone(raw);
  return phone && /^\+51 9\d{2} \d{3} \d{3}$/.test(phone) ? phone : null;
}

const ACCOUNT_NUMBER = new RegExp(`^(?=.{${COLLECTION_LIMITS.accountMin},${COLLECTION_LIMITS.accountMax}}$)\\d[\\d-]*\\d$`);

const accountSchema = z.strictObject(
  {
    bank: singleLineText({ error: COLLECTION_MESSAGES.bank }).min(COLLECTION_LIMITS.bankMin, COLLECTION_MESSAGES.bank).max(COLLECTION_LIMITS.bankMax, COLLECTION_MESSAGES.bank),
    currency: z.enum(CURRENCIES, { error: COLLECTION_MESSAGES.currency }),
    account_number: singleLineText({ error: COLLECTION_MESSAGES.accountNumber }).regex(ACCOUNT_NUMBER, COLLECTION_MESSAGES.accountNumber),
    // Written with spaces or hyphens ("002-193-001234567012-12") or not: stored as its 20 digits.
    cci: singleLineText({ error: COLLECTION_MESSAGES.cci })
      .max(40, COLLECTION_MESSAGES.cci)
      .transform((value, context) => {
        if (value === "") return null;
        const digits = /^[\d\s-]+$/.test(value) ? value.replace(/[\s-]/g, "") : value;
        if (new RegExp(`^\\d{${COLLECTION_LIMITS.cciDigits}}$`).test(digits)) return digits;
        context.addIssue({ code: "custom", message: COLLECTION_MESSAGES.cci });
        return z.NEVER;
      })
      .nullish()
      .transform((value) => value ?? null),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `${COLLECTION_MESSAGES.unknownKeys}: ${issue.keys.join(", ")}.` : COLLECTION_MESSAGES.accountNotObject,
  },
);

const accountsSchema = z
  .array(accountSchema, { error: COLLECTION_MESSAGES.accountsList })
  .max(COLLECTION_LIMITS.accounts, COLLECTION_MESSAGES.tooManyAccounts)
  .superRefine((accounts, context) => {
    const seen = new Set<string>();
    accounts.forEach((account, index) => {
      const key = `${account.currency}:${account.account_number.replace(/-/g, "")}`;
      if (seen.has(key)) context.addIssue({ code: "custom", message: COLLECTION_MESSAGES.duplicateAccount, path: [index, "account_number"] });
      seen.add(key);
    });
  });

function optionalMobile(wallet: string) {
  return singleLineText({ error: COLLECTION_MESSAGES.mobile(wallet) })
    .max(30, COLLECTION_MESSAGES.mobile(wallet))
    .transform((value, context) => {
      if (value === "") return null;
      const mobile = normalizePeruvianMobile(value);
      if (mobile) return mobile;
      context.addIssue({ code: "custom", message: COLLECTION_MESSAGES.mobile(wallet) });
      return z.NEVER;
    })
    .nullish()
    .transform((value) => value ?? null);
}

/** 1–30 or 1–60 days: a whole number, as a number or as the text of a form's input. */
function dayCount(min: number, max: number, message: string) {
  return z.union([z.number({ error: message }), z.string({ error: message })], { error: message }).transform((raw, context) => {
    const text = typeof raw === "number" ? String(raw) : raw.trim();
    if (!/^\d{1,3}$/.test(text) || Number(text) < min || Number(text) > max) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Number(text);
  });
}

const strictError = (notObject: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys" ? `${COLLECTION_MESSAGES.unknownKeys}: ${(issue.keys ?? []).join(", ")}.` : notObject;

export const collectionSettingsUpdateSchema = z.strictObject(
  {
    payment_instructions: z
      .strictObject(
        {
          accounts: accountsSchema.optional(),
          yape: optionalMobile("Yape").optional(),
          plin: optionalMobile("Plin").optional(),
          text: multilineText({ error: COLLECTION_MESSAGES.notText("Las indicaciones") })
            .max(COLLECTION_LIMITS.text, COLLECTION_MESSAGES.text)
            .nullish()
            .transform((value) => (value ? value : null))
            .optional(),
          // What GET answers, so a client may send the object back as it got it: the image
          // itself changes only through /api/v1/admin/settings/payment-qr.
          qr_url: z.unknown().optional(),
        },
        { error: strictError(COLLECTION_MESSAGES.instructionsNotObject) },
      )
      .optional(),
    payment_reminders: z
      .strictObject(
        {
          enabled: z.boolean({ error: COLLECTION_MESSAGES.enabled }).optional(),
          days_before: dayCount(COLLECTION_LIMITS.daysBeforeMin, COLLECTION_LIMITS.daysBeforeMax, COLLECTION_MESSAGES.daysBefore).optional(),
          every_days: dayCount(COLLECTION_LIMITS.everyDaysMin, COLLECTION_LIMITS.everyDaysMax, COLLECTION_MESSAGES.everyDays).optional(),
        },
        { error: strictError(COLLECTION_MESSAGES.remindersNotObject) },
      )
      .optional(),
  },
  { error: strictError(COLLECTION_MESSAGES.notObject) },
).refine((value) => value.payment_instructions !== undefined || value.payment_reminders !== undefined, { error: COLLECTION_MESSAGES.empty });

export type CollectionSettingsFormValues = z.input<typeof collectionSettingsUpdateSchema>;
export type CollectionSettingsUpdate = z.output<typeof collectionSettingsUpdateSchema>;

/** The image types the QR may be, judged by the file's bytes. */
export const PAYMENT_QR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
