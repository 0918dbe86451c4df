import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

class Rollback extends Error {}

/** Postgres refused the transaction's write: a row it changes was changed by a commit after its snapshot. */
function isWriteConflict(error: unknown) {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2034") return true;
  return error instanceof Error && /could not serialize access/i.test(error.message);
}

/**
 * Runs `work` in a REPEATABLE READ transaction that is always rolled back: its snapshot ignores
 * what other test files commit meanwhile, so the deltas it measures are exact. When its writes
 * touch a row another file committed after the snapshot (a total kept by triggers, such as
 * payment_received_totals), Postgres refuses them in this isolation: the work then runs again,
 * as an application retries such a transaction.
 */
export async function isolated(work: (tx: Prisma.TransactionClient) => Promise<void>, attempts = 5) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.$transaction(
        async (tx) => {
          await work(tx);
          throw new Rollback();
        },
        { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead, timeout: 30_000, maxWait: 20_000 },
      );
    } catch (error) {
      if (error instanceof Rollback) return;
      if (attempt < attempts && isWriteConflict(error)) continue;
      throw error;
    }
  }
}
