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
import { randomBytes } from "node:crypto";
import { createCluster, sql, type PostgresCluster } from "./lib/faults/cluster";
import { countBy, label, postContact, seconds, type FaultRun } from "./lib/faults/load";
import { outagePhase } from "./lib/faults/outage";
import { sigtermPhase } from "./lib/faults/sigterm";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { assertPortFree } from "./lib/ports";
import { runScript } from "./lib/run-script";

const appPort = Number(process.env.FAULTS_PORT || 3640);
const dbPort = Number(process.env.FAULTS_DB_PORT || 55440);
const clients = Number(process.env.FAULTS_CLIENTS || 8);
const startedAt = Date.now();
const failures: string[] = [];

function check(ok: boolean, message: string) {
  if (!ok) failures.push(message);
  return ok;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: PostgresCluster | null = null;
let app: FreshApp | null = null;

async function main() {
  cluster = createCluster(dbPort);
  console.log(`PostgreSQL (${cluster.bin}) in ${cluster.dir}, port ${dbPort}${cluster.asRoot ? ", as the postgres user" : ""}`);
  await assertPortFree(appPort, "FAULTS_PORT, FAULTS_DB_PORT");
  await assertPortFree(dbPort, "FAULTS_PORT, FAULTS_DB_PORT");
  await cluster.initialize();
  await cluster.start();
  await sql(cluster.serverUrl, "CREATE DATABASE faults");
  const databaseUrl = `postgresql://postgres@127.0.0.1:${dbPort}/faults`;
  app = await startFreshApp({
    prefix: "faults",
    port: appPort,
    databaseUrl,
    env: { TRUST_PROXY_HOPS: "1" },
    onStarting: ({ baseUrl }) =>
      console.log(`npm start on ${baseUrl} (migrations and demo content on first start; builds when ${process.env.NEXT_DIST_DIR || ".next"} is missing or stale)…`),
  });
  const run: FaultRun = { app, cluster, databaseUrl, clients, runId: randomBytes(3).toString("hex"), check };
  // A cold server loads each route on its first request: warm the contact route up first.
  const warmup = await Promise.all(Array.from({ length: clients * 2 }, () => postContact(run, "warmup", Date.now())));
  console.log(`Warm-up: ${JSON.stringify(countBy(warmup, label))}, max latency ${Math.max(...warmup.map((outcome) => outcome.ms))} ms`);

  await outagePhase(run);
  await sigtermPhase(run);

  console.log(`\nTotal time ${seconds(Date.now() - startedAt)}`);
  if (failures.length > 0) {
    console.log(`\n${failures.length} bar(s) failed:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
    printServerLog();
    return false;
  }
  console.log("\nEvery bar passed.");
  return true;
}

function printServerLog() {
  console.log("\nLast lines of the server's log:\n" + (app?.log() ?? "").split("\n").slice(-40).join("\n"));
}

runScript(main, {
  async cleanup() {
    // The whole process group: whatever is left under npm (serve.ts, Next) even when npm is gone.
    if (app?.signal("SIGTERM")) {
      await sleep(3_000);
      app.signal("SIGKILL");
    }
    await cluster?.remove();
  },
  onError(error) {
    console.error(error);
    printServerLog();
  },
  signals: ["SIGINT", "SIGTERM"],
});
