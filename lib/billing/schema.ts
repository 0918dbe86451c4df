import { idSchema, MAX_RECORD_ID, optionalIdSchema } from "@/lib/ids";
import { pageParams } from "@/lib/list/paging";
import { integerParam, oneOfParam, textParam } from "@/lib/list/query-params";
import { rucProblem } from "@/lib/content/settings-schema";
import { optionalText, singleLineText, z } from "@/lib/zod";
import { isCalendarDate } from "@/lib/dates";
import { compareMoney, lineTotal } from "./money";
import { BILLING_PERIODS, CURRENCIES, INVOICE_STATUSES, PAYMENT_METHODS, SUBSCRIPTION_STATUSES } from "./labels";
import { BILLING_LIMITS } from "./limits";

// ONE schema per billing input: the admin forms (react-hook-form), their server
// actions and the REST handlers parse with these. Bounds are the columns' (lib/billing/limits.ts).

export { BILLING_LIMITS };

export const BILLING_MESSAGES = {
  invalid: "Revisa los campos marcados.",
  userRequired: "Elige un cliente.",
  userMissing: "El cliente no existe o no es un cliente.",
  catalogItemMissing: "El producto o servicio no existe.",
  planRequired: "El plan es obligatorio.",
  amount: "Ingresa un importe mayor que cero, con hasta 2 decimales (por ejemplo, 149.90).",
  amountTooLarge: "El importe es demasiado grande.",
  totalTooLarge: "El total de la factura (IGV incluido) no puede superar 9,999,999,999.99.",
  quantity: "Ingresa una cantidad mayor que cero, con hasta 2 decimales.",
  lineTotalZero: "El total de la línea (cantidad × precio unitario) redondea a 0.00: aumenta la cantidad o el precio.",
  unitPrice: "Ingresa un precio unitario mayor que cero (sin IGV), con hasta 2 decimales.",
  currency: "La moneda debe ser PEN, USD o EUR.",
  billingPeriod: "El periodo debe ser monthly (Mensual), yearly (Anual) u one_time (Pago Único).",
  subscriptionStatus: "El estado debe ser active, paused, cancelled o expired.",
  date: "Ingresa una fecha válida (AAAA-MM-DD).",
  dueBeforeIssue: "El vencimiento no puede ser anterior a la fecha de emisión.",
  nextBillingPast: "La próxima fecha de cobro no puede ser anterior a hoy.",
  nextBillingRequired: "Indica la próxima fecha de cobro: una suscripción activa mensual o anual la necesita.",
  paidInFuture: "La fecha de pago no puede ser futura.",
  paidBeforeIssue: (issuedOn: string) => `La fecha de pago no puede ser anterior a la fecha de emisión de la factura (${issuedOn}).`,
  linesRequired: "Agrega al menos una línea.",
  linesTooMany: "Una factura admite como máximo 50 líneas.",
  lineDescriptionRequired: "La descripción de la línea es obligatoria.",
  method: "El método debe ser transferencia, tarjeta, yape, plin o efectivo.",
  invoiceRequired: "Elige la factura que se paga.",
  invoiceStatus: "Solo puedes anular una factura (status: cancelled). Una factura queda pagada al registrar pagos que cubran su total.",
  taxId: "Ingresa un RUC de 11 dígitos o un DNI de 8 dígitos.",
  nothingToChange: "No enviaste ningún cambio.",
  customerTaxIdInvalid: (problem: string) => `El documento del cliente no sirve para SUNAT (${problem}) Corrígelo en su perfil de facturación antes de emitir.`,
  cancelCreditedInvoice: "La factura ya tiene notas de crédito: para anular el resto, emite otra nota de crédito por el saldo.",
  voidWindowPassed: (days: number) => `Pasaron más de ${days} días desde su emisión y SUNAT ya no admite su baja: emite una nota de crédito (Anulación de la operación).`,
  dueDateSigned: "El vencimiento forma parte de la factura electrónica ya firmada: para cambiarlo, emite una nota de crédito (motivo 13) o una nueva factura.",
  boletaNeedsIdentity: "Una boleta de más de S/ 700.00 debe identificar al cliente: registra su DNI en su perfil de facturación.",
  // Rules the records forbid (409).
  invoiceNotFound: "Factura no encontrada.",
  subscriptionNotFound: "Suscripción no encontrada.",
  paymentNotFound: "Pago no encontrado.",
  invoiceCancelled: "La factura está anulada: no admite pagos.",
  invoicePaid: "La factura ya está pagada.",
  overpayment: (balance: string) => `El pago supera el saldo pendiente de la factura (${balance}).`,
  cancelPaidInvoice: "No puedes anular una factura con pagos registrados.",
  invoiceAlreadyCancelled: "La factura ya está anulada.",
  subscriptionNotActive: "Solo puedes cancelar una suscripción activa.",
  cancellationAlreadyRequested: "Ya solicitaste la cancelación de esta suscripción.",
} as const;

