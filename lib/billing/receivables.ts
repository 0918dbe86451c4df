import "server-only";
import { db } from "@/lib/db";
import { Prisma, type Currency } from "@/lib/generated/prisma/client";
import { CURRENCIES } from "./labels";
import { AGEING_BUCKETS, type AgeingBucketKey } from "./state";

// What clients still owe, per currency (never added across currencies), read in one SQL query:
// the balances of the open invoices (stored as pending), the part past its due date on the Lima
// day `today`, and that part split by how many days late it is (AGEING_BUCKETS). The admin
// dashboard reads it for every client from the sums triggers keep per currency and due date
// (invoice_open_balances), Mi Portal for one client from the client's open invoices.

export type ReceivablesByCurrency = {
  currency: Currency;
  /** The balances of the open invoices (pending, partly paid or overdue). */
  receivable: string;
  /** The balances of the overdue ones. */
  overdue: string;
  /** How many open invoices owe something, and how many of them are overdue. */
  open_count: number;
  overdue_count: number;
  /** The overdue balances by days late: 1–30, 31–60, 61–90, more than 90. */
  ageing: Record<AgeingBucketKey, string>;
};

/** The main client or a transaction's (tests read inside a rolled-back transaction). */
export type ReceivablesClient = Prisma.TransactionClient | typeof db;

type Row = { currency: Currency; receivable: string; overdue: string; open_count: number; overdue_count: number } & Record<AgeingBucketKey, string>;

const money = (value: string | null) => new Prisma.Decimal(value ?? 0).toFixed(2);

/** Open balances per currency (PEN, USD, EUR order; only currencies with something owed), for everyone or one client. */
export async function receivablesByCurrency(client: ReceivablesClient, today: string, options: { userId?: string } = {}): Promise<ReceivablesByCurrency[]> {
  // The inner query works out each group's balance, invoices and days late once (OFFSET 0 keeps
  // it from being folded into the sums, which would recompute them per aggregate); the sums
  // then only compare. A group is one open invoice of the client, or every open invoice of a
  // currency and due date. Days late: 1 the day after the due date (overdue means late > 0; no
  // due date, never overdue: the kept sums file those under 9999-12-31). Bucket bounds are the
  // code's constants.
  let floor = 0;
  const buckets = AGEING_BUCKETS.map((bucket) => {
    const within = Number.isFinite(bucket.max)
      ? Prisma.sql`o.late > ${Prisma.raw(String(floor))} AND o.late <= ${Prisma.raw(String(bucket.max))}`
      : Prisma.sql`o.late > ${Prisma.raw(String(floor))}`;
    floor = bucket.max;
    return Prisma.sql`SUM(o.balance) FILTER (WHERE ${within})::text AS ${Prisma.raw(bucket.key)}`;
  });
  const groups =
    options.userId === undefined
      ? Prisma.sql`SELECT b.currency, b.balance, b.invoices, ${today}::date - b.due_date AS late
                     FROM invoice_open_balances b
                    WHERE b.invoices > 0`
      : Prisma.sql`SELECT i.currency, GREATEST(i.amount - i.amount_paid - i.amount_credited, 0) AS balance, 1 AS invoices,
                          ${today}::date - i.due_date AS late
                     FROM invoices i
                    WHERE i.status = 'pending' AND i.user_id = ${options.userId}`;
  const rows = await client.$queryRaw<Row[]>`
    SELECT o.currency::text AS currency,
           SUM(o.balance)::text AS receivable,
           SUM(o.balance) FILTER (WHERE o.late > 0)::text AS overdue,
           SUM(o.invoices)::int AS open_count,
           COALESCE(SUM(o.invoices) FILTER (WHERE o.late > 0), 0)::int AS overdue_count,
           ${Prisma.join(buckets, ", ")}
      FROM (${groups} OFFSET 0) o
     WHERE o.balance > 0
     GROUP BY o.currency`;
  const byCurrency = new Map(rows.map((row) => [String(row.currency), row]));
  return CURRENCIES.flatMap((currency) => {
    const row = byCurrency.get(currency);
    if (!row) return [];
    return [
      {
        currency,
        receivable: money(row.receivable),
        overdue: money(row.overdue),
        open_count: row.open_count,
        overdue_count: row.overdue_count,
        ageing: Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket.key, money(row[bucket.key])])) as Record<AgeingBucketKey, string>,
      },
    ];
  });
}
