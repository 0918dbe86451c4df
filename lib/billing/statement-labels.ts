import { addDays, addMonths } from "@/lib/dates";

// What the statement (Estado de cuenta) screen shows besides its figures: the period's presets, the
// names of the kinds of entry and how a balance reads. Pure, without zod: the screen imports the
// period form's schema (lib/billing/statement-schema.ts) only when the form is first checked.

export type StatementRange = { from: string; to: string };

/** The default period: from January 1st of this year to today (Lima). */
export function defaultStatementRange(today: string): StatementRange {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/** The form's presets: "Este año" and "Últimos 12 meses" (the same day a year ago, plus one, to today). */
export function statementPresets(today: string): { label: string; range: StatementRange }[] {
  return [
    { label: "Este año", range: defaultStatementRange(today) },
    { label: "Últimos 12 meses", range: { from: addDays(addMonths(today, -12), 1), to: today } },
  ];
}

/** Each kind's place among the entries of one day: invoices, then notes, payments and refunds. */
export const STATEMENT_ENTRY_KINDS = ["invoice", "credit_note", "payment", "refund"] as const;
export type StatementEntryKind = (typeof STATEMENT_ENTRY_KINDS)[number];

export const STATEMENT_KIND_LABELS: Record<StatementEntryKind, string> = {
  invoice: "Comprobante",
  credit_note: "Nota de crédito",
  payment: "Pago",
  refund: "Devolución",
};

/** How a balance reads: "Saldo a favor" when negative, otherwise "Saldo a pagar" (zero included), with its amount without sign. */
export function balanceReading(balance: string): { label: string; amount: string; inFavour: boolean } {
  const negative = balance.trim().startsWith("-");
  const amount = negative ? balance.trim().slice(1) : balance.trim();
  if (/^0+(\.0+)?$/.test(amount)) return { label: "Saldo a pagar", amount: "0.00", inFavour: false };
  return negative ? { label: "Saldo a favor", amount, inFavour: true } : { label: "Saldo a pagar", amount, inFavour: false };
}