const tooLong = (label: string, max: number) => `${label} no puede superar los ${max} caracteres.`;

/** A positive decimal amount with at most 2 decimals, sent as a string ("117.99") or a number. */
function positiveDecimal(message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value, context) => {
      const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(text) || /^0+(\.0+)?$/.test(text)) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return text;
    });
}

/** "YYYY-MM-DD", a real day. */
export const calendarDateSchema = z
  .string({ error: BILLING_MESSAGES.date })
  .trim()
  .refine(isCalendarDate, BILLING_MESSAGES.date);

const userIdSchema = z
  .string({ error: BILLING_MESSAGES.userRequired })
  .trim()
  .min(1, BILLING_MESSAGES.userRequired)
  .max(40, BILLING_MESSAGES.userMissing)
  .regex(/^[A-Za-z0-9_-]+$/, BILLING_MESSAGES.userMissing);


const currencySchema = z.enum(CURRENCIES, { error: BILLING_MESSAGES.currency });
const billingPeriodSchema = z.enum(BILLING_PERIODS, { error: BILLING_MESSAGES.billingPeriod });

// ── Tax ids (the client's billing profile) ───────────────────────────────────

/** Why a tax id is not a RUC (11 digits, módulo-11 check digit) or a DNI (8 digits); null when it is. */
export function taxIdProblem(digits: string): string | null {
  if (/^\d{8}$/.test(digits)) return null;
  if (/^\d{11}$/.test(digits)) return rucProblem(digits);
  return BILLING_MESSAGES.taxId;
}

/** An optional RUC or DNI: spaces and hyphens between digits dropped; blank → null. */
export const taxIdSchema = singleLineText({ error: BILLING_MESSAGES.taxId })
  .max(20, BILLING_MESSAGES.taxId)
  .transform((value, context) => {
    if (value === "") return null;
    const digits = /^[\d\s-]+$/.test(value) ? value.replace(/[\s-]/g, "") : value;
    const problem = taxIdProblem(digits);
    if (!problem) return digits;
    context.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  })
  .nullish()
  .transform((value) => value ?? null);

export const billingNameSchema = optionalText(BILLING_LIMITS.billingName, tooLong("La razón social o nombre de facturación", BILLING_LIMITS.billingName));

// ── Subscriptions ────────────────────────────────────────────────────────────

const subscriptionFields = {
  user_id: userIdSchema,
  catalog_item_id: optionalIdSchema(BILLING_MESSAGES.catalogItemMissing),
  plan_name: singleLineText({ error: BILLING_MESSAGES.planRequired })
    .min(1, BILLING_MESSAGES.planRequired)
    .max(BILLING_LIMITS.planName, tooLong("El plan", BILLING_LIMITS.planName)),
  amount: positiveDecimal(BILLING_MESSAGES.amount),
  currency: currencySchema,
  billing_period: billingPeriodSchema,
  next_billing_date: calendarDateSchema,
};

/** POST /api/v1/admin/subscriptions and "Nueva suscripción". */
export const subscriptionCreateSchema = z.object(
  { ...subscriptionFields, currency: currencySchema.default("PEN"), billing_period: billingPeriodSchema.default("monthly") },
  { error: "Envía un objeto JSON con los datos de la suscripción." },
);
export type SubscriptionCreateInput = z.output<typeof subscriptionCreateSchema>;
export type SubscriptionCreateForm = z.input<typeof subscriptionCreateSchema>;

/** PUT /api/v1/admin/subscriptions/{id}: only the fields sent change. */
export const subscriptionUpdateSchema = z.object(
  {
    plan_name: subscriptionFields.plan_name.optional(),
    catalog_item_id: subscriptionFields.catalog_item_id.optional(),
    amount: subscriptionFields.amount.optional(),
    currency: currencySchema.optional(),
    billing_period: billingPeriodSchema.optional(),
    next_billing_date: calendarDateSchema.nullable().optional(),
    status: z.enum(SUBSCRIPTION_STATUSES, { error: BILLING_MESSAGES.subscriptionStatus }).optional(),
  },
  { error: "Envía un objeto JSON con los cambios de la suscripción." },
);
export type SubscriptionUpdateInput = z.output<typeof subscriptionUpdateSchema>;

/** POST /api/v1/client/subscriptions/{id}/cancel: an optional reason. */
export const subscriptionCancelSchema = z.object(
  { reason: optionalText(BILLING_LIMITS.reason, tooLong("El motivo", BILLING_LIMITS.reason)).optional() },
  { error: "Envía un objeto JSON (puede estar vacío o llevar reason)." },
);

// ── Invoices ─────────────────────────────────────────────────────────────────

