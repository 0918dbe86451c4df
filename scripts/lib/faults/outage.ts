// `npm run test:faults`, phase 1: PostgreSQL stops for 10 s under contact-form load and starts
// again. No request takes more than 5 s; only 201 and 503 answers, every 503 with Retry-After and
// every request while the database is down a 503; 201s again within 5 s of the restart, without
// restarting the app; every acknowledged message stored; /api/health goes 200 → 503 → 200.
import { compareStored, countBy, label, pollHealth, printOutcomes, runLoad, seconds, sleep, type FaultRun } from "./load";

const OUTAGE_MS = 10_000;
/** No request may take longer. */
const HANG_MS = 5_000;

export async function outagePhase(run: FaultRun) {
  const { clients, check } = run;
  console.log(`\n==> PostgreSQL stops for ${OUTAGE_MS / 1000} s under ${clients} clients posting the contact form`);
  const t0 = Date.now();
  const health = pollHealth(run, t0);
  const load = runLoad(run, "outage", t0);
  await sleep(3_000);
  const stopBegan = Date.now() - t0;
  await run.cluster.stop();
  const down = Date.now() - t0;
  await sleep(OUTAGE_MS);
  const startBegan = Date.now() - t0;
  await run.cluster.start();
  const up = Date.now() - t0;
  // Recovery: health back to 200 and contact requests acknowledged again, without a restart.
  const recoveryDeadline = Date.now() + 20_000;
  let recovered = -1;
  while (Date.now() < recoveryDeadline) {
    const recent = load.outcomes.filter((outcome) => outcome.start > up);
    if (health.samples.at(-1)?.status === 200 && recent.filter((outcome) => outcome.status === 201).length >= clients) {
      recovered = Date.now() - t0;
      break;
    }
    await sleep(250);
  }
  await sleep(3_000); // load goes on: every request from here must be acknowledged
  await load.stop();
  await health.stop();
  const end = Date.now() - t0;
  console.log(
    `  PostgreSQL stopping at ${seconds(stopBegan)}, down at ${seconds(down)}, starting at ${seconds(startBegan)}, up at ${seconds(up)}, ` +
      `app answering 201 again at ${recovered < 0 ? "never" : seconds(recovered)}, load ended at ${seconds(end)}`,
  );

  const outcomes = load.outcomes;
  const maxMs = printOutcomes(outcomes);
  check(maxMs <= HANG_MS, `outage: a request took ${maxMs} ms (bar: ${HANG_MS} ms)`);
  const unexpected = outcomes.filter((outcome) => outcome.status !== 201 && outcome.status !== 503);
  check(unexpected.length === 0, `outage: ${unexpected.length} answers other than 201/503: ${JSON.stringify(countBy(unexpected, label))}`);
  const unavailable = outcomes.filter((outcome) => outcome.status === 503);
  check(unavailable.length > 0, "outage: no request was answered 503 while PostgreSQL was down");
  check(
    unavailable.every((outcome) => Number(outcome.retryAfter) > 0),
    "outage: a 503 came without Retry-After",
  );
  // Requests that began and ended while PostgreSQL was fully down cannot have been acknowledged.
  const whileDown = outcomes.filter((outcome) => outcome.start > down + 100 && outcome.start + outcome.ms < startBegan);
  const whileDownOk = whileDown.filter((outcome) => outcome.status === 503).length;
  console.log(`  while down: ${whileDown.length} requests, ${whileDownOk} answered 503`);
  check(whileDown.length > 0 && whileDownOk === whileDown.length, `outage: ${whileDown.length - whileDownOk} of ${whileDown.length} requests while down were not a 503`);
  check(recovered >= 0 && recovered - up <= 5_000, `outage: the app was not answering 201 again within 5 s of the restart`);
  const afterRecovery = outcomes.filter((outcome) => recovered >= 0 && outcome.start > recovered);
  console.log(`  after recovery: ${afterRecovery.length} requests, ${JSON.stringify(countBy(afterRecovery, label))}`);
  check(
    afterRecovery.length >= clients && afterRecovery.every((outcome) => outcome.status === 201),
    "outage: the app did not recover (requests after the restart were not all acknowledged)",
  );

  // /api/health: up → down → up, each answer bounded in time.
  const runs: { status: number; from: number; count: number }[] = [];
  for (const sample of health.samples) {
    const up = sample.status === 200 ? 200 : sample.status;
    if (runs.at(-1)?.status === up) runs.at(-1)!.count += 1;
    else runs.push({ status: up, from: sample.at, count: 1 });
  }
  const healthMax = Math.max(0, ...health.samples.map((sample) => sample.ms));
  console.log(`  /api/health: ${health.samples.length} polls, max ${healthMax} ms, ${runs.map((run) => `${run.status || "no answer"} ×${run.count} (from ${seconds(run.from)})`).join(" → ")}`);
  const shape = runs.map((run) => (run.status === 200 ? "up" : "down"));
  check(JSON.stringify(shape) === JSON.stringify(["up", "down", "up"]), `outage: /api/health went ${shape.join(" → ")} (bar: up → down → up)`);
  check(runs.every((run) => run.status === 200 || run.status === 503), "outage: /api/health answered something else than 200 or 503");
  check(healthMax <= HANG_MS, `outage: /api/health took ${healthMax} ms`);
  await compareStored(run, "outage", outcomes);
}

