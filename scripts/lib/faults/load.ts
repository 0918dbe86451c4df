// The load of `npm run test:faults`: clients posting the contact form, each request from its own
// address and with its own e-mail (so every acknowledged message can be looked up), /api/health
// polled alongside, and the tallies printed after each phase.
import type { FreshApp } from "../fresh-app";
import { sql, type PostgresCluster } from "./cluster";

const REQUEST_TIMEOUT_MS = 15_000; // a request still open then is counted as hung

/** What every phase shares. */
export interface FaultRun {
  app: FreshApp;
  cluster: PostgresCluster;
  /** The app's database, in the test's own cluster. */
  databaseUrl: string;
  /** Concurrent clients. */
  clients: number;
  runId: string;
  /** Records a failed bar; returns `ok`. */
  check(ok: boolean, message: string): boolean;
}

export type Outcome = {
  email: string;
  start: number; // ms since the phase began
  ms: number;
  status: number; // 0: no HTTP answer
  retryAfter: string | null;
  error?: string; // refused | reset | timeout | …
};

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sequence = 0;
function nextAddress() {
  sequence += 1;
  return `198.18.${(sequence >> 8) & 0xff}.${sequence & 0xff}`;
}

function classify(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  if ((error as Error).name === "TimeoutError") return "timeout";
  if (cause?.code === "ECONNREFUSED") return "refused";
  if (cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET") return "reset";
  return `error: ${String(cause?.code ?? (error as Error).message)}`;
}

export async function postContact(run: FaultRun, phase: string, t0: number): Promise<Outcome> {
  const email = `faults-${run.runId}-${phase}-${sequence + 1}@example.test`;
  const start = Date.now();
  const address = nextAddress();
  try {
    const response = await fetch(`${run.app.baseUrl}/api/v1/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ name: "Prueba de fallos", email, message: `Mensaje de prueba ${phase} ${sequence}: la base de datos se detiene.` }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.text(); // the whole answer, or an error if it is cut
    return { email, start: start - t0, ms: Date.now() - start, status: response.status, retryAfter: response.headers.get("retry-after") };
  } catch (error) {
    return { email, start: start - t0, ms: Date.now() - start, status: 0, retryAfter: null, error: classify(error) };
  }
}

/** `clients` loops posting until `stop()`; a client that was refused waits 50 ms before trying again. */
export function runLoad(run: FaultRun, phase: string, t0: number) {
  let running = true;
  const outcomes: Outcome[] = [];
  const loops = Array.from({ length: run.clients }, async () => {
    while (running) {
      const outcome = await postContact(run, phase, t0);
      outcomes.push(outcome);
      if (outcome.status !== 201) await sleep(50);
    }
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

export type HealthSample = { at: number; status: number; ms: number };

/** GET /api/health every 250 ms until `stop()`. */
export function pollHealth(run: FaultRun, t0: number) {
  let running = true;
  const samples: HealthSample[] = [];
  const loop = (async () => {
    while (running) {
      const start = Date.now();
      let status = 0;
      try {
        const response = await fetch(`${run.app.baseUrl}/api/health`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        await response.text();
        status = response.status;
      } catch {
        status = 0;
      }
      samples.push({ at: start - t0, status, ms: Date.now() - start });
      await sleep(250);
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

export function countBy<T>(items: T[], key: (item: T) => string) {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
export const label = (outcome: Outcome) => (outcome.status ? String(outcome.status) : outcome.error!);

/** Acknowledged (201) e-mails missing from the database, and stored ones that were not acknowledged. */
export async function compareStored(run: FaultRun, phase: string, outcomes: Outcome[]) {
  const stored = new Set(
    (await sql<{ email: string }>(run.databaseUrl, "SELECT email FROM contact_messages WHERE email LIKE $1", [`faults-${run.runId}-${phase}-%`])).map((row) => row.email),
  );
  const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email);
  const lost = acknowledged.filter((email) => !stored.has(email));
  const ackedSet = new Set(acknowledged);
  const unacknowledged = [...stored].filter((email) => !ackedSet.has(email));
  console.log(`  acknowledged ${acknowledged.length}, stored ${stored.size}, lost ${lost.length}, stored without acknowledgement ${unacknowledged.length}`);
  run.check(lost.length === 0, `${phase}: ${lost.length} acknowledged messages are not in the database (${lost.slice(0, 3).join(", ")})`);
}

/** Prints the counts and the slowest requests; returns the slowest's time. */
export function printOutcomes(outcomes: Outcome[]) {
  const maxMs = Math.max(0, ...outcomes.map((outcome) => outcome.ms));
  const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(`  requests ${outcomes.length}: ${JSON.stringify(countBy(outcomes, label))}, max latency ${maxMs} ms`);
  console.log(`  slowest: ${slowest.map((outcome) => `${outcome.ms} ms (${label(outcome)}, sent at ${seconds(outcome.start)})`).join("; ")}`);
  return maxMs;
}
