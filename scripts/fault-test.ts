// `npm run test:faults`: the production server (`npm start`) on its own throwaway PostgreSQL
// cluster (initdb in a temporary directory, loopback only), under contact-form load:
//   1. PostgreSQL stops for 10 s and starts again: no request takes more than 5 s, every answer
//      while it is down is a 503 with Retry-After (never a 500 or a hang), the app recovers without
//      a restart, every acknowledged (201) message is stored, and /api/health, polled throughout,
//      goes 200 → 503 → 200;
//   2. SIGTERM to `npm start` while requests are held in flight (a table lock delays them): each
//      of them is answered in full, later ones are refused cleanly (connection refused or a whole
//      503), no acknowledged message is lost, and the process exits in bounded time.
// Prints the counts and exits 1 when any bar fails. Reuses the build in NEXT_DIST_DIR (default
// .next) when it is current; otherwise `npm start` builds first.
//
// FAULTS_PORT (default 3640), FAULTS_DB_PORT (default 55440), FAULTS_CLIENTS (concurrent
// clients, default 8), PG_BIN (PostgreSQL's bin directory; default: pg_config --bindir, then
// /usr/lib/postgresql/<newest>/bin).
import "./lib/load-env";
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { constants as osConstants, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { waitForServer } from "./lib/wait-for-server";

const appPort = Number(process.env.FAULTS_PORT || 3640);
const dbPort = Number(process.env.FAULTS_DB_PORT || 55440);
const clients = Number(process.env.FAULTS_CLIENTS || 8);
const baseUrl = `http://127.0.0.1:${appPort}`;
const OUTAGE_MS = 10_000;
const HANG_MS = 5_000; // no request may take longer
const REQUEST_TIMEOUT_MS = 15_000; // a request still open then is counted as hung
const SHUTDOWN_BOUND_MS = 15_000; // SHUTDOWN_TIMEOUT_MS (8 s) + margins
const START_TIMEOUT_MS = 10 * 60_000; // includes a build when there is none
const runId = randomBytes(3).toString("hex");
const startedAt = Date.now();
const failures: string[] = [];

function check(ok: boolean, message: string) {
  if (!ok) failures.push(message);
  return ok;
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── PostgreSQL: a cluster of our own ──
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromConfig.status === 0 && existsSync(path.join(fromConfig.stdout.trim(), "initdb"))) return fromConfig.stdout.trim();
  const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).find((dir) => existsSync(path.join(dir, "initdb")));
  if (!found) throw new Error("No se encontró PostgreSQL (initdb). Instálelo (apt-get install postgresql) o defina PG_BIN.");
  return found;
}

const pgBin = postgresBin();
const clusterDir = mkdtempSync(path.join(tmpdir(), "faults-pg-"));
const dataDir = path.join(clusterDir, "data");
// initdb and postgres refuse to run as root: as root, the cluster belongs to the postgres user.
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool without blocking the event loop (the load keeps running meanwhile). */
async function pgTool(tool: string, args: string[]) {
  const command = asRoot ? "runuser" : path.join(pgBin, tool);
  const fullArgs = asRoot ? ["-u", "postgres", "--", path.join(pgBin, tool), ...args] : args;
  await promisify(execFile)(command, fullArgs, { timeout: 60_000 });
}

