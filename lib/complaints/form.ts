// What the public Libro de Reclamaciones form needs without zod: limits, texts, the empty form and
// the receipt the form shows once a sheet is filed. The schema itself is in ./schema; the form
// loads it on its first validation. Pure: client components import it.
import { HONEYPOT_FIELD } from "@/lib/contact/form";

export { HONEYPOT_FIELD };

/** The columns' bounds (complaints table). */
export const COMPLAINT_LIMITS = {
  consumerName: 200,
  documentNumber: 20,
  address: 300,
  phone: 30,
  email: 254,
  goodDescription: 1000,
  detail: 5000,
  consumerRequest: 2000,
  submissionKeyMin: 8,
  submissionKeyMax: 64,
  /** The largest amount a DECIMAL(12,2) column holds. */
  maxAmount: "9999999999.99",
} as const;

export const COMPLAINT_CURRENCIES = ["PEN", "USD", "EUR"] as const;
export type ComplaintCurrency = (typeof COMPLAINT_CURRENCIES)[number];

export const COMPLAINT_CURRENCY_LABELS: Record<ComplaintCurrency, string> = {
  PEN: "Soles (S/)",
  USD: "Dólares (US$)",
  // Written without "€": a character above U+00FF in a pre-rendered page costs every request its encoding (lib/latin1-html.ts).
  EUR: "Euros (EUR)",
};

/** The form's fixed Spanish texts, the same in the browser, the action and the API. */
export const COMPLAINT_MESSAGES = {
  invalid: "Revisa los campos marcados.",
  failure: "No se pudo registrar la hoja. Inténtalo de nuevo.",
  network: "Error de conexión. Verifica tu conexión a internet e inténtalo de nuevo: tu hoja no se duplicará.",
  tooMany: (minutes: number) => `Has enviado demasiadas hojas de reclamación. Inténtalo de nuevo en ${minutes} minuto${minutes === 1 ? "" : "s"}.`,
  keyReused: "Esta clave de envío ya se usó para otra hoja de reclamación. Vuelve a cargar el formulario e inténtalo de nuevo.",
} as const;

/** What the form holds: every text field as a string, the two checkboxes as booleans. */
export type ComplaintFormValues = {
  consumer_name: string;
  document_type: string;
  document_number: string;
  address: string;
  phone: string;
  email: string;
  is_minor: boolean;
  guardian_name: string;
  guardian_document_type: string;
  guardian_document_number: string;
  good_type: string;
  good_description: string;
  amount_claimed: string;
  currency: string;
  kind: string;
  detail: string;
  consumer_request: string;
  privacy_accepted: boolean;
  submission_key: string;
  [HONEYPOT_FIELD]: string;
};

export const EMPTY_COMPLAINT_FORM: ComplaintFormValues = {
  consumer_name: "",
  document_type: "dni",
  document_number: "",
  address: "",
  phone: "",
  email: "",
  is_minor: false,
  guardian_name: "",
  guardian_document_type: "dni",
  guardian_document_number: "",
  good_type: "service",
  good_description: "",
  amount_claimed: "",
  currency: "PEN",
  kind: "reclamo",
  detail: "",
  consumer_request: "",
  privacy_accepted: false,
  submission_key: "",
  [HONEYPOT_FIELD]: "",
};

export type ComplaintField = keyof ComplaintFormValues;

/**
 * What the page shows once the sheet is filed (and what a repeated submission of the same sheet
 * gets again): its number, when it was filed, its due date, where the copy goes and its PDF.
 */
export type ComplaintReceipt = {
  number: string;
  /** ISO date-time of the submission. */
  submitted_at: string;
  /** The last business day (Lima) to answer, "YYYY-MM-DD". */
  due_date: string;
  email: string;
  /** The signed link to the sheet's PDF, on this site ("/api/v1/complaints/…/pdf?token=…"). */
  pdf_path: string;
};
