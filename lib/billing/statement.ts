import "server-only";
import Decimal from "decimal.js";
import { addDays, businessDate, calendarDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { DomainError, notFound } from "@/lib/errors";
import type { Currency, PaymentMethod, Prisma } from "@/lib/generated/prisma/client";
import { CURRENCIES, documentTypeLabel, PAYMENT_METHOD_LABELS } from "./labels";
import {
  resolveStatementRange,
  STATEMENT_ENTRY_KINDS,
  STATEMENT_MESSAGES,
  type StatementContract,
  type StatementCurrencyContract,
  type StatementEntryContract,
  type StatementEntryKind,
} from "./statement-schema";

// The client's statement (Estado de cuenta): per currency, the balance carried into the period,
// then every movement of the period in date order with the running balance, the totals and the
// closing balance. Positive means the client owes; negative, credit in the client's favour.
//
// What counts, and why:
// - an invoice is a debit of its total; a cancelled one is left out with everything on it (its
//   notes and payments), since for the client it never asked for money;
// - a nota de crédito is a credit unless SUNAT rejected it (rejected or already reversed by
//   sunat-sync.ts: it never existed);
// - a completed payment is a credit, except one by "saldo_a_favor": that moves the client's own
//   credit (already counted when the note created it) onto an invoice, it is no money received;
// - a refund of the client's credit (customer_credits kind "refund") is a debit: money given back.
// With these, a currency's closing balance equals what its open invoices still ask for minus the
// client's unapplied credit (customer-credit.ts), as tests/billing-statement.test.ts checks.

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Exact = InstanceType<typeof Exact>;

/** 00:00 in Lima of a calendar day (Peru keeps UTC−5 all year). */
const limaMidnight = (day: string) => new Date(`${day}T00:00:00.000-05:00`);

const KIND_ORDER = new Map<StatementEntryKind, number>(STATEMENT_ENTRY_KINDS.map((kind, index) => [kind, index]));

/** A movement before its running balance is known. */
type Movement = Omit<StatementEntryContract, "balance"> & { currency: Currency; id: number };

/** One row of the statement's read: a sum carried into the period, or one movement of it. */
type StatementRow = {
  part: "opening" | "entry";
  kind: StatementEntryKind;
  currency: Currency;
  amount: Prisma.Decimal;
  id: number | null;
  /** Invoices and notes: their calendar day (a date column). */
  issued_on: Date | null;
  /** Payments and refunds: when they happened. */
  at: Date | null;
  number: string | null;
  series: string | null;
  description: string | null;
  method: PaymentMethod | null;
  reference: string | null;
  invoice_id: number | null;
  /** Notes and payments: the number of the invoice they are on. */
  invoice_number: string | null;
};

/**
 * What counts (see above), read in one statement: one snapshot for every figure, so a payment
 * recorded meanwhile cannot unbalance them, and one round trip. Sums before the period per kind
 * and currency, then the period's movements.
 */
function readStatement(userId: string, from: string, to: string, fromInstant: Date, endInstant: Date) {
  return db.$queryRaw<StatementRow[]>`
    WITH inv AS (
      SELECT id, currency, amount, issued_at, invoice_number, series, description
        FROM invoices WHERE user_id = ${userId} AND status <> 'cancelled'
    ), note AS (
      SELECT n.id, n.currency, n.amount, n.issued_at, n.number, n.description, n.invoice_id, i.invoice_number
        FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id AND i.status <> 'cancelled'
       WHERE n.user_id = ${userId} AND n.reversed_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM electronic_documents e WHERE e.credit_note_id = n.id AND e.status = 'rejected')
    ), pay AS (
      SELECT p.id, p.currency, p.amount, p.paid_at, p.method, p.reference, p.invoice_id, i.invoice_number
        FROM payments p LEFT JOIN invoices i ON i.id = p.invoice_id
       WHERE p.user_id = ${userId} AND p.status = 'completed' AND p.method <> 'saldo_a_favor'
         AND (p.invoice_id IS NULL OR i.status <> 'cancelled')
    ), refund AS (
      SELECT id, currency, amount, created_at, reference FROM customer_credits WHERE user_id = ${userId} AND kind = 'refund'
    )
    SELECT 'opening' AS part, 'invoice' AS kind, currency::text AS currency, sum(amount) AS amount, NULL::int AS id,
           NULL::date AS issued_on, NULL::timestamptz AS at, NULL::text AS number, NULL::text AS series,
           NULL::text AS description, NULL::text AS method, NULL::text AS reference, NULL::int AS invoice_id, NULL::text AS invoice_number
      FROM inv WHERE issued_at < ${from}::date GROUP BY currency
    UNION ALL
    SELECT 'opening', 'credit_note', currency::text, sum(amount), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM note WHERE issued_at < ${from}::date GROUP BY currency
    UNION ALL
    SELECT 'opening', 'payment', currency::text, sum(amount), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM pay WHERE paid_at < ${fromInstant} GROUP BY currency
    UNION ALL
    SELECT 'opening', 'refund', currency::text, sum(amount), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM refund WHERE created_at < ${fromInstant} GROUP BY currency
    UNION ALL
    SELECT 'entry', 'invoice', currency::text, amount, id, issued_at, NULL, invoice_number, series, description, NULL, NULL, id, NULL
      FROM inv WHERE issued_at >= ${from}::date AND issued_at <= ${to}::date
    UNION ALL
    SELECT 'entry', 'credit_note', currency::text, amount, id, issued_at, NULL, number, NULL, description, NULL, NULL, invoice_id, invoice_number
      FROM note WHERE issued_at >= ${from}::date AND issued_at <= ${to}::date
    UNION ALL
    SELECT 'entry', 'payment', currency::text, amount, id, NULL, paid_at, NULL, NULL, NULL, method::text, reference, invoice_id, invoice_number
      FROM pay WHERE paid_at >= ${fromInstant} AND paid_at < ${endInstant}
    UNION ALL
    SELECT 'entry', 'refund', currency::text, amount, id, NULL, created_at, NULL, NULL, NULL, NULL, reference, NULL, NULL
      FROM refund WHERE created_at >= ${fromInstant} AND created_at < ${endInstant}`;
}

type Sums = Map<Currency, Exact>;

/** Never "-0.00". */
const money = (value: Exact) => (value.isZero() ? "0.00" : value.toFixed(2));
const ZERO = "0.00";

/**
 * The statement of `userId` for the period asked (`{ from?, to? }`, Lima calendar days; default
 * January 1st of this year to today). 422 for a bad period, 404 for an unknown user.
 */
export async function buildStatement(userId: string, query: unknown, now: Date = new Date()): Promise<StatementContract> {
  const range = resolveStatementRange(query, businessDate(now));
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true } });
  if (!user) throw notFound(STATEMENT_MESSAGES.userNotFound);

  const rows = await readStatement(userId, range.from, range.to, limaMidnight(range.from), limaMidnight(addDays(range.to, 1)));

  const opening = new Map<StatementEntryKind, Sums>(STATEMENT_ENTRY_KINDS.map((kind) => [kind, new Map()]));
  const movements: Movement[] = [];
  for (const row of rows) {
    if (row.part === "opening") {
      opening.get(row.kind)!.set(row.currency, new Exact(row.amount.toFixed(2)));
      continue;
    }
    const entry = { id: row.id!, currency: row.currency, kind: row.kind, number: row.number, reference: row.reference, invoice_id: row.invoice_id };
    const amount = row.amount.toFixed(2);
    if (row.kind === "invoice") {
      const type = documentTypeLabel(row.series!);
      movements.push({ ...entry, date: calendarDate(row.issued_on!), description: row.description ? `${type} · ${row.description}` : type, debit: amount, credit: ZERO });
    } else if (row.kind === "credit_note") {
      movements.push({ ...entry, date: calendarDate(row.issued_on!), description: `Nota de crédito sobre ${row.invoice_number} · ${row.description}`, debit: ZERO, credit: amount });
    } else if (row.kind === "payment") {
      const method = PAYMENT_METHOD_LABELS[row.method!].toLocaleLowerCase("es-PE");
      movements.push({ ...entry, date: businessDate(row.at!), description: `Pago por ${method}${row.invoice_number ? ` · ${row.invoice_number}` : ""}`, debit: ZERO, credit: amount });
    } else {
      // The ledger stores a refund as a negative amount (it takes from the credit).
      movements.push({ ...entry, date: businessDate(row.at!), description: "Devolución de saldo a favor", debit: new Exact(amount).abs().toFixed(2), credit: ZERO });
    }
  }
  movements.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! || a.id - b.id));

  const openingOf = (currency: Currency) => {
    const of = (kind: StatementEntryKind) => opening.get(kind)!.get(currency) ?? new Exact(0);
    // Refunds are stored negative: subtracting them adds what was given back.
    return of("invoice").minus(of("credit_note")).minus(of("payment")).minus(of("refund"));
  };

  const currencies: StatementCurrencyContract[] = [];
  for (const currency of CURRENCIES) {
    const entries = movements.filter((movement) => movement.currency === currency);
    const openingBalance = openingOf(currency);
    if (entries.length === 0 && openingBalance.isZero()) continue;
    let balance = openingBalance;
    const totals = { invoiced: new Exact(0), credited: new Exact(0), paid: new Exact(0), refunded: new Exact(0) };
    const shown = entries.map((entry): StatementEntryContract => {
      balance = balance.plus(entry.debit).minus(entry.credit);
      if (entry.kind === "invoice") totals.invoiced = totals.invoiced.plus(entry.debit);
      if (entry.kind === "credit_note") totals.credited = totals.credited.plus(entry.credit);
      if (entry.kind === "payment") totals.paid = totals.paid.plus(entry.credit);
      if (entry.kind === "refund") totals.refunded = totals.refunded.plus(entry.debit);
      const { date, kind, number, reference, description, debit, credit } = entry;
      return { date, kind, number, reference, description, debit, credit, balance: money(balance), invoice_id: entry.invoice_id };
    });
    currencies.push({
      currency,
      opening_balance: money(openingBalance),
      entries: shown,
      totals: { invoiced: money(totals.invoiced), credited: money(totals.credited), paid: money(totals.paid), refunded: money(totals.refunded) },
      closing_balance: money(balance),
    });
  }

  return { user, from: range.from, to: range.to, generated_at: now.toISOString(), currencies };
}

/**
 * For the screens: the statement of the period in the page's URL; a hand-edited URL with a bad
 * period shows the default period instead, with the reason (`problem`) for the page to show.
 * Null when there is no such user (the statement carries the user's name and e-mail, so a screen
 * needs no lookup of its own).
 */
export async function statementForScreen(userId: string, params: { from?: string; to?: string }): Promise<ScreenStatement | null> {
  try {
    return await periodOrDefaultStatement(userId, params);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  }
}

type ScreenStatement = { statement: StatementContract; problem: string | null };

async function periodOrDefaultStatement(userId: string, params: { from?: string; to?: string }): Promise<ScreenStatement> {
  try {
    return { statement: await buildStatement(userId, params), problem: null };
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== "invalid") throw error;
    // The first field's own words ("La fecha «Desde» …") say more than the general message.
    const problem = Object.values(error.fieldErrors ?? {})[0]?.[0] ?? error.message;
    return { statement: await buildStatement(userId, {}), problem };
  }
}

export type { StatementContract };
