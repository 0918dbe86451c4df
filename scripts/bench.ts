// `npm run bench`: the production build on PostgreSQL with a large dataset,
// measured in one run with autocannon:
//   1. a fresh `bench_<random>` database on DATABASE_URL's server (dropped at the end): migrated,
//      the demo seed, then 100,000 contact messages, 10,000 users, 1,000 catalogue items, 50,000
//      invoices with their payments, 5,000 subscriptions, 20,000 tickets and 200,000 audit entries
//      added with set-based SQL (scripts/lib/bench-data.ts);
//   2. a production build of it with the reference pages (BENCH_REFERENCE_PAGES=1,
//      app/bench-reference/[kb]) into NEXT_DIST_DIR (default .next-bench), started with `npm start`
//      (TRUST_PROXY_HOPS=1), beside a bare Next app of the same version with pages of the same sizes
//      and no config (built once into .bench/, scripts/lib/bench/bare-next.ts) and a bare Node
//      `http` server answering the same bytes;
//   3. every public page and variant (a sample unless --all-variants), each against the bare Next
//      page and the in-app reference page nearest its size (rounds taking the three in turn), and
//      the bare Node server; the bare Next page against itself (the run's spread); the public API,
//      the admin inbox list, filter and search on 100,000 messages, and the contact POST (one
//      address per request);
//   4. every /admin and /client screen and every admin list API with its heaviest filter, search
//      and sort, one request at a time as one signed-in user, p50/p95 against GET /api/v1/auth/me
//      in the same rounds, beside two floors: the empty admin screen and the bare Next app's dynamic
//      page (scripts/lib/bench/signed-in.ts);
//   5. with --front, the public pages through the caching reverse proxy too.
// --public-only skips step 4, --signed-in-only step 3; BENCH_PAGES=/nosotros,/productos measures only
// the public pages whose path contains one of those texts.
// The steps are modules of scripts/lib/bench/ (prepare, bare-next, pages, apis, signed-in, report).
// Prints the table and PASS/FAIL on the bars (home ≤ 80 kB; page ÷ bare Next ≥ 0.9; page ÷
// reference ≥ 0.9; through the front ÷ bare Node ≥ 0.5), writes a JSON file and exits 1 when a bar
// fails (not with --no-fail); the signed-in bars: every p95 ≤ 3 × /auth/me's, the sitemap panel's ≤ 300 ms.
//
// BENCH_PORT (3450; the bare server uses +1, the front +2, the bare Next +3, the bare Next without ETag +4), BENCH_CONNECTIONS
// (50), BENCH_DURATION (seconds per target, 3), BENCH_WARMUP (seconds, 1), BENCH_ROUNDS
// (page/floor/reference rounds per public page, 3), BENCH_SIGNED_IN_ROUNDS (measured rounds over
// the signed-in targets, 60), BENCH_PAGES (see above), BENCH_OUTPUT (JSON path),
// BENCH_SKIP_BUILD=1 (reuse NEXT_DIST_DIR's build), BENCH_FRONT_URL (--front against a running front).
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBareServer, type BareServer } from "./lib/bench-bare";
import { waitUntilIdle, type LoadOptions } from "./lib/bench-measure";
import { measureApis } from "./lib/bench/apis";
import { startBareNext, type BareNext } from "./lib/bench/bare-next";
import { measureFloorSpread, measurePages, readReferences } from "./lib/bench/pages";
import { buildApp, prepareDatabase } from "./lib/bench/prepare";
import { measureSignedIn } from "./lib/bench/signed-in";
import { DEVELOPMENT_DEFAULTS } from "../prisma/seed-data/users";
import { BARS, report } from "./lib/bench/report";
import type { BenchRun } from "./lib/bench/run";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { startFront } from "./lib/nginx-front";
import { stopAllGroups } from "./lib/process-group";

const OPTIONS = ["--no-fail", "--front", "--all-variants", "--public-only", "--signed-in-only"];
const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((arg) => !OPTIONS.includes(arg));
if (unknown.length > 0 || (args.has("--public-only") && args.has("--signed-in-only"))) {
  console.error(`Opciones desconocidas o incompatibles: ${[...args].join(" ")} (válidas: ${OPTIONS.join(", ")}; --public-only y --signed-in-only se excluyen)`);
  process.exit(2);
}
const flags = {
  noFail: args.has("--no-fail"),
  front: args.has("--front"),
  allVariants: args.has("--all-variants"),
  /** Only the public pages and API (no signed-in screens), or only the signed-in screens and lists. */
  publicPart: !args.has("--signed-in-only"),
  signedInPart: !args.has("--public-only"),
};
/** BENCH_PAGES: only the public pages whose path contains one of these comma-separated texts. */
const pageFilter = (process.env.BENCH_PAGES ?? "").split(",").map((text) => text.trim()).filter(Boolean);

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name} debe ser un número positivo (recibido: ${raw})`);
    process.exit(2);
  }
  return value;
}

const appPort = positiveNumber("BENCH_PORT", 3450);
const barePort = appPort + 1;
const frontPort = appPort + 2;
const bareNextPort = appPort + 3;
const bareNextWithoutEtagPort = appPort + 4;
/** Rounds of page, floor and reference per public page (each ratio is the median of the rounds' ratios). */
const ROUNDS = Math.max(1, Math.round(positiveNumber("BENCH_ROUNDS", 3)));
/** Measured rounds over the signed-in targets (each one request per target, after 5 warm-up rounds). */
const SIGNED_IN_ROUNDS = Math.max(20, Math.round(positiveNumber("BENCH_SIGNED_IN_ROUNDS", 60)));
const load: LoadOptions = {
  connections: positiveNumber("BENCH_CONNECTIONS", 50),
  duration: positiveNumber("BENCH_DURATION", 3),
  warmup: positiveNumber("BENCH_WARMUP", 1),
  // Every target starts on an idle app: what an abandoned run left queued is not charged to the next one.
  settle: () => waitUntilIdle(`http://127.0.0.1:${appPort}/bench-reference/10`),
};
const distDir = process.env.NEXT_DIST_DIR || ".next-bench";
const skipBuild = process.env.BENCH_SKIP_BUILD === "1";
const baseUrl = `http://127.0.0.1:${appPort}`;
const authSecret = process.env.AUTH_SECRET || randomBytes(32).toString("base64");
const startedAt = new Date();
const outputPath = path.resolve(process.env.BENCH_OUTPUT || path.join(".bench", `bench-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`));

