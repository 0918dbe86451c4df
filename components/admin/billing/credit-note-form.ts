import Decimal from "decimal.js";
import { CREDIT_NOTE_REASONS } from "@/lib/sunat/catalogs";
import { CREDIT_NOTE_REASON_CODES, creditNoteCreateSchema, WHOLE_DOCUMENT_REASONS } from "@/lib/billing/schema";
import { compareMoney, splitTaxIncluded } from "@/lib/billing/money";
import type { InvoiceContract } from "@/lib/billing/serialize";
import { formatMoney } from "@/lib/format";
import { z } from "@/lib/zod";

// The form of "Emitir nota de crédito" and the figures it previews. Pure. A note takes back the
// whole of what is left of the invoice ("Total") or an amount IGV included ("Parcial"); the
// figures follow the server's rule: the whole of an invoice nothing was credited from yet is its
// own Op. gravada / IGV / Total, and any other amount is split into its value without IGV
// (rounded half up to 2 decimals) and the IGV as the rest, so the note is exactly the amount.

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type CreditScope = "total" | "partial";

export const CREDIT_NOTE_REASON_OPTIONS = CREDIT_NOTE_REASON_CODES.map((code) => ({ value: code, label: `${code} · ${CREDIT_NOTE_REASONS[code]}` }));

/** Whether the reason (catálogo 09) takes back the whole document: no partial amount then. */
export function reasonTakesWhole(reasonCode: string): boolean {
  return WHOLE_DOCUMENT_REASONS.has(reasonCode);
}

type CreditableInvoice = Pick<InvoiceContract, "amount" | "amount_credited" | "subtotal" | "tax_amount" | "tax_rate">;

/** What notas de crédito can still take back: the total less what was credited (never negative). */
export function creditableLeft(invoice: Pick<InvoiceContract, "amount" | "amount_credited">): string {
  return Exact.max(new Exact(invoice.amount).minus(invoice.amount_credited), 0).toFixed(2);
}

export type CreditFigures = { subtotal: string; tax: string; total: string };

/** An amount IGV included, split into its value without IGV and the IGV: the server's own rule. */
export const splitIgvIncluded = (total: string, taxRate: string): CreditFigures => splitTaxIncluded(total, taxRate);

const AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

/** The figures of the note the form describes, or null while its amount is not a valid one. */
export function creditNotePreview(invoice: CreditableInvoice, scope: CreditScope, amount: string): CreditFigures | null {
  if (scope === "total") {
    if (compareMoney(invoice.amount_credited, 0) === 0) return { subtotal: invoice.subtotal, tax: invoice.tax_amount, total: invoice.amount };
    const left = creditableLeft(invoice);
    return compareMoney(left, 0) > 0 ? splitIgvIncluded(left, invoice.tax_rate) : null;
  }
  const text = amount.trim();
  if (!AMOUNT_PATTERN.test(text) || compareMoney(text, 0) <= 0) return null;
  return splitIgvIncluded(text, invoice.tax_rate);
}

const fields = creditNoteCreateSchema.shape;

/**
 * The form's schema: the service's own rules for the reason, the description and the amount, plus
 * "Parcial" needs an amount no larger than what is left. It hands over the service's input.
 */
export function creditNoteFormSchema(left: string, currency: string) {
  return z
    .object({
      reason_code: fields.reason_code,
      description: fields.description,
      scope: z.enum(["total", "partial"], { error: "Elige si la nota es por el total o parcial." }),
      amount: z.string(),
    })
    .superRefine((data, context) => {
      if (data.scope !== "partial") return;
      if (reasonTakesWhole(data.reason_code)) {
        context.addIssue({ code: "custom", path: ["scope"], message: "Ese motivo anula el comprobante completo: elige «Total»." });
        return;
      }
      const amount = fields.amount.safeParse(data.amount);
      if (!amount.success || amount.data === undefined) {
        context.addIssue({ code: "custom", path: ["amount"], message: amount.error?.issues[0]?.message ?? "Ingresa el importe a acreditar (IGV incluido)." });
        return;
      }
      if (compareMoney(amount.data, left) > 0) {
        context.addIssue({ code: "custom", path: ["amount"], message: `El importe no puede superar lo que queda por acreditar (${formatMoney(left, currency)}).` });
      }
    })
    .transform((data) => ({
      reason_code: data.reason_code,
      description: data.description,
      ...(data.scope === "partial" ? { amount: data.amount.trim() } : {}),
    }));
}

export type CreditNoteFormValues = z.input<ReturnType<typeof creditNoteFormSchema>>;
