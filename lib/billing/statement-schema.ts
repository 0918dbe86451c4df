import { invalid, parseWith, type FieldErrors } from "@/lib/errors";
import { addMonths, isCalendarDate } from "@/lib/dates";
import { optionalParam } from "@/lib/list/query-params";
import { z } from "@/lib/zod";
import { defaultStatementRange, type StatementEntryKind, type StatementRange } from "./statement-labels";

// The statement's period (Estado de cuenta): two Lima calendar days, both included. One reading
// for the REST query, the screens' range form and the service. Pure: client components import it.

export { balanceReading, defaultStatementRange, STATEMENT_ENTRY_KINDS, STATEMENT_KIND_LABELS, statementPresets } from "./statement-labels";
export type { StatementEntryKind, StatementRange } from "./statement-labels";

/** The longest period a statement covers. */
export const STATEMENT_MAX_YEARS = 5;

export const STATEMENT_FORMATS = ["json", "pdf", "csv"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_MESSAGES = {
  from: "La fecha «Desde» debe ser una fecha válida (AAAA-MM-DD).",
  to: "La fecha «Hasta» debe ser una fecha válida (AAAA-MM-DD).",
  order: "La fecha «Desde» no puede ser posterior a «Hasta».",
  tooLong: `El periodo no puede superar los ${STATEMENT_MAX_YEARS} años.`,
  format: "El parámetro format debe ser json, pdf o csv.",
  userId: "Indica el cliente (user_id).",
  userNotFound: "Cliente no encontrado.",
  invalid: "El periodo indicado no es válido.",
} as const;

const day = (message: string) => z.string({ error: message }).refine(isCalendarDate, { error: message });

/** ?from= and ?to= as the URL gives them: absent or blank means the default. */
export const statementRangeQuerySchema = z.object({
  from: optionalParam(day(STATEMENT_MESSAGES.from)),
  to: optionalParam(day(STATEMENT_MESSAGES.to)),
});

/** GET /api/v1/client/statement. */
export const clientStatementQuerySchema = statementRangeQuerySchema.extend({
  format: optionalParam(z.enum(STATEMENT_FORMATS, { error: STATEMENT_MESSAGES.format })),
});

/** GET /api/v1/admin/statement: also whose statement (required). */
export const adminStatementQuerySchema = clientStatementQuerySchema.extend({
  user_id: z.string({ error: STATEMENT_MESSAGES.userId }).trim().min(1, STATEMENT_MESSAGES.userId).max(64, STATEMENT_MESSAGES.userId),
});

/** What is wrong with a period of two real days (order, length), per field; empty when fine. */
export function statementRangeProblems(range: StatementRange): FieldErrors {
  if (range.from > range.to) return { from: [STATEMENT_MESSAGES.order] };
  if (range.to > addMonths(range.from, 12 * STATEMENT_MAX_YEARS)) return { to: [STATEMENT_MESSAGES.tooLong] };
  return {};
}

/**
 * The period asked for, with the defaults for what was left out: 422 (invalid, per field) for a
 * day that is not a real calendar date, `from` after `to`, or more than five years.
 */
export function resolveStatementRange(input: unknown, today: string): StatementRange {
  const asked = parseWith(statementRangeQuerySchema, input ?? {}, STATEMENT_MESSAGES.invalid);
  const defaults = defaultStatementRange(today);
  // Only "to" given: January 1st of its year, so a past "to" never makes a period that ends before it starts.
  const to = asked.to ?? defaults.to;
  const from = asked.from ?? (asked.to ? `${to.slice(0, 4)}-01-01` : defaults.from);
  const range = { from, to };
  const problems = statementRangeProblems(range);
  if (Object.keys(problems).length > 0) throw invalid(problems, Object.values(problems)[0][0]);
  return range;
}

/** The range form's values (both days required), checked as the server checks them. */
export const statementRangeFormSchema = z
  .object({ from: day(STATEMENT_MESSAGES.from), to: day(STATEMENT_MESSAGES.to) })
  .superRefine((range, context) => {
    for (const [field, messages] of Object.entries(statementRangeProblems(range))) {
      for (const message of messages) context.addIssue({ code: "custom", path: [field], message });
    }
  });

/** The download's file name: "estado-de-cuenta-2026-01-01_2026-11-29.pdf". */
export function statementFileName(range: StatementRange, extension: "pdf" | "csv"): string {
  return `estado-de-cuenta-${range.from}_${range.to}.${extension}`;
}

// ── The contract (GET …/statement, the screens and both downloads) ───────────────────────────

export type StatementEntryContract = {
  /** Lima calendar day. */
  date: string;
  kind: StatementEntryKind;
  /** The document's own number: the invoice's (F001-…, B001-…) or the note's (FC01-…); null for payments and refunds. */
  number: string | null;
  /** A payment's or refund's reference (operation number), when it has one. */
  reference: string | null;
  description: string;
  /** What it adds to what the client owes (invoices, refunds of credit); "0.00" otherwise. */
  debit: string;
  /** What it takes off (notas de crédito, payments); "0.00" otherwise. */
  credit: string;
  /** The running balance after it: positive, the client owes; negative, credit in the client's favour. */
  balance: string;
  /** The invoice it is or concerns (null for a refund). */
  invoice_id: number | null;
};

export type StatementTotalsContract = { invoiced: string; credited: string; paid: string; refunded: string };

export type StatementCurrencyContract = {
  currency: "PEN" | "USD" | "EUR";
  /** Everything before `from`. */
  opening_balance: string;
  entries: StatementEntryContract[];
  totals: StatementTotalsContract;
  /** opening + invoiced − credited − paid + refunded. */
  closing_balance: string;
};

export type StatementContract = {
  user: { id: string; name: string; email: string };
  from: string;
  to: string;
  /** ISO instant. */
  generated_at: string;
  /** One section per currency with movements in the period or a balance carried into it (PEN, USD, EUR). */
  currencies: StatementCurrencyContract[];
};