const log = (message: string) => console.log(`[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** Targets that could not be measured at all (the server refused or went away): each fails the run. */
const failures: BenchRun["failures"] = [];

/**
 * Where `--front` measures: the caching reverse proxy in front of the app.
 * Debian's nginx with the repo's template (scripts/lib/nginx-front.ts), or a front already running
 * at BENCH_FRONT_URL (e.g. the docker-compose one).
 */
async function startFrontForBench(upstream: string): Promise<{ url: string; stop(): Promise<void> }> {
  const running = process.env.BENCH_FRONT_URL;
  if (running) return { url: running.replace(/\/$/, ""), stop: async () => {} };
  return startFront({ upstreams: [new URL(upstream).host], port: frontPort });
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error("npm run bench necesita DATABASE_URL: un servidor PostgreSQL en el que crear (y borrar) su base desechable.");
    process.exit(2);
  }
  const loadBefore = os.loadavg();
  let database: Awaited<ReturnType<typeof prepareDatabase>>["database"] | null = null;
  let app: FreshApp | null = null;
  let bare: BareServer | null = null;
  let bareNext: BareNext | null = null;
  let bareNextWithoutEtag: BareNext | null = null;
  let front: { url: string; stop(): Promise<void> } | null = null;
  let failed = false;
  let crashed = false;
  const cleanup = async () => {
    await front?.stop().catch(() => undefined);
    await bare?.stop().catch(() => undefined);
    await bareNext?.stop().catch(() => undefined);
    await bareNextWithoutEtag?.stop().catch(() => undefined);
    await app?.stop();
    await stopAllGroups();
    if (database) await database.drop().catch((error) => console.error(`No se pudo borrar la base ${database!.name}:`, error));
  };
  const run: BenchRun = { baseUrl, load, rounds: ROUNDS, allVariants: flags.allVariants, log, failures };
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    console.error("\nInterrumpido: deteniendo servidores y borrando la base…");
    void cleanup().finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    bareNext = await startBareNext(bareNextPort, log);
    if (flags.publicPart) bareNextWithoutEtag = await startBareNext(bareNextWithoutEtagPort, log, { etags: false });
    const prepared = await prepareDatabase(serverUrl, log);
    database = prepared.database;
    await buildApp({ distDir, skipBuild, databaseUrl: database.url, authSecret, log });
    log(`npm start en ${baseUrl}…`);
    app = await startFreshApp({
      prefix: "bench",
      port: appPort,
      databaseUrl: database.url,
      distDir,
      env: { BENCH_REFERENCE_PAGES: "1", TRUST_PROXY_HOPS: "1", AUTH_SECRET: authSecret, SMTP_URL: "" },
      keepLog: 60_000,
    });
    const references = await readReferences(run);
    bare = await startBareServer(barePort);
    if (flags.front) front = await startFrontForBench(baseUrl);
    const pages = bareNextWithoutEtag ? await measurePages(run, { bare, bareNext, bareNextWithoutEtag, references }, front?.url ?? null, pageFilter) : [];
    const spreads = pages.length > 0 ? await measureFloorSpread(run, bareNext, pages) : [];
    const apis = flags.publicPart ? await measureApis(run) : [];
    const signedIn = !flags.signedInPart ? [] : await measureSignedIn(run, {
      databaseUrl: database.url,
      authSecret,
      adminEmail: process.env.ADMIN_EMAIL || DEVELOPMENT_DEFAULTS.ADMIN_EMAIL,
      clientEmail: process.env.CLIENT_EMAIL || DEVELOPMENT_DEFAULTS.CLIENT_EMAIL,
      rounds: SIGNED_IN_ROUNDS,
      warmup: 5,
      bareNextUrl: bareNext.url,
    });
    const checks = report(run, pages, spreads, apis, signedIn);
    failed = checks.some((check) => !check.pass);

    mkdirSync(path.dirname(outputPath), { recursive: true });
    writeFileSync(
      outputPath,
      JSON.stringify(
        {
          started_at: startedAt.toISOString(),
          finished_at: new Date().toISOString(),
          machine: { cpus: os.cpus().length, node: process.version, loadavg_before: loadBefore, loadavg_after: os.loadavg() },
          options: { ...load, all_variants: flags.allVariants, front: front?.url ?? null, dist_dir: distDir },
          dataset: prepared.counts,
          bars: BARS,
          references,
          bare_next: { next_version: bareNext.version, pages: bareNext.references, spread: spreads, without_etag_pages: bareNextWithoutEtag?.references ?? null },
          pages,
          apis,
          signed_in: signedIn,
          checks,
          failures,
        },
        null,
        2,
      ),
    );
    console.log(`\nResultados en ${path.relative(process.cwd(), outputPath)}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    crashed = true;
  } finally {
    await cleanup();
  }
  process.exit(crashed || (failed && !flags.noFail) ? 1 : 0);
}

void main();
