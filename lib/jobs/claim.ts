import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { db } from "@/lib/db";

// Scheduled work runs once across all app instances: a job first claims
// its row in job_claims for a lease it renews while it runs. A second instance finds the claim
// held and leaves the job to it. An instance that dies stops renewing, so its claim lapses after
// LEASE_SECONDS and the next run takes the job over; the jobs themselves never repeat finished
// work (the billing run re-checks every subscription), so the takeover does nothing twice.

/** How long a claim holds without being renewed. */
const LEASE_SECONDS = 120;
/** How often a running job renews its claim (well within the lease). */
const RENEW_MS = 30_000;

export type ExclusiveRun<T> = { ran: true; result: T } | { ran: false; heldBy: string; heldUntil: Date };

/** Runs `work` if no other process holds `job`'s claim; otherwise says who does and until when. */
export async function runExclusively<T>(job: string, work: () => Promise<T>): Promise<ExclusiveRun<T>> {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const claimed = await db.$queryRaw<{ owner: string }[]>`
    INSERT INTO job_claims AS claim (job, owner, claimed_at, claimed_until)
    VALUES (${job}, ${owner}, clock_timestamp(), clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}))
    ON CONFLICT (job) DO UPDATE SET owner = EXCLUDED.owner, claimed_at = EXCLUDED.claimed_at, claimed_until = EXCLUDED.claimed_until
    WHERE claim.claimed_until <= clock_timestamp()
    RETURNING claim.owner`;
  if (claimed.length === 0) {
    const [holder] = await db.$queryRaw<{ owner: string; claimed_until: Date }[]>`SELECT owner, claimed_until FROM job_claims WHERE job = ${job}`;
    return { ran: false, heldBy: holder?.owner ?? "?", heldUntil: holder?.claimed_until ?? new Date() };
  }

  const renew = setInterval(() => {
    db.$executeRaw`
      UPDATE job_claims SET claimed_until = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})
      WHERE job = ${job} AND owner = ${owner}`.catch((error: unknown) =>
      console.error(`[jobs] No se pudo renovar el turno de ${job}:`, error instanceof Error ? error.message : error),
    );
  }, RENEW_MS);
  renew.unref();
  try {
    return { ran: true, result: await work() };
  } finally {
    clearInterval(renew);
    // Released at once: the next run (on any instance) may start right away.
    await db.$executeRaw`
      UPDATE job_claims SET claimed_until = clock_timestamp(), finished_at = clock_timestamp()
      WHERE job = ${job} AND owner = ${owner}`;
  }
}
