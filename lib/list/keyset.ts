// Keyset reading of a list, for the CSV exports. An export reads the list in batches, each one
// the rows AFTER the last row of the one before in the list's order, never "skip n rows": an
// OFFSET re-counts the rows on every batch (quadratic on a large list) and, when someone writes
// while the export runs, shifts them, so rows come out twice or not at all. The order must end
// with a unique column (the id), so "after this row" is exact. Pure: no database here; the
// domain gives the function that fetches a batch, and these helpers write the order and the
// "after this row" condition in Prisma's filter objects.

/** Rows per export batch: a large export never sits in memory at once. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Every row of a list in its order, `batchSize` rows at a time: `fetchAfter(null, n)` reads the
 * first batch, `fetchAfter(last, n)` the batch after the last row read. Yields each batch as
 * items (`toItem`), and stops after a short batch.
 */
export async function* keysetBatches<Row, Item>(options: {
  fetchAfter: (last: Row | null, take: number) => Promise<Row[]>;
  toItem: (row: Row) => Item;
  batchSize?: number;
}): AsyncGenerator<Item[], void, unknown> {
  const { fetchAfter, toItem, batchSize = EXPORT_BATCH_SIZE } = options;
  let last: Row | null = null;
  for (;;) {
    const rows: Row[] = await fetchAfter(last, batchSize);
    if (rows.length > 0) yield rows.map(toItem);
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1];
  }
}

/** One column of a list's order. */
export type KeysetColumn<Row> = {
  field: keyof Row & string;
  dir: "asc" | "desc";
  /** A nullable column says where its nulls sort; a column without `nulls` is NOT NULL. */
  nulls?: "first" | "last";
  /**
   * A column that a filter can only compare for equality (an enum, a boolean): its values in
   * their sort order (an enum's declaration order, false before true).
   */
  values?: readonly (string | boolean)[];
};

/** A list's order, the unique column (the id) last: the list and its export read it alike. */
export type KeysetOrder<Row> = readonly KeysetColumn<Row>[];

type Filter = Record<string, unknown>;

/** A filter no row matches (Prisma: an empty OR). */
const NO_ROW: Filter = { OR: [] };

/** The order as Prisma's `orderBy` (the model's OrderByWithRelationInput[]). */
export function keysetOrderBy<OrderBy>(order: readonly Pick<KeysetColumn<never>, "field" | "dir" | "nulls">[]): OrderBy[] {
  return order.map(({ field, dir, nulls }) => ({ [field]: nulls ? { sort: dir, nulls } : dir })) as OrderBy[];
}

/** Rows whose `column` sorts strictly after `value`. */
function beyond<Row>(column: KeysetColumn<Row>, value: unknown): Filter {
  const { field, dir, nulls, values } = column;
  if (values) {
    const index = values.indexOf(value as string | boolean);
    // A value the order does not list would place the row nowhere: a missing enum value is a bug.
    if (index === -1) throw new Error(`The order of ${field} does not list the value ${String(value)}.`);
    const later = dir === "asc" ? values.slice(index + 1) : values.slice(0, index);
    if (later.length === 0) return NO_ROW;
    return later.length === 1 ? { [field]: later[0] } : { [field]: { in: later } };
  }
  if (value === null || value === undefined) return nulls === "first" ? { [field]: { not: null } } : NO_ROW;
  const after = { [field]: dir === "asc" ? { gt: value } : { lt: value } };
  return nulls === "last" ? { OR: [after, { [field]: null }] } : after;
}

/**
 * The rows after `row` in `order`, as Prisma's `where` (the model's WhereInput): for some
 * column, every column before it equal to the row's and that one beyond it. The first column
 * also bounds the range outright (≤ or ≥ the row's value), so an index on it is used.
 */
export function keysetAfter<Where, Row>(order: KeysetOrder<Row>, row: Row): Where {
  const branches = order.map((column, index) => ({
    AND: [...order.slice(0, index).map((earlier) => ({ [earlier.field]: row[earlier.field] ?? null })), beyond(column, row[column.field])],
  }));
  const [lead] = order;
  const leadValue = row[lead.field];
  const range =
    lead.nulls || lead.values || leadValue === null || leadValue === undefined ? [] : [{ [lead.field]: lead.dir === "asc" ? { gte: leadValue } : { lte: leadValue } }];
  return { AND: [...range, { OR: branches }] } as Where;
}