export const invoiceLineSchema = z.object(
  {
    description: singleLineText({ error: BILLING_MESSAGES.lineDescriptionRequired })
      .min(1, BILLING_MESSAGES.lineDescriptionRequired)
      .max(BILLING_LIMITS.lineDescription, tooLong("La descripción", BILLING_LIMITS.lineDescription)),
    quantity: positiveDecimal(BILLING_MESSAGES.quantity),
    unit_price: positiveDecimal(BILLING_MESSAGES.unitPrice),
  },
  { error: "Cada línea debe tener description, quantity y unit_price." },
).superRefine((line, context) => {
  // Stored lines are rounded to cents: one that rounds to 0.00 would be a line of nothing.
  if (typeof line.quantity === "string" && typeof line.unit_price === "string" && compareMoney(lineTotal(line), 0) <= 0) {
    context.addIssue({ code: "custom", path: ["quantity"], message: BILLING_MESSAGES.lineTotalZero });
  }
});
export type InvoiceLineInput = z.output<typeof invoiceLineSchema>;

/** POST /api/v1/admin/invoices and "Emitir factura": unit prices without IGV. */
export const invoiceCreateSchema = z.object(
  {
    user_id: userIdSchema,
    currency: currencySchema.default("PEN"),
    due_date: calendarDateSchema,
    description: optionalText(BILLING_LIMITS.description, tooLong("La descripción", BILLING_LIMITS.description)).optional(),
    lines: z
      .array(invoiceLineSchema, { error: BILLING_MESSAGES.linesRequired })
      .min(1, BILLING_MESSAGES.linesRequired)
      .max(BILLING_LIMITS.lines, BILLING_MESSAGES.linesTooMany),
  },
  { error: "Envía un objeto JSON con los datos de la factura." },
);
export type InvoiceCreateInput = z.output<typeof invoiceCreateSchema>;
export type InvoiceCreateForm = z.input<typeof invoiceCreateSchema>;

/**
 * PUT /api/v1/admin/invoices/{id}: cancel it (`{ status: "cancelled", cancel_reason? }`) or move
 * the due date of a pending one. "paid" is refused: payments make an invoice paid.
 */
export const invoiceUpdateSchema = z.object(
  {
    status: z.literal("cancelled", { error: BILLING_MESSAGES.invoiceStatus }).optional(),
    cancel_reason: optionalText(BILLING_LIMITS.reason, tooLong("El motivo", BILLING_LIMITS.reason)).optional(),
    due_date: calendarDateSchema.optional(),
  },
  { error: "Envía un objeto JSON con los cambios de la factura." },
);
export type InvoiceUpdateInput = z.output<typeof invoiceUpdateSchema>;

// ── Notas de crédito ─────────────────────────────────────────────────────────

/** Catalogue-09 reasons a nota de crédito can give here (13, a change of due dates with no amount, is not one). */
export const CREDIT_NOTE_REASON_CODES = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"] as const;
/** Reasons that take the whole document back: anulación de la operación, error en el RUC, devolución total. */
export const WHOLE_DOCUMENT_REASONS: ReadonlySet<string> = new Set(["01", "02", "06"]);

/**
 * POST /api/v1/admin/invoices/{id}/credit-notes and "Emitir nota de crédito": the whole balance not
 * yet credited (no amount, no lines), an amount IGV included, or some of the invoice's lines.
 */
export const creditNoteCreateSchema = z
  .object(
    {
      reason_code: z.enum(CREDIT_NOTE_REASON_CODES, { error: "Elige el motivo de la nota de crédito (catálogo 09 de SUNAT: 01 a 10)." }),
      description: singleLineText({ error: "Describe el motivo de la nota de crédito." })
        .min(3, "Describe el motivo de la nota de crédito (al menos 3 caracteres).")
        .max(BILLING_LIMITS.creditNoteDescription, tooLong("La descripción", BILLING_LIMITS.creditNoteDescription)),
      amount: positiveDecimal("Ingresa el importe a acreditar (IGV incluido), mayor que cero y con hasta 2 decimales.").optional(),
      lines: z
        .array(
          z.object(
            {
              position: z.number({ error: "Indica la línea de la factura (position)." }).int("Indica la línea de la factura (position).").min(1).max(BILLING_LIMITS.lines),
              quantity: positiveDecimal(BILLING_MESSAGES.quantity),
            },
            { error: "Cada línea debe tener position y quantity." },
          ),
          { error: "lines debe ser una lista de { position, quantity }." },
        )
        .min(1, "Indica al menos una línea.")
        .max(BILLING_LIMITS.lines, BILLING_MESSAGES.linesTooMany)
        .optional(),
    },
    { error: "Envía un objeto JSON con reason_code, description y, si es parcial, amount o lines." },
  )
  .superRefine((data, context) => {
    if (data.amount !== undefined && data.lines !== undefined) {
      context.addIssue({ code: "custom", path: ["amount"], message: "Indica un importe o unas líneas, no ambos." });
    }
    if (WHOLE_DOCUMENT_REASONS.has(data.reason_code) && (data.amount !== undefined || data.lines !== undefined)) {
      context.addIssue({ code: "custom", path: ["reason_code"], message: "Ese motivo anula el comprobante completo: no indiques importe ni líneas." });
    }
    const positions = data.lines?.map((line) => line.position) ?? [];
    if (new Set(positions).size !== positions.length) context.addIssue({ code: "custom", path: ["lines"], message: "Cada línea de la factura puede aparecer una sola vez." });
  });
