// Spanish labels of billing values (an invoice's states, payment methods, subscription states;
// billing periods come from lib/format.ts). Pure: client components use them too.

export const CURRENCIES = ["PEN", "USD", "EUR"] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];
export const CURRENCY_LABELS: Record<CurrencyCode, string> = { PEN: "Soles (S/)", USD: "Dólares (US$)", EUR: "Euros (€)" };

export const BILLING_PERIODS = ["monthly", "yearly", "one_time"] as const;
export type BillingPeriodCode = (typeof BILLING_PERIODS)[number];

export const SUBSCRIPTION_STATUSES = ["active", "paused", "cancelled", "expired"] as const;
export type SubscriptionStatusCode = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatusCode, string> = {
  active: "Activa",
  paused: "Pausada",
  cancelled: "Cancelada",
  expired: "Finalizada",
};

/**
 * An invoice's state as every screen, PDF, e-mail and API answer shows it, derived from what is
 * stored (pending, paid or cancelled), what was paid and the due date in Lima (state.ts).
 */
export const INVOICE_STATUSES = ["pending", "partially_paid", "overdue", "paid", "cancelled"] as const;
export type InvoiceStatusCode = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatusCode, string> = {
  pending: "Pendiente",
  partially_paid: "Parcialmente pagada",
  overdue: "Vencida",
  paid: "Pagada",
  cancelled: "Anulada",
};
/** The state filters of the invoice lists, plural as a filter reads ("Vencidas"), the overdue first. */
export const INVOICE_STATUS_FILTERS: readonly { status: InvoiceStatusCode; label: string }[] = [
  { status: "overdue", label: "Vencidas" },
  { status: "pending", label: "Pendientes" },
  { status: "partially_paid", label: "Parcialmente pagadas" },
  { status: "paid", label: "Pagadas" },
  { status: "cancelled", label: "Anuladas" },
];
/** The states of an invoice that still asks for money. */
export const OPEN_INVOICE_STATUSES = ["pending", "partially_paid", "overdue"] as const satisfies readonly InvoiceStatusCode[];

export function isOpenInvoice(status: string): boolean {
  return (OPEN_INVOICE_STATUSES as readonly string[]).includes(status);
}

/** The ways an admin records money received ("Registrar pago"). */
export const PAYMENT_METHODS = ["transferencia", "tarjeta", "yape", "plin", "efectivo"] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number];
/** Every method a payment can have: also the client's credit applied to an invoice (never recorded by hand). */
export type AnyPaymentMethod = PaymentMethodCode | "saldo_a_favor";
export const PAYMENT_METHOD_LABELS: Record<AnyPaymentMethod, string> = {
  transferencia: "Transferencia",
  tarjeta: "Tarjeta",
  yape: "Yape",
  plin: "Plin",
  efectivo: "Efectivo",
  saldo_a_favor: "Saldo a favor",
};

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: "Pendiente",
  completed: "Completado",
  failed: "Fallido",
  refunded: "Reembolsado",
};

/** Series F001 is a factura (customer with RUC); B001 a boleta de venta (DNI or none). */
export const INVOICE_SERIES = { factura: "F001", boleta: "B001" } as const;

export function documentTypeLabel(series: string): string {
  return series.startsWith("F") ? "Factura electrónica" : "Boleta de venta electrónica";
}

/** "F001-00000001": the series and the number padded to 8 digits. */
export function formatInvoiceNumber(series: string, sequence: number): string {
  return `${series}-${String(sequence).padStart(8, "0")}`;
}

/** A tax id's kind by its length: 11 digits is a RUC, 8 a DNI. */
export function taxIdLabel(taxId: string | null | undefined): string {
  if (!taxId) return "Sin documento";
  return taxId.length === 11 ? "RUC" : "DNI";
}

/** The payment reminders' steps (lib/billing/reminders.ts): before the due date, on it, after it. */
export const REMINDER_STEPS = ["before", "due", "after"] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];

export const REMINDER_STEP_LABELS: Record<ReminderStep, string> = {
  before: "Antes del vencimiento",
  due: "Día del vencimiento",
  after: "Vencida",
};

export function reminderStepLabel(step: string): string {
  return REMINDER_STEP_LABELS[step as ReminderStep] ?? step;
}
