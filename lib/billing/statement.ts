import "server-only";
import Decimal from "decimal.js";
import { addDays, businessDate, calendarDate, dateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import { DomainError, notFound } from "@/lib/errors";
import type { Currency, Prisma } from "@/lib/generated/prisma/client";
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

const notCancelled = { status: { not: "cancelled" } } as const;

/** Invoices that count: not cancelled. */
const invoiceWhere = (userId: string): Prisma.InvoiceWhereInput => ({ userId, ...notCancelled });

/** Notes that count: not rejected by SUNAT (nor reversed), on an invoice that counts. */
const creditNoteWhere = (userId: string): Prisma.CreditNoteWhereInput => ({
  userId,
  reversedAt: null,
  OR: [{ electronicDocument: { is: null } }, { electronicDocument: { is: { status: { not: "rejected" } } } }],
  invoice: { is: notCancelled },
});

/** Payments that count: completed, money received (not the client's credit), on an invoice that counts. */
const paymentWhere = (userId: string): Prisma.PaymentWhereInput => ({
  userId,
  status: "completed",
  method: { not: "saldo_a_favor" },
  OR: [{ invoiceId: null }, { invoice: { is: notCancelled } }],
});

const refundWhere = (userId: string): Prisma.CustomerCreditWhereInput => ({ userId, kind: "refund" });

type Sums = Map<Currency, Exact>;

function sumsOf(rows: { currency: Currency; _sum: { amount: Prisma.Decimal | null } }[]): Sums {
  return new Map(rows.map((row) => [row.currency, new Exact(row._sum.amount?.toFixed(2) ?? 0)]));
}

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

  const fromDay = dateColumn(range.from);
  const toDay = dateColumn(range.to);
  const fromInstant = limaMidnight(range.from);
  const endInstant = limaMidnight(addDays(range.to, 1));

  // One snapshot for every figure, so a payment recorded meanwhile cannot unbalance them.
  const read = await db.$transaction(
    async (tx) => {
      const [openInvoices, openNotes, openPayments, openRefunds] = await Promise.all([
        tx.invoice.groupBy({ by: ["currency"], where: { ...invoiceWhere(userId), issuedAt: { lt: fromDay } }, _sum: { amount: true } }),
        tx.creditNote.groupBy({ by: ["currency"], where: { ...creditNoteWhere(userId), issuedAt: { lt: fromDay } }, _sum: { amount: true } }),
        tx.payment.groupBy({ by: ["currency"], where: { ...paymentWhere(userId), paidAt: { lt: fromInstant } }, _sum: { amount: true } }),
        tx.customerCredit.groupBy({ by: ["currency"], where: { ...refundWhere(userId), createdAt: { lt: fromInstant } }, _sum: { amount: true } }),
      ]);
      const [invoices, notes, payments, refunds] = await Promise.all([
        tx.invoice.findMany({
          where: { ...invoiceWhere(userId), issuedAt: { gte: fromDay, lte: toDay } },
          select: { id: true, invoiceNumber: true, series: true, description: true, amount: true, currency: true, issuedAt: true },
        }),
        tx.creditNote.findMany({
          where: { ...creditNoteWhere(userId), issuedAt: { gte: fromDay, lte: toDay } },
          select: { id: true, number: true, description: true, amount: true, currency: true, issuedAt: true, invoiceId: true, invoice: { select: { invoiceNumber: true } } },
        }),
        tx.payment.findMany({
          where: { ...paymentWhere(userId), paidAt: { gte: fromInstant, lt: endInstant } },
          select: { id: true, amount: true, currency: true, method: true, reference: true, paidAt: true, invoiceId: true, invoice: { select: { invoiceNumber: true } } },
        }),
        tx.customerCredit.findMany({
          where: { ...refundWhere(userId), createdAt: { gte: fromInstant, lt: endInstant } },
          select: { id: true, amount: true, currency: true, reference: true, createdAt: true },
        }),
      ]);
      return { openInvoices, openNotes, openPayments, openRefunds, invoices, notes, payments, refunds };
    },
    { isolationLevel: "RepeatableRead" },
  );

  const movements: Movement[] = [
    ...read.invoices.map(
      (row): Movement => ({
        id: row.id,
        currency: row.currency,
        date: calendarDate(row.issuedAt),
        kind: "invoice",
        number: row.invoiceNumber,
        reference: null,
        description: row.description ? `${documentTypeLabel(row.series)} · ${row.description}` : documentTypeLabel(row.series),
        debit: row.amount.toFixed(2),
        credit: ZERO,
        invoice_id: row.id,
      }),
    ),
    ...read.notes.map(
      (row): Movement => ({
        id: row.id,
        currency: row.currency,
        date: calendarDate(row.issuedAt),
        kind: "credit_note",
        number: row.number,
        reference: null,
        description: `Nota de crédito sobre ${row.invoice.invoiceNumber} · ${row.description}`,
        debit: ZERO,
        credit: row.amount.toFixed(2),
        invoice_id: row.invoiceId,
      }),
    ),
    ...read.payments.map(
      (row): Movement => ({
        id: row.id,
        currency: row.currency,
        date: businessDate(row.paidAt),
        kind: "payment",
        number: null,
        reference: row.reference,
        description: `Pago por ${PAYMENT_METHOD_LABELS[row.method].toLocaleLowerCase("es-PE")}${row.invoice ? ` · ${row.invoice.invoiceNumber}` : ""}`,
        debit: ZERO,
        credit: row.amount.toFixed(2),
        invoice_id: row.invoiceId,
      }),
    ),
    ...read.refunds.map(
      (row): Movement => ({
        id: row.id,
        currency: row.currency,
        date: businessDate(row.createdAt),
        kind: "refund",
        number: null,
        reference: row.reference,
        description: "Devolución de saldo a favor",
        // The ledger stores a refund as a negative amount (it takes from the credit).
        debit: new Exact(row.amount.toFixed(2)).abs().toFixed(2),
        credit: ZERO,
        invoice_id: null,
      }),
    ),
  ];
  movements.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! || a.id - b.id));

  const opening = {
    invoices: sumsOf(read.openInvoices),
    notes: sumsOf(read.openNotes),
    payments: sumsOf(read.openPayments),
    refunds: sumsOf(read.openRefunds),
  };
  const openingOf = (currency: Currency) => {
    const of = (sums: Sums) => sums.get(currency) ?? new Exact(0);
    // Refunds are stored negative: subtracting them adds what was given back.
    return of(opening.invoices).minus(of(opening.notes)).minus(of(opening.payments)).minus(of(opening.refunds));
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
 */
export async function statementForScreen(userId: string, params: { from?: string; to?: string }): Promise<{ statement: StatementContract; problem: string | null }> {
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