async function initCluster() {
  if (asRoot) {
    chownSync(clusterDir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
    chmodSync(clusterDir, 0o700);
  }
  await pgTool("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
}
const startPostgres = () =>
  pgTool("pg_ctl", ["-D", dataDir, "-l", path.join(clusterDir, "postgres.log"), "-w", "-t", "30", "-o", `-c listen_addresses=127.0.0.1 -p ${dbPort} -k ${clusterDir} -c max_connections=60`, "start"]);
/** A fast shutdown: open sessions are terminated (57P01), new connections refused. */
const stopPostgres = () => pgTool("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);

const serverUrl = `postgresql://postgres@127.0.0.1:${dbPort}/postgres`;
const databaseUrl = `postgresql://postgres@127.0.0.1:${dbPort}/faults`;

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = [], url = databaseUrl): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

// ── The server ──
let server: ChildProcess | null = null;
let serverLog = "";
function startServer() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(appPort),
    TRUST_PROXY_HOPS: "1",
    BILLING_SCHEDULE: "off",
    AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("base64"),
  };
  // Its own process group, so cleanup can reach every process under npm.
  server = spawn("npm", ["start"], { detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  const keep = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-200_000);
  };
  server.stdout!.on("data", keep);
  server.stderr!.on("data", keep);
}
/** npm's exit: its code, or 128 + the signal's number when a signal ended it. */
const serverExited = () =>
  new Promise<number>((resolve) => {
    const code = (exitCode: number | null, signal: NodeJS.Signals | null) => resolve(exitCode ?? 128 + (signal ? osConstants.signals[signal] : 0));
    if (server!.exitCode !== null || server!.signalCode !== null) code(server!.exitCode, server!.signalCode);
    else server!.once("exit", code);
  });

