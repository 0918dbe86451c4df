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

/**
 * How many invoices a list holds in each state, and in all. Each state is counted up to
 * STATE_COUNT_CAP + 1 rows (a search matching most of 50,000 invoices would otherwise count them
 * all five times per page view); `capped` names the counts that stopped there, which screens
 * write "más de 1,000". "all" is capped when any state is. A state's count is null when it was
 * not counted: a search matching more than STATE_COUNT_CAP invoices only says so (see
 * broadSearchCounts).
 */
export type InvoiceStateCounts = Record<InvoiceStatusCode, number | null> & { all: number; capped: (InvoiceStatusCode | "all")[] };

/** The most a state's count reads before it says "more than this". */
export const STATE_COUNT_CAP = 1000;

/** What a state's capped count is given: its filter, how many rows to read at most, and its order. */
export type StateCountArgs = { where: Prisma.InvoiceWhereInput; take: number; orderBy: Prisma.InvoiceOrderByWithRelationInput };

/**
 * The invoices of `base` counted per state on the Lima day `today`, each count in SQL through
 * `count` (the model's count with these arguments, reading at most `take` rows). The five states
 * split every invoice, so "all" is their sum. Each count is ordered by status, which every state
 * fixes: a count with `take` is otherwise ordered by id, and walking the primary key to find 1,001
 * cancelled invoices read ten times the rows the (status, …) indexes do (3 ms instead of 0.2).
 */
export async function countInvoicesByState(count: (args: StateCountArgs) => Promise<number>, base: Prisma.InvoiceWhereInput, today: string): Promise<InvoiceStateCounts> {
  const read = await Promise.all(
    INVOICE_STATUSES.map((status) => count({ where: { AND: [base, invoiceStatusWhere(status, today)] }, take: STATE_COUNT_CAP + 1, orderBy: { status: "asc" } })),
  );
  return capStateCounts(Object.fromEntries(INVOICE_STATUSES.map((status, index) => [status, read[index]])) as Record<InvoiceStatusCode, number>);
}

/** Counts per state as the screens show them: each at most STATE_COUNT_CAP, `capped` naming those over it. */
export function capStateCounts(read: Record<InvoiceStatusCode, number>): InvoiceStateCounts {
  const counts = INVOICE_STATUSES.map((status) => Math.min(read[status], STATE_COUNT_CAP));
  const capped: InvoiceStateCounts["capped"] = INVOICE_STATUSES.filter((status) => read[status] > STATE_COUNT_CAP);
  if (capped.length > 0) capped.push("all");
  const byState = Object.fromEntries(INVOICE_STATUSES.map((status, index) => [status, counts[index]])) as Record<InvoiceStatusCode, number>;
  return { ...byState, all: counts.reduce((sum, n) => sum + n, 0), capped };
}

/**
 * The counts of a search that matched more than STATE_COUNT_CAP invoices: "all" is "más de 1,000"
 * and no state is counted. Splitting such a match by state means reading every match (a common
 * word is in half of 50,000 invoices: 20–30 ms per page view), while more than a thousand
 * matches already tells the reader to narrow the search.
 */
export function broadSearchCounts(): InvoiceStateCounts {
  const uncounted = Object.fromEntries(INVOICE_STATUSES.map((status) => [status, null])) as Record<InvoiceStatusCode, null>;
  return { ...uncounted, all: STATE_COUNT_CAP, capped: ["all"] };
}
