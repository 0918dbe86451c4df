import "server-only";
import Decimal from "decimal.js";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { invalid, notFound, parseWith } from "@/lib/errors";
import { formatMoney } from "@/lib/format";
import type { Currency, Prisma } from "@/lib/generated/prisma/client";
import { notifyUser } from "@/lib/notifications/service";
import { findInvoiceDetail } from "./invoice-reader";
import { parseInvoiceId } from "./invoices";
import type { Tx } from "./guards";
import { CURRENCIES, PAYMENT_METHOD_LABELS } from "./labels";
import { balanceDue, compareMoney, moneyString } from "./money";
import { addPaymentInTx, assertPayable, lockInvoiceForPayment } from "./payments";
import { BILLING_MESSAGES, customerCreditApplySchema, customerCreditRefundSchema } from "./schema";
import type { InvoiceDetailContract } from "./serialize";

// The client's credit (saldo a favor): money already received that a nota de crédito left
// beyond what the invoice now asks for. It is a ledger per client and currency (customer_credits):
// a nota de crédito adds to it, and it leaves in one of two ways, both written here: given back
// to the client (a refund) or used to pay one of the client's pending invoices in the same
// currency (applied). Every write that takes from the balance locks the client's row first, so
// two admins at once queue and the balance never goes below zero.

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** The main client or a transaction's. */
type Client = Prisma.TransactionClient | typeof db;

export type CreditBalance = { currency: Currency; amount: string };

export type CustomerCreditEntryContract = {
  id: number;
  /** "credit_note" (adds), "refund" or "applied" (take away). */
  kind: string;
  /** Signed: positive adds to the balance, negative takes from it. */
  amount: string;
  currency: Currency;
  reference: string | null;
  invoice_id: number | null;
  credit_note_id: number | null;
  created_at: string;
};

export type CustomerCreditContract = {
  user_id: string;
  /** What the client has in each currency, only those not zero (PEN, USD, EUR order). */
  balances: CreditBalance[];
  /** The latest ledger entries, newest first. */
  entries: CustomerCreditEntryContract[];
};

const ENTRY_LIMIT = 50;

const MESSAGES = {
  userNotFound: "Cliente no encontrado.",
  noCredit: "El cliente no tiene saldo a favor en la moneda de esta factura.",
  overRefund: (balance: string) => `La devolución supera el saldo a favor del cliente en esa moneda (${balance}).`,
  overCredit: (balance: string) => `El importe supera el saldo a favor del cliente en la moneda de la factura (${balance}).`,
};

const entrySelect = {
  id: true,
  kind: true,
  amount: true,
  currency: true,
  reference: true,
  invoiceId: true,
  creditNoteId: true,
  createdAt: true,
} as const;

type EntryRow = Prisma.CustomerCreditGetPayload<{ select: typeof entrySelect }>;

export function serializeCustomerCreditEntry(row: EntryRow): CustomerCreditEntryContract {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount.toFixed(2),
    currency: row.currency,
    reference: row.reference,
    invoice_id: row.invoiceId,
    credit_note_id: row.creditNoteId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The client's credit per currency: the sum of its ledger, only the currencies where it is not zero. */
export async function customerCreditBalances(userId: string, client: Client = db): Promise<CreditBalance[]> {
  const rows = await client.customerCredit.groupBy({ by: ["currency"], where: { userId }, _sum: { amount: true } });
  return rows
    .filter((row) => row._sum.amount !== null && !row._sum.amount.isZero())
    .sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency))
    .map((row) => ({ currency: row.currency, amount: row._sum.amount!.toFixed(2) }));
}

function balanceIn(balances: CreditBalance[], currency: Currency): string {
  return balances.find((balance) => balance.currency === currency)?.amount ?? "0.00";
}

/** The contract of GET /api/v1/admin/users/{id}/credit: balances and the latest entries. */
export function serializeCustomerCredit(userId: string, balances: CreditBalance[], rows: EntryRow[]): CustomerCreditContract {
  return { user_id: userId, balances, entries: rows.map(serializeCustomerCreditEntry) };
}

/** GET /api/v1/admin/users/{id}/credit; 404 unknown user. */
export async function readCustomerCredit(userId: string): Promise<CustomerCreditContract> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound(MESSAGES.userNotFound);
  const [balances, rows] = await Promise.all([
    customerCreditBalances(userId),
    db.customerCredit.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: ENTRY_LIMIT, select: entrySelect }),
  ]);
  return serializeCustomerCredit(userId, balances, rows);
}

/** Locks the client's row: every write that takes from their credit queues behind it. False for an unknown user. */
async function lockCreditHolder(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  return rows.length === 1;
}

export type CustomerCreditRefundResult = { entry: CustomerCreditEntryContract; balances: CreditBalance[] };

/**
 * "Registrar devolución" and POST /api/v1/admin/users/{id}/credit/refunds: the money was given
 * back to the client (a transfer, cash…), so it leaves their credit. 404 unknown user, 422 bad
 * input or more than the client has in that currency (nothing is written).
 */
