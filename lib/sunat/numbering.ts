import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The next number of a series, gap-free: facturas and boletas (F001, B001), notas de crédito
 * (FC01, BC01), and each day's summaries and voidings ("RC-20261128", "RA-20261128"). The counter
 * row stays locked until the transaction ends, so concurrent issues queue, and a rolled-back issue
 * gives its number back.
 */
export async function nextSeriesNumber(tx: Prisma.TransactionClient, series: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ last_number: number }[]>`
    INSERT INTO invoice_series (series, last_number) VALUES (${series}, 1)
    ON CONFLICT (series) DO UPDATE SET last_number = invoice_series.last_number + 1
    RETURNING last_number`;
  return row.last_number;
}
