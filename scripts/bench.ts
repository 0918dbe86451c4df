// `npm run bench` (issue 11 point 4): the production build on PostgreSQL with a large dataset,
// measured in one run with autocannon:
//   1. a fresh `bench_<random>` database on DATABASE_URL's server (dropped at the end): migrated,
//      the demo seed, then 100,000 contact messages, 10,000 users, 1,000 catalogue items and
//      50,000 invoices added with set-based SQL (scripts/lib/bench-data.ts);
//   2. a production build of it with the reference pages (BENCH_REFERENCE_PAGES=1,
//      app/bench-reference/[kb]) into NEXT_DIST_DIR (default .next-bench), started with `npm start`
//      (TRUST_PROXY_HOPS=1), beside a bare Node `http` server answering the same bytes;
//   3. every public page and variant (a sample unless --all-variants), each against the reference
//      page nearest its size and the bare server, the public API, the admin inbox list, filter and
//      search on 100,000 messages, and the contact POST (one address per request);
//   4. with --front, the public pages through the caching reverse proxy too.
// Prints the table and PASS/FAIL on the bars (home ≤ 80 kB; page ÷ reference ≥ 0.9; through the
// front ÷ bare Node ≥ 0.5), writes a JSON file and exits 1 when a bar fails (not with --no-fail).
//
// BENCH_PORT (3450; the bare server uses +1, the front +2), BENCH_CONNECTIONS (50),
// BENCH_DURATION (seconds per target, 3), BENCH_WARMUP (seconds, 1), BENCH_ROUNDS (page/reference
// rounds per public page, 5), BENCH_OUTPUT (JSON path),
// BENCH_SKIP_BUILD=1 (reuse NEXT_DIST_DIR's build), BENCH_FRONT_URL (--front against a running front).
import "./lib/load-env";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "../lib/catalog/categories";
import { BENCH_REFERENCE_SIZES_KB } from "../lib/bench/reference-pages";
import { createPrismaClient } from "../lib/db";
import { median } from "../lib/stats";
import { deployMigrations } from "../prisma/migrate";
import { seedDatabase } from "../prisma/seed";
import { DEVELOPMENT_DEFAULTS } from "../prisma/seed-data/users";
import { startBareServer, type BareServer } from "./lib/bench-bare";
import { insertCatalogItems, insertContactMessages, insertInvoices, insertUsers } from "./lib/bench-data";
import { addCompileHints } from "./lib/compile-hints";
import { fetchRaw, measure, waitUntilIdle, type LoadOptions, type Measurement } from "./lib/bench-measure";
import { ADMIN_INBOX_PATHS, PUBLIC_API_PATHS, publicPages } from "./lib/bench-targets";
import { startFront } from "./lib/nginx-front";
import { createThrowawayDatabase } from "./lib/throwaway-database";
import { waitForServer } from "./lib/wait-for-server";

const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((arg) => !["--no-fail", "--front", "--all-variants"].includes(arg));
if (unknown.length > 0) {
  console.error(`Opciones desconocidas: ${unknown.join(" ")} (válidas: --no-fail, --front, --all-variants)`);
  process.exit(2);
}
const flags = { noFail: args.has("--no-fail"), front: args.has("--front"), allVariants: args.has("--all-variants") };

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

const DATASET = { contactMessages: 100_000, users: 10_000, catalogItems: 1_000, invoices: 50_000 };
const BARS = { homeMaxBytes: 80 * 1024, minReferenceRatio: 0.9, minFrontRatio: 0.5 };
const appPort = positiveNumber("BENCH_PORT", 3450);
const barePort = appPort + 1;
const frontPort = appPort + 2;
/** Rounds of page-then-reference per public page (its ratio is the median of the rounds' ratios). */
const ROUNDS = Math.max(1, Math.round(positiveNumber("BENCH_ROUNDS", 5)));
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

// ── Processes ──
const children: ChildProcess[] = [];
function spawnLogged(command: string, commandArgs: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, commandArgs, { detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  children.push(child);
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-60_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return { child, output: () => output };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal("SIGINT");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) signal("SIGKILL");
}