/** Fails early when a port is taken (a server left over from an earlier run would be tested instead). */
async function assertPortFree(port: number) {
  const free = await new Promise<boolean>((resolve) => {
    const probe = createNetServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (!free) throw new Error(`El puerto ${port} ya está en uso: detenga ese proceso o elija otro (FAULTS_PORT, FAULTS_DB_PORT).`);
}

// ── Load: contact requests, each with its own address and e-mail ──
type Outcome = {
  email: string;
  start: number; // ms since the phase began
  ms: number;
  status: number; // 0: no HTTP answer
  retryAfter: string | null;
  error?: string; // refused | reset | timeout | …
};

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

async function postContact(phase: string, t0: number): Promise<Outcome> {
  const email = `faults-${runId}-${phase}-${sequence + 1}@example.test`;
  const start = Date.now();
  const address = nextAddress();
  try {
    const response = await fetch(`${baseUrl}/api/v1/contact`, {
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
function runLoad(phase: string, t0: number) {
  let running = true;
  const outcomes: Outcome[] = [];
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const outcome = await postContact(phase, t0);
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

type HealthSample = { at: number; status: number; ms: number };
function pollHealth(t0: number) {
  let running = true;
  const samples: HealthSample[] = [];
  const loop = (async () => {
    while (running) {
      const start = Date.now();
      let status = 0;
      try {
        const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
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

function countBy<T>(items: T[], key: (item: T) => string) {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
const label = (outcome: Outcome) => (outcome.status ? String(outcome.status) : outcome.error!);

/** Acknowledged (201) e-mails missing from the database, and stored ones that were not acknowledged. */
async function compareStored(phase: string, outcomes: Outcome[]) {
  const stored = new Set(
    (await sql<{ email: string }>("SELECT email FROM contact_messages WHERE email LIKE $1", [`faults-${runId}-${phase}-%`])).map((row) => row.email),
  );
  const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email);
  const lost = acknowledged.filter((email) => !stored.has(email));
  const ackedSet = new Set(acknowledged);
  const unacknowledged = [...stored].filter((email) => !ackedSet.has(email));
  console.log(`  acknowledged ${acknowledged.length}, stored ${stored.size}, lost ${lost.length}, stored without acknowledgement ${unacknowledged.length}`);
  check(lost.length === 0, `${phase}: ${lost.length} acknowledged messages are not in the database (${lost.slice(0, 3).join(", ")})`);
}

function printOutcomes(outcomes: Outcome[]) {
  const maxMs = Math.max(0, ...outcomes.map((outcome) => outcome.ms));
  const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(`  requests ${outcomes.length}: ${JSON.stringify(countBy(outcomes, label))}, max latency ${maxMs} ms`);
  console.log(`  slowest: ${slowest.map((outcome) => `${outcome.ms} ms (${label(outcome)}, sent at ${seconds(outcome.start)})`).join("; ")}`);
  return maxMs;
}

// ── Phase 1: PostgreSQL stops for 10 s ──
async function outagePhase() {
  console.log(`\n==> PostgreSQL stops for ${OUTAGE_MS / 1000} s under ${clients} clients posting the contact form`);
  const t0 = Date.now();
  const health = pollHealth(t0);
  const load = runLoad("outage", t0);
  await sleep(3_000);
  const stopBegan = Date.now() - t0;
  await stopPostgres();
  const down = Date.now() - t0;
  await sleep(OUTAGE_MS);
  const startBegan = Date.now() - t0;
  await startPostgres();
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
  await compareStored("outage", outcomes);
}

// ── Phase 2: SIGTERM under load ──
async function sigtermPhase() {
  console.log(`\n==> SIGTERM to npm start under ${clients} clients, with requests held in flight by a table lock`);
  const t0 = Date.now();
  const load = runLoad("sigterm", t0);
  await sleep(2_000);
  // Hold the next inserts: every client's request stays in flight across the signal.
  const locker = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  await locker.query("BEGIN");
  await locker.query("LOCK TABLE contact_messages IN SHARE MODE");
  await sleep(500);
  const signalAt = Date.now() - t0;
  const exited = serverExited();
  process.kill(server!.pid!, "SIGTERM"); // npm itself, as `docker stop` would
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
    leftover = spawnSync("ps", ["-o", "pid=,args=", "-g", String(server!.pid)], { encoding: "utf8" }).stdout?.trim() ?? "";
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
  await compareStored("sigterm", outcomes);
}

// ── Cleanup ──
let cleanedUp = false;
async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  // The whole process group: whatever is left under npm (serve.ts, Next) even when npm is gone.
  if (server) {
    try {
      process.kill(-server.pid!, "SIGTERM");
      await sleep(3_000);
      process.kill(-server.pid!, "SIGKILL");
    } catch {
      // nothing left
    }
  }
  await stopPostgres().catch(() => undefined); // not running
  rmSync(clusterDir, { recursive: true, force: true });
}
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));
process.on("SIGTERM", () => void cleanup().then(() => process.exit(143)));

async function main() {
  console.log(`PostgreSQL (${pgBin}) in ${clusterDir}, port ${dbPort}${asRoot ? ", as the postgres user" : ""}`);
  await assertPortFree(appPort);
  await assertPortFree(dbPort);
  await initCluster();
  await startPostgres();
  await sql("CREATE DATABASE faults", [], serverUrl);
  console.log(`npm start on ${baseUrl} (migrations and demo content on first start; builds when ${process.env.NEXT_DIST_DIR || ".next"} is missing or stale)…`);
  startServer();
  await waitForServer(server!, baseUrl, START_TIMEOUT_MS);
  // A cold server loads each route on its first request: warm the contact route up first.
  const warmup = await Promise.all(Array.from({ length: clients * 2 }, () => postContact("warmup", Date.now())));
  console.log(`Warm-up: ${JSON.stringify(countBy(warmup, label))}, max latency ${Math.max(...warmup.map((outcome) => outcome.ms))} ms`);

  await outagePhase();
  await sigtermPhase();

  console.log(`\nTotal time ${seconds(Date.now() - startedAt)}`);
  if (failures.length > 0) {
    console.log(`\n${failures.length} bar(s) failed:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
    console.log("\nLast lines of the server's log:\n" + serverLog.split("\n").slice(-40).join("\n"));
    process.exitCode = 1;
  } else {
    console.log("\nEvery bar passed.");
  }
}

main()
  .catch((error) => {
    console.error(error);
    console.log("\nLast lines of the server's log:\n" + serverLog.split("\n").slice(-40).join("\n"));
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
    process.exit(); // open sockets or pipes must not keep the test alive
  });