export async function refundCustomerCredit(actor: AdminActor, userId: string, input: unknown): Promise<CustomerCreditRefundResult> {
  const data = parseWith(customerCreditRefundSchema, input, BILLING_MESSAGES.invalid);
  return db.$transaction(async (tx) => {
    if (!(await lockCreditHolder(tx, userId))) throw notFound(MESSAGES.userNotFound);
    const available = balanceIn(await customerCreditBalances(userId, tx), data.currency);
    if (compareMoney(data.amount, available) > 0) {
      const message = MESSAGES.overRefund(formatMoney(available, data.currency));
      throw invalid({ amount: [message] }, message);
    }
    const amount = moneyString(data.amount);
    const row = await tx.customerCredit.create({
      data: { userId, currency: data.currency, amount: new Exact(amount).negated().toFixed(2), kind: "refund", reference: data.reference },
      select: entrySelect,
    });
    const left = new Exact(available).minus(amount).toFixed(2);
    await recordAudit(tx, actor, {
      action: "customer_credit.refund",
      entityType: "user",
      entityId: userId,
      after: { amount, currency: data.currency, reference: data.reference, credit_balance: left },
    });
    await notifyUser(
      userId,
      {
        type: "customer_credit_refund",
        title: "Devolución de saldo a favor",
        body: `Te devolvimos ${formatMoney(amount, data.currency)} de tu saldo a favor (ref. ${data.reference}). Saldo a favor restante: ${formatMoney(left, data.currency)}.`,
        link: "/client/invoices",
        data: { customer_credit_id: row.id },
      },
      tx,
    );
    return { entry: serializeCustomerCreditEntry(row), balances: await customerCreditBalances(userId, tx) };
  });
}

/**
 * "Aplicar a esta factura" and POST /api/v1/admin/invoices/{id}/apply-credit: pays a pending
 * invoice with the client's credit in the invoice's currency, as a completed payment by "Saldo a
 * favor" (money already received, so not new revenue). Without an amount, as much as both allow:
 * the smaller of the balance due and the credit. 404 unknown invoice, 409 not pending, 422 more
 * than the balance due or the credit (or no credit in that currency). Answers the invoice.
 */
export async function applyCustomerCredit(actor: AdminActor, invoiceIdInput: unknown, input: unknown): Promise<InvoiceDetailContract> {
  const invoiceId = parseInvoiceId(invoiceIdInput);
  const data = parseWith(customerCreditApplySchema, input ?? {}, BILLING_MESSAGES.invalid);
  await db.$transaction(async (tx) => {
    // The invoice first, then its client's credit: the same order as every other write here.
    const invoice = await lockInvoiceForPayment(tx, invoiceId);
    if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    assertPayable(invoice);
    await lockCreditHolder(tx, invoice.userId);
    const credit = balanceIn(await customerCreditBalances(invoice.userId, tx), invoice.currency);
    if (compareMoney(credit, 0) <= 0) throw invalid({ amount: [MESSAGES.noCredit] }, MESSAGES.noCredit);
    const due = balanceDue(invoice.amount, invoice.amountPaid, invoice.amountCredited);
    const amount = data.amount !== undefined ? moneyString(data.amount) : compareMoney(due, credit) <= 0 ? due : credit;
    if (compareMoney(amount, credit) > 0) {
      const message = MESSAGES.overCredit(formatMoney(credit, invoice.currency));
      throw invalid({ amount: [message] }, message);
    }
    const { payment, invoiceStatus, paid, balanceText } = await addPaymentInTx(tx, invoice, {
      amount,
      method: "saldo_a_favor",
      reference: PAYMENT_METHOD_LABELS.saldo_a_favor,
      paidAt: new Date(),
    });
    await tx.customerCredit.create({
      data: { userId: invoice.userId, currency: invoice.currency, amount: new Exact(amount).negated().toFixed(2), kind: "applied", invoiceId: invoice.id, reference: invoice.invoiceNumber },
    });
    const left = new Exact(credit).minus(amount).toFixed(2);
    await recordAudit(tx, actor, {
      action: "customer_credit.apply",
      entityType: "invoice",
      entityId: invoice.id,
      before: { amount_paid: invoice.amountPaid, status: invoice.status },
      after: { amount, currency: invoice.currency, payment_id: payment.id, amount_paid: new Exact(invoice.amountPaid).plus(amount).toFixed(2), status: invoiceStatus, credit_balance: left },
    });
    await notifyUser(
      invoice.userId,
      {
        type: "customer_credit_applied",
        title: paid ? `Factura ${invoice.invoiceNumber} pagada con tu saldo a favor` : `Saldo a favor aplicado: factura ${invoice.invoiceNumber}`,
        body: `Aplicamos ${formatMoney(amount, invoice.currency)} de tu saldo a favor a la factura ${invoice.invoiceNumber}.${balanceText} Saldo a favor restante: ${formatMoney(left, invoice.currency)}.`,
        link: `/client/invoices/${invoice.id}`,
        data: { invoice_id: invoice.id, payment_id: payment.id },
      },
      tx,
    );
  });
  const detail = await findInvoiceDetail(invoiceId);
  if (!detail) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return detail;
}
