import type { Prisma } from "@/lib/generated/prisma/client";
import { dateColumn } from "@/lib/dates";
import { INVOICE_STATUSES, type InvoiceStatusCode } from "./labels";

// The database side of state.ts: which stored invoices are in a derived state on the Lima day
// `today`, as a Prisma filter, so lists, counts and exports filter in SQL and agree with what
// each row then shows.

export function invoiceStatusWhere(status: InvoiceStatusCode, today: string): Prisma.InvoiceWhereInput {
  const day = dateColumn(today);
  const notOverdue: Prisma.InvoiceWhereInput = { OR: [{ dueDate: null }, { dueDate: { gte: day } }] };
  switch (status) {
    case "overdue":
      return { status: "pending", dueDate: { lt: day } };
    case "partially_paid":
      return { status: "pending", amountPaid: { gt: 0 }, AND: [notOverdue] };
    case "pending":
      return { status: "pending", amountPaid: { lte: 0 }, AND: [notOverdue] };
    case "paid":
    case "cancelled":
      return { status };
  }
}

/** Invoices that still ask for money (pending, partly paid or overdue). */
export const openInvoiceWhere: Prisma.InvoiceWhereInput = { status: "pending" };

/** How many invoices a list holds in each state, and in all. */
export type InvoiceStateCounts = Record<InvoiceStatusCode | "all", number>;

/**
 * The invoices of `base` counted per state on the Lima day `today`, each count in SQL through
 * `count` (the model's count with a where). The five states split every invoice, so "all" is
 * their sum.
 */
export async function countInvoicesByState(
  count: (where: Prisma.InvoiceWhereInput) => Promise<number>,
  base: Prisma.InvoiceWhereInput,
  today: string,
): Promise<InvoiceStateCounts> {
  const counts = await Promise.all(INVOICE_STATUSES.map((status) => count({ AND: [base, invoiceStatusWhere(status, today)] })));
  const byState = Object.fromEntries(INVOICE_STATUSES.map((status, index) => [status, counts[index]])) as Record<InvoiceStatusCode, number>;
  return { ...byState, all: counts.reduce((sum, n) => sum + n, 0) };
}
