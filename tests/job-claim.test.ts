// Scheduled jobs run once across instances (lib/jobs/claim.ts), against the real test database.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { runExclusively } from "@/lib/jobs/claim";

const uniqueJob = (label: string) => `test:${label}:${randomUUID().slice(0, 8)}`;

/** A job body that waits until released, so two runs overlap for sure. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, work: async () => (await opened, "hecho") };
}

describe("runExclusively", () => {
  it("runs a job once when two instances start it at the same time; the other says who holds it", async () => {
    const job = uniqueJob("twice");
    const { open, work } = gate();
    let runs = 0;
    const counted = async () => {
      runs += 1;
      return work();
    };
    const first = runExclusively(job, counted);
    const second = runExclusively(job, counted);
    // Both have tried to claim by the time one of them answers "held"; then let the holder finish.
    const settled = await Promise.race([first, second]);
    open();
    const outcomes = await Promise.all([first, second]);

    expect(settled.ran).toBe(false);
    expect(runs).toBe(1);
    expect(outcomes.filter((outcome) => outcome.ran)).toEqual([{ ran: true, result: "hecho" }]);
    const refused = outcomes.find((outcome) => !outcome.ran);
    expect(refused).toMatchObject({ ran: false, heldBy: expect.stringContaining(`:${process.pid}:`) });
  });

  it("frees the job when the run ends, even when it fails, so the next run starts at once", async () => {
    const job = uniqueJob("release");
    await expect(runExclusively(job, async () => Promise.reject(new Error("falló a medias")))).rejects.toThrow("falló a medias");
    expect(await runExclusively(job, async () => 1)).toEqual({ ran: true, result: 1 });
    const [row] = await db.$queryRaw<{ finished: boolean }[]>`SELECT finished_at IS NOT NULL AS finished FROM job_claims WHERE job = ${job}`;
    expect(row.finished).toBe(true);
  });

  it("takes over a job whose instance died (its claim was not renewed), but not one still held", async () => {
    const job = uniqueJob("dead");
    // An instance claimed the job and died: nobody renews its lease.
    await db.$executeRaw`INSERT INTO job_claims (job, owner, claimed_at, claimed_until)
      VALUES (${job}, 'muerta:1:abc', now() - interval '10 minutes', now() + interval '1 minute')`;
    expect(await runExclusively(job, async () => "no")).toMatchObject({ ran: false, heldBy: "muerta:1:abc" });

    await db.$executeRaw`UPDATE job_claims SET claimed_until = now() - interval '1 second' WHERE job = ${job}`;
    expect(await runExclusively(job, async () => "retomada")).toEqual({ ran: true, result: "retomada" });
  });
});