export type CreditNoteCreateInput = z.output<typeof creditNoteCreateSchema>;
export type CreditNoteCreateForm = z.input<typeof creditNoteCreateSchema>;

// ── Payments ─────────────────────────────────────────────────────────────────

/** POST /api/v1/admin/payments and "Registrar pago". paid_at defaults to today (Lima). */
export const paymentCreateSchema = z.object(
  {
    invoice_id: idSchema(BILLING_MESSAGES.invoiceRequired),
    amount: positiveDecimal(BILLING_MESSAGES.amount),
    method: z.enum(PAYMENT_METHODS, { error: BILLING_MESSAGES.method }),
    reference: optionalText(BILLING_LIMITS.reference, tooLong("La referencia", BILLING_LIMITS.reference)).optional(),
    paid_at: calendarDateSchema.optional(),
  },
  { error: "Envía un objeto JSON con los datos del pago." },
);
export type PaymentCreateInput = z.output<typeof paymentCreateSchema>;
export type PaymentCreateForm = z.input<typeof paymentCreateSchema>;

// ── The client's credit (saldo a favor) ─────────────────────────────────────

/** POST /api/v1/admin/users/{id}/credit/refunds and "Registrar devolución": money given back to the client. */
export const customerCreditRefundSchema = z.object(
  {
    amount: positiveDecimal("Ingresa el importe devuelto, mayor que cero y con hasta 2 decimales."),
    currency: currencySchema,
    reference: singleLineText({ error: "Indica la referencia de la devolución (por ejemplo, el n.º de operación)." })
      .min(1, "Indica la referencia de la devolución (por ejemplo, el n.º de operación).")
      .max(BILLING_LIMITS.reference, tooLong("La referencia", BILLING_LIMITS.reference)),
  },
  { error: "Envía un objeto JSON con amount, currency y reference." },
);
export type CustomerCreditRefundInput = z.output<typeof customerCreditRefundSchema>;
export type CustomerCreditRefundForm = z.input<typeof customerCreditRefundSchema>;

/** POST /api/v1/admin/invoices/{id}/apply-credit and "Aplicar a esta factura": without amount, as much as both allow. */
export const customerCreditApplySchema = z.object(
  { amount: positiveDecimal("Ingresa el importe a aplicar, mayor que cero y con hasta 2 decimales.").optional() },
  { error: "Envía un objeto JSON (puede estar vacío o llevar amount)." },
);
export type CustomerCreditApplyInput = z.output<typeof customerCreditApplySchema>;

// ── List queries (admin and client) ──────────────────────────────────────────

const q = textParam(200, "La búsqueda no puede superar los 200 caracteres.");
const userIdParam = textParam(40, "El parámetro user_id no es válido.");

export const subscriptionListQuerySchema = z.object({
  ...pageParams,
  status: oneOfParam(SUBSCRIPTION_STATUSES, "El parámetro status debe ser active, paused, cancelled o expired."),
  user_id: userIdParam,
  q,
});
/** The admin invoice list's orders: newest issued first (the default), or the nearest due date first (no due date last). */
export const INVOICE_SORTS = ["issued_at", "due_date"] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

export const invoiceListQuerySchema = z.object({
  ...pageParams,
  status: oneOfParam(INVOICE_STATUSES, "El parámetro status debe ser pending, partially_paid, overdue, paid o cancelled."),
  currency: oneOfParam(CURRENCIES, "El parámetro currency debe ser PEN, USD o EUR."),
  user_id: userIdParam,
  q,
  sort: oneOfParam(INVOICE_SORTS, "El parámetro sort debe ser issued_at o due_date."),
  limit: integerParam(1, 100, "El parámetro limit debe ser un número entero entre 1 y 100."),
});
export const paymentListQuerySchema = z.object({
  ...pageParams,
  method: oneOfParam(PAYMENT_METHODS, "El parámetro method debe ser transferencia, tarjeta, yape, plin o efectivo."),
  user_id: userIdParam,
  invoice_id: integerParam(1, MAX_RECORD_ID, "El parámetro invoice_id debe ser un número entero positivo."),
  q,
});