function exitCode(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

// ── 1. The database ──
async function prepareDatabase(serverUrl: string) {
  const database = await createThrowawayDatabase(serverUrl, `bench_${randomBytes(4).toString("hex")}`);
  log(`base desechable ${database.name}: migraciones y contenido de demostración…`);
  await deployMigrations(database.url, { log: () => {} });
  const prisma = createPrismaClient(database.url);
  try {
    await seedDatabase(prisma);
  } finally {
    await prisma.$disconnect();
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const steps: [string, () => Promise<void>][] = [
      [`${DATASET.users.toLocaleString("es-PE")} usuarios`, () => insertUsers(client, DATASET.users)],
      [`${DATASET.catalogItems.toLocaleString("es-PE")} productos y servicios`, () => insertCatalogItems(client, DATASET.catalogItems, { product: PRODUCT_CATEGORIES, service: SERVICE_CATEGORIES })],
      [`${DATASET.invoices.toLocaleString("es-PE")} facturas con sus líneas y pagos`, () => insertInvoices(client, DATASET.invoices, DATASET.users)],
      [`${DATASET.contactMessages.toLocaleString("es-PE")} mensajes de contacto`, () => insertContactMessages(client, DATASET.contactMessages)],
      ["VACUUM ANALYZE", async () => void (await client.query("VACUUM ANALYZE"))],
    ];
    for (const [label, step] of steps) {
      const started = Date.now();
      await step();
      log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const { rows } = await client.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM contact_messages) AS contact_messages, (SELECT count(*)::int FROM users) AS users,
              (SELECT count(*)::int FROM catalog_items) AS catalog_items, (SELECT count(*)::int FROM invoices) AS invoices,
              (SELECT count(*)::int FROM invoice_lines) AS invoice_lines, (SELECT count(*)::int FROM payments) AS payments`,
    );
    return { database, counts: rows[0] };
  } finally {
    await client.end();
  }
}

// ── 2. Build and start ──
async function build(databaseUrl: string) {
  if (skipBuild) {
    if (!existsSync(path.join(distDir, "BUILD_ID"))) throw new Error(`BENCH_SKIP_BUILD=1 pero no hay compilación en ${distDir}`);
    log(`se reutiliza la compilación de ${distDir} (BENCH_SKIP_BUILD=1)`);
    return;
  }
  log(`next build en ${distDir} con las páginas de referencia…`);
  // Next's data cache (unstable_cache) outlives a build in <distDir>/cache/fetch-cache, and a build
  // reads it before the database: the pages would be pre-rendered with a previous database's rows.
  rmSync(path.join(distDir, "cache", "fetch-cache"), { recursive: true, force: true });
  const started = Date.now();
  const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
  const tsconfig = { text: readFileSync("tsconfig.json", "utf8"), stat: statSync("tsconfig.json") };
  const run = spawnLogged(process.execPath, [nextBin, "build"], {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: distDir,
    BENCH_REFERENCE_PAGES: "1",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: authSecret,
  });
  const code = await exitCode(run.child).finally(() => {
    // next build adds its output folder's types to tsconfig.json: the bench leaves the checkout as it found it.
    // Its old mtime too, or `npm start` would see a source newer than the build and build again.
    if (readFileSync("tsconfig.json", "utf8") !== tsconfig.text) {
      writeFileSync("tsconfig.json", tsconfig.text);
      utimesSync("tsconfig.json", tsconfig.stat.atime, tsconfig.stat.mtime);
    }
  });
  if (code !== 0) throw new Error(`next build falló (código ${code}):\n${run.output().split("\n").slice(-40).join("\n")}`);
  addCompileHints(distDir);
  log(`compilado en ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function startApp(databaseUrl: string) {
  const app = spawnLogged("npm", ["start"], {
    ...process.env,
    PORT: String(appPort),
    DATABASE_URL: databaseUrl,
    NEXT_DIST_DIR: distDir,
    BENCH_REFERENCE_PAGES: "1",
    TRUST_PROXY_HOPS: "1",
    BILLING_SCHEDULE: "off",
    AUTH_SECRET: authSecret,
    SMTP_URL: "",
  });
  try {
    await waitForServer(app.child, baseUrl, 10 * 60_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${app.output().split("\n").slice(-30).join("\n")}`);
  }
  return app;
}

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

// ── 3. Measuring ──
type Reference = { kb: number; path: string; bytes: number };
type PageResult = {
  route: string;
  path: string;
  bytes: number;
  page: Measurement;
  reference: Reference & { result: Measurement };
  bare: Measurement;
  front?: Measurement;
  ratioReference: number;
  ratioBare: number;
  ratioFrontBare?: number;
  /** Rounds that first waited for the page's background regeneration (see waitUntilFresh). */
  regenerations: number;
};
type ApiResult = { kind: "api" | "admin" | "contact"; name: string; path: string; bytes: number | null; result: Measurement; status429?: number };

/** NaN when either side completed nothing: no figure, and a failed bar. */
const ratio = (a: number, b: number) => (a > 0 && b > 0 ? a / b : Number.NaN);

/** The run of median req/s, carrying the errors, timeouts and non-2xx answers of all the runs. */
function medianRun(runs: Measurement[]): Measurement {
  const byRps = [...runs].sort((a, b) => a.rps - b.rps);
  const chosen = byRps[Math.floor((byRps.length - 1) / 2)];
  const sum = (key: "errors" | "timeouts" | "non2xx") => runs.reduce((total, run) => total + run[key], 0);
  return { ...chosen, errors: sum("errors"), timeouts: sum("timeouts"), non2xx: sum("non2xx") };
}
const errorCount = (m: Measurement) => m.errors + m.timeouts + m.non2xx;

async function readReferences(): Promise<Reference[]> {
  const references: Reference[] = [];
  for (const kb of BENCH_REFERENCE_SIZES_KB) {
    const pathname = `/bench-reference/${kb}`;
    const page = await fetchRaw(`${baseUrl}${pathname}`);
    if (page.status !== 200) throw new Error(`${pathname} respondió ${page.status}: ¿compilación sin BENCH_REFERENCE_PAGES=1?`);
    references.push({ kb, path: pathname, bytes: page.body.length });
  }
  return references;
}

function nearest(references: Reference[], bytes: number): Reference {
  return references.reduce((best, reference) => (Math.abs(reference.bytes - bytes) < Math.abs(best.bytes - bytes) ? reference : best));
}

async function discover() {
  const json = async <T>(pathname: string) => (await (await fetch(`${baseUrl}${pathname}`)).json()) as T;
  const sectors = await json<{ data: { slug: string }[] }>("/api/v1/sectors");
  const products = await json<{ data: { slug: string }[] }>("/api/v1/products");
  const services = await json<{ data: { slug: string }[] }>("/api/v1/services");
  // The demo content comes first in the catalogue's order; the bench rows after it.
  const firstSlug = (items: { slug: string }[], label: string) => {
    const item = items.find((entry) => !entry.slug.startsWith("bench-")) ?? items[0];
    if (!item) throw new Error(`No hay ${label} públicos para medir su detalle`);
    return item.slug;
  };
  return {
    sectorSlugs: sectors.data.map((sector) => sector.slug),
    productSlug: firstSlug(products.data, "productos"),
    serviceSlug: firstSlug(services.data, "servicios"),
  };
}

/** Targets that could not be measured at all (the server refused or went away): each fails the run. */
const failures: { target: string; error: string }[] = [];

/**
 * A public page is regenerated in the background once its `revalidate` (an hour; /contacto five
 * minutes) has passed: the first request after that gets the stale copy and starts one render.
 * That render, once per revalidate period in production, would be charged to a 3-second run. So
 * each round starts on a fresh entry: a page Next answers STALE is requested until its new copy
 * is served. Returns whether it had to wait (counted and printed).
 */
async function waitUntilFresh(url: string): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  let waited = false;
  for (;;) {
    const page = await fetchRaw(url);
    if (page.headers.get("x-nextjs-cache") !== "STALE") return waited;
    if (Date.now() > deadline) throw new Error("la regeneración en segundo plano no terminó en 2 minutos");
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Heavy pages (the bench's unpaged lists of 1,000 items weigh megabytes) are served at a few dozen
 * requests per second: 50 connections would keep two seconds of requests in flight, and what a
 * short run cuts off at its end would weigh more than the difference being measured. For them,
 * the page and its reference alike run on 10 connections (still more than one Next process
 * serves at once) for at least 5 seconds.
 */
const HEAVY_PAGE_BYTES = 300_000;
const heavyLoad: LoadOptions = { ...load, connections: Math.min(load.connections, 10), duration: Math.max(load.duration, 5) };

async function measurePage(bare: BareServer, references: Reference[], frontUrl: string | null, route: string, pathname: string): Promise<PageResult> {
  const raw = await fetchRaw(`${baseUrl}${pathname}`);
  if (raw.status !== 200) throw new Error(`respondió ${raw.status} antes de medir`);
  await bare.serve(pathname, raw);
  const reference = nearest(references, raw.body.length);
  // The page and its reference are measured back to back ROUNDS times and the ratio is the median
  // of the rounds' ratios: a slow moment of this 2-core machine then hits one round of both.
  const pageRuns: Measurement[] = [];
  const referenceRuns: Measurement[] = [];
  let regenerations = 0;
  const pageLoad = raw.body.length > HEAVY_PAGE_BYTES ? heavyLoad : load;
  for (let round = 0; round < ROUNDS; round += 1) {
    const options = { ...pageLoad, warmup: round === 0 ? pageLoad.warmup : 0 };
    if (await waitUntilFresh(`${baseUrl}${pathname}`)) regenerations += 1;
    // Which goes first alternates: a machine slowing down (or speeding up) through a round does
    // not always favour the same side.
    const measurePageRun = async () => pageRuns.push(await measure({ url: `${baseUrl}${pathname}` }, options));
    const measureReferenceRun = async () => referenceRuns.push(await measure({ url: `${baseUrl}${reference.path}` }, options));
    if (round % 2 === 0) {
      await measurePageRun();
      await measureReferenceRun();
    } else {
      await measureReferenceRun();
      await measurePageRun();
    }
  }
  const page = medianRun(pageRuns);
  const referenceResult = medianRun(referenceRuns);
  const bareResult = await measure({ url: `${bare.url}${pathname}` }, load);
  const front = frontUrl ? await measure({ url: `${frontUrl}${pathname}` }, load) : undefined;
  return {
    route,
    path: pathname,
    bytes: raw.body.length,
    page,
    reference: { ...reference, result: referenceResult },
    bare: bareResult,
    front,
    ratioReference: median(pageRuns.map((run, round) => ratio(run.rps, referenceRuns[round].rps))),
    ratioBare: ratio(page.rps, bareResult.rps),
    ratioFrontBare: front ? ratio(front.rps, bareResult.rps) : undefined,
    regenerations,
  };
}

async function measurePages(bare: BareServer, references: Reference[], frontUrl: string | null): Promise<PageResult[]> {
  const pages = publicPages({ all: flags.allVariants, ...(await discover()) });
  log(`${pages.length} páginas públicas${flags.allVariants ? " (todas las variantes)" : " (muestra: cada ruta, un valor por parámetro, todas las pestañas; --all-variants para todas)"}`);
  const results: PageResult[] = [];
  for (const [index, { route, path: pathname }] of pages.entries()) {
    try {
      const result = await measurePage(bare, references, frontUrl, route, pathname);
      results.push(result);
      log(`${index + 1}/${pages.length} ${pathname}: ${(result.bytes / 1024).toFixed(0)} kB, ${result.page.rps.toFixed(0)} req/s, ÷ ref ${fmt.ratio(result.ratioReference)}, ÷ node ${fmt.ratio(result.ratioBare, 3)}${result.front ? `, proxy ÷ node ${fmt.ratio(result.ratioFrontBare!)}` : ""}${result.regenerations ? ` (esperó ${result.regenerations} regeneración(es) en segundo plano antes de medir)` : ""}`);
    } catch (error) {
      // One page that cannot be measured is a failure of the run, not the end of it.
      failures.push({ target: pathname, error: (error as Error).message });
      log(`${index + 1}/${pages.length} ${pathname}: ERROR ${(error as Error).message}`);
    }
  }
  return results;
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.1" },
    body: JSON.stringify({
      email: process.env.ADMIN_EMAIL || DEVELOPMENT_DEFAULTS.ADMIN_EMAIL,
      password: process.env.ADMIN_PASSWORD || DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string };
  if (!body.token) throw new Error(`No se pudo iniciar sesión como administrador (${response.status})`);
  return body.token;
}

async function measureApis(): Promise<ApiResult[]> {
  const results: ApiResult[] = [];
  const attempt = async (name: string, step: () => Promise<ApiResult>) => {
    try {
      results.push(await step());
      log(`${name}: ${results.at(-1)!.result.rps.toFixed(0)} req/s`);
    } catch (error) {
      failures.push({ target: name, error: (error as Error).message });
      log(`${name}: ERROR ${(error as Error).message}`);
    }
  };
  for (const pathname of PUBLIC_API_PATHS) {
    await attempt(pathname, async () => {
      const raw = await fetchRaw(`${baseUrl}${pathname}`);
      if (raw.status !== 200) throw new Error(`respondió ${raw.status} antes de medir`);
      return { kind: "api", name: pathname, path: pathname, bytes: raw.body.length, result: await measure({ url: `${baseUrl}${pathname}` }, load) };
    });
  }
  let headers: Record<string, string> | null = null;
  try {
    headers = { authorization: `Bearer ${await adminToken()}` };
  } catch (error) {
    failures.push({ target: "bandeja de administración", error: (error as Error).message });
  }
  for (const { name, path: pathname } of headers ? ADMIN_INBOX_PATHS : []) {
    await attempt(name, async () => {
      const raw = await fetchRaw(`${baseUrl}${pathname}`, headers!);
      if (raw.status !== 200) throw new Error(`respondió ${raw.status} antes de medir`);
      return { kind: "admin", name, path: pathname, bytes: raw.body.length, result: await measure({ url: `${baseUrl}${pathname}`, headers: headers! }, load) };
    });
  }
  // Contact POST: a new documentation-range /64 per request (the limits count IPv6 by /64; TRUST_PROXY_HOPS=1), so the
  // per-address rate limit is not what is measured; any 429 is reported on its own.
  let sent = 0;
  const runId = randomBytes(3).toString("hex");
  await attempt("POST /api/v1/contact", async () => {
    const contact = await measure(
      {
        url: `${baseUrl}/api/v1/contact`,
        setupRequest: () => {
          sent += 1;
          return {
            method: "POST",
            path: "/api/v1/contact",
            headers: { "content-type": "application/json", "x-forwarded-for": `2001:db8:${(sent >> 16) & 0xffff}:${sent & 0xffff}::1` },
            body: JSON.stringify({ name: "Prueba de rendimiento", email: `bench+${sent}@example.com`, subject: `bench-${runId}-${sent}`, message: "Mensaje de la prueba de rendimiento." }),
          };
        },
      },
      load,
    );
    return { kind: "contact", name: "POST /api/v1/contact", path: "/api/v1/contact", bytes: null, result: contact, status429: contact.statuses["429"] ?? 0 };
  });
  return results;
}

// ── 4. Report ──
function table(headers: string[], rows: string[][]) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  return [line(headers), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

const fmt = {
  rps: (value: number) => value.toFixed(0),
  ms: (value: number) => value.toFixed(0),
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`,
  ratio: (value: number, digits = 2) => (Number.isNaN(value) ? "—" : value.toFixed(digits)),
  errors: (m: Measurement) => `${m.errors + m.timeouts}/${m.non2xx}`,
};

function report(pages: PageResult[], apis: ApiResult[]) {
  const withFront = pages.some((page) => page.front);
  const pageHeaders = ["página", "bytes", "req/s", "p50 ms", "p99 ms", "err/no-2xx", "ref", "ref req/s", "÷ ref", "node req/s", "÷ node", ...(withFront ? ["proxy req/s", "proxy ÷ node"] : [])];
  const pageRows = pages.map((page) => [
    page.path,
    fmt.kb(page.bytes),
    fmt.rps(page.page.rps),
    fmt.ms(page.page.p50),
    fmt.ms(page.page.p99),
    fmt.errors(page.page),
    `${page.reference.kb} kB`,
    fmt.rps(page.reference.result.rps),
    fmt.ratio(page.ratioReference),
    fmt.rps(page.bare.rps),
    fmt.ratio(page.ratioBare, 3),
    ...(page.front ? [fmt.rps(page.front.rps), fmt.ratio(page.ratioFrontBare!)] : withFront ? ["", ""] : []),
  ]);
  console.log(`\nPáginas públicas (${load.connections} conexiones, ${load.duration} s por destino tras ${load.warmup} s de calentamiento; ref = página pre-renderizada de Next de tamaño más cercano; node = servidor http mínimo con los mismos bytes y cabeceras):\n`);
  console.log(table(pageHeaders, pageRows));
  console.log("\nAPI pública, bandeja de administración y formulario de contacto:\n");
  console.log(
    table(
      ["destino", "bytes", "req/s", "p50 ms", "p99 ms", "err/no-2xx", "429"],
      apis.map((api) => [api.name, api.bytes === null ? "—" : fmt.kb(api.bytes), fmt.rps(api.result.rps), fmt.ms(api.result.p50), fmt.ms(api.result.p99), fmt.errors(api.result), api.status429 === undefined ? "—" : String(api.status429)]),
    ),
  );

  const checks: { name: string; pass: boolean; detail: string }[] = [];
  const home = pages.find((page) => page.path === "/");
  if (home) checks.push({ name: "inicio ≤ 80 kB", pass: home.bytes <= BARS.homeMaxBytes, detail: `${home.bytes.toLocaleString("es-PE")} bytes` });
  const slowPages = pages.filter((page) => !(page.ratioReference >= BARS.minReferenceRatio));
  checks.push({
    name: `cada página ÷ referencia ≥ ${BARS.minReferenceRatio}`,
    pass: slowPages.length === 0,
    detail: slowPages.length === 0 ? `${pages.length} de ${pages.length}` : `no cumplen ${slowPages.length} de ${pages.length}: ${slowPages.map((page) => `${page.path} ${fmt.ratio(page.ratioReference)}`).join(", ")}`,
  });
  const largest = Math.max(...BENCH_REFERENCE_SIZES_KB) * 1024;
  const beyond = pages.filter((page) => page.bytes > largest * 1.1);
  if (beyond.length > 0) console.log(`\nAviso: más grandes que la mayor referencia (${Math.max(...BENCH_REFERENCE_SIZES_KB)} kB): ${beyond.map((page) => page.path).join(", ")}`);
  if (withFront) {
    const slowFront = pages.filter((page) => !((page.ratioFrontBare ?? 0) >= BARS.minFrontRatio));
    checks.push({ name: `proxy ÷ node ≥ ${BARS.minFrontRatio}`, pass: slowFront.length === 0, detail: slowFront.length === 0 ? `${pages.length} de ${pages.length}` : `no cumplen: ${slowFront.map((page) => `${page.path} ${fmt.ratio(page.ratioFrontBare!)}`).join(", ")}` });
  }
  const failing = [...pages.flatMap((page) => [page.page, page.reference.result, page.bare, ...(page.front ? [page.front] : [])]), ...apis.filter((api) => api.kind !== "contact").map((api) => api.result)].filter((m) => errorCount(m) > 0);
  const contact = apis.find((api) => api.kind === "contact");
  const contactErrors = contact ? contact.result.errors + contact.result.timeouts + contact.result.non2xx - (contact.status429 ?? 0) : 0;
  checks.push({
    name: "sin errores ni respuestas no 2xx",
    pass: failing.length === 0 && contactErrors === 0,
    detail: failing.length === 0 && contactErrors === 0 ? "ninguno" : [...failing.map((m) => `${m.url} ${JSON.stringify(m.statuses)} errores ${m.errors} timeouts ${m.timeouts}`), ...(contact && contactErrors > 0 ? [`contacto ${JSON.stringify(contact.result.statuses)}`] : [])].join("; "),
  });
  checks.push({ name: "todos los destinos medidos", pass: failures.length === 0, detail: failures.length === 0 ? "sí" : failures.map((failure) => `${failure.target}: ${failure.error}`).join("; ") });
  console.log("");
  for (const check of checks) console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.detail}`);
  if (contact && (contact.status429 ?? 0) > 0) console.log(`Aviso: el POST de contacto recibió ${contact.status429} respuestas 429 (límite por dirección).`);
  return checks;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error("npm run bench necesita DATABASE_URL: un servidor PostgreSQL en el que crear (y borrar) su base desechable.");
    process.exit(2);
  }
  const loadBefore = os.loadavg();
  let database: Awaited<ReturnType<typeof prepareDatabase>>["database"] | null = null;
  let app: ReturnType<typeof spawnLogged> | null = null;
  let bare: BareServer | null = null;
  let front: { url: string; stop(): Promise<void> } | null = null;
  let failed = false;
  let crashed = false;
  const cleanup = async () => {
    await front?.stop().catch(() => undefined);
    await bare?.stop().catch(() => undefined);
    if (app) await stopChild(app.child);
    for (const child of children) await stopChild(child);
    if (database) await database.drop().catch((error) => console.error(`No se pudo borrar la base ${database!.name}:`, error));
  };
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
    const prepared = await prepareDatabase(serverUrl);
    database = prepared.database;
    await build(database.url);
    log(`npm start en ${baseUrl}…`);
    app = await startApp(database.url);
    const references = await readReferences();
    bare = await startBareServer(barePort);
    if (flags.front) front = await startFrontForBench(baseUrl);
    const pages = await measurePages(bare, references, front?.url ?? null);
    const apis = await measureApis();
    const checks = report(pages, apis);
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
          pages,
          apis,
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
