// `npm run test:faults`, phase 2: contact requests held in flight by a table lock while `npm start`
// gets SIGTERM. The held requests all end in 201; requests started after the signal are refused
// (connection refused or a whole 503, never a cut answer); no acknowledged message is lost; npm
// exits with 143 within 15 s and leaves no process behind.
import { spawnSync, type ChildProcess } from "node:child_process";
import { constants as osConstants } from "node:os";
import pg from "pg";
import { compareStored, countBy, label, printOutcomes, runLoad, seconds, sleep, type FaultRun } from "./load";

const SHUTDOWN_BOUND_MS = 15_000; // SHUTDOWN_TIMEOUT_MS (8 s) + margins

/** npm's exit: its code, or 128 + the signal's number when a signal ended it. */
const exitStatus = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    const code = (exitCode: number | null, signal: NodeJS.Signals | null) => resolve(exitCode ?? 128 + (signal ? osConstants.signals[signal] : 0));
    if (child.exitCode !== null || child.signalCode !== null) code(child.exitCode, child.signalCode);
    else child.once("exit", code);
  });

export async function sigtermPhase(run: FaultRun) {
  const { app, clients, check } = run;
  console.log(`\n==> SIGTERM to npm start under ${clients} clients, with requests held in flight by a table lock`);
  const t0 = Date.now();
  const load = runLoad(run, "sigterm", t0);
  await sleep(2_000);
  // Hold the next inserts: every client's request stays in flight across the signal.
  const locker = new pg.Client({ connectionString: run.databaseUrl });
  await locker.connect();
  await locker.query("BEGIN");
  await locker.query("LOCK TABLE contact_messages IN SHARE MODE");
  await sleep(500);
  const signalAt = Date.now() - t0;
  const exited = exitStatus(app.child);
  process.kill(app.child.pid!, "SIGTERM"); // npm itself, as `docker stop` would
  await sleep(1_500);
  await locker.query("COMMIT");
  await locker.end();
  const exitCode = await Promise.race([exited, sleep(SHUTDOWN_BOUND_MS).then(() => "late" as const)]);
  const exitAt = Date.now() - t0;
  await sleep(1_000); // clients meet a closed port
  await load.stop();
  console.log(`  signal at ${seconds(signalAt)}, exit ${exitCode === "late" ? "NOT within the bound" : `code ${exitCode}`} at ${seconds(exitAt)} (${exitAt - signalAt} ms after the signal)`);
  check(exitCode !== "late", `sigterm: the server had not exited ${SHUTDOWN_BOUND_MS / 1000} s after SIGTERM`);
  check(exitCode === "late" || exitCode === 143 || exitCode === 0, `sigterm: exit code ${exitCode} (expected 143: ended by SIGTERM, or 0)`);
  // Nothing of the app may outlive npm (an orphaned server would keep the port and the database).
  // (A helper such as esbuild's service may take a moment to notice its parent is gone.)
  let leftover = "";
  for (let attempt = 0; attempt < 20; attempt += 1) {
    leftover = spawnSync("ps", ["-o", "pid=,args=", "-g", String(app.child.pid)], { encoding: "utf8" }).stdout?.trim() ?? "";
    if (leftover === "") break;
    await sleep(100);
  }
  check(leftover === "", `sigterm: processes of the app still running 2 s after npm exited: ${leftover.split("\n").join("; ")}`);

  const outcomes = load.outcomes;
  printOutcomes(outcomes);
  const before = outcomes.filter((outcome) => outcome.start < signalAt);
  const inFlight = before.filter((outcome) => outcome.start + outcome.ms > signalAt);
  const after = outcomes.filter((outcome) => outcome.start >= signalAt);
  console.log(`  started before the signal: ${before.length} ${JSON.stringify(countBy(before, label))}; in flight at the signal: ${inFlight.length} ${JSON.stringify(countBy(inFlight, label))}`);
  console.log(`  started after the signal: ${after.length} ${JSON.stringify(countBy(after, label))}`);
  check(inFlight.length >= clients / 2, `sigterm: only ${inFlight.length} requests were in flight at the signal (the lock should hold ${clients})`);
  // In flight at the signal (held by the lock, so already inside the app): answered in full, 201.
  check(
    inFlight.every((outcome) => outcome.status === 201),
    `sigterm: in-flight requests not answered 201: ${JSON.stringify(countBy(inFlight.filter((outcome) => outcome.status !== 201), label))}`,
  );
  check(before.every((outcome) => outcome.status !== 0), `sigterm: a request started before the signal got no whole answer`);
  const unclean = after.filter((outcome) => !(outcome.error === "refused" || outcome.status === 503 || outcome.status === 201));
  check(unclean.length === 0, `sigterm: ${unclean.length} later requests were not refused cleanly: ${JSON.stringify(countBy(unclean, label))}`);
  check(
    after.filter((outcome) => outcome.status === 503).every((outcome) => Number(outcome.retryAfter) > 0),
    "sigterm: a 503 came without Retry-After",
  );
  await compareStored(run, "sigterm", outcomes);
}

