// The production app (`npm start`) on its own port, for the scripts that test or measure it. Its
// database is, by default, a fresh one: a new `<prefix>_<random>` database on DATABASE_URL's server
// (dropped by stop()), or, when DATABASE_URL is unset, the embedded PGlite in a temporary directory
// (removed by stop()); or the database a script names (`databaseUrl`), used as it is and left in
// place. `npm start` migrates, seeds the demo content and builds when the sources changed.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnGroup, type ProcessGroup } from "./process-group";
import { createThrowawayDatabase } from "./throwaway-database";
import { waitForServer } from "./wait-for-server";

/** Includes a build when there is none or it is stale. */
const START_TIMEOUT_MS = 10 * 60_000;

export interface FreshApp {
  baseUrl: string;
  /** A connection string to the app's database, for checks on what it stored. */
  databaseUrl: string;
  /** Where the data lives, for the log. */
  database: string;
  /** `npm start` itself, the leader of the app's process group. */
  child: ChildProcess;
  /** Signals every process of the app (npm, tsx, Next); false when none is left. */
  signal(name: NodeJS.Signals): boolean;
  /** The server's last output (for a failure report). */
  log(): string;
  /** Stops the server (SIGINT, SIGKILL after 15 s) and removes a fresh database. Safe to call twice. */
  stop(): Promise<void>;
}

export interface FreshAppOptions {
  port: number;
  /** A fresh database's name begins with it (`<prefix>_<random>`), and an embedded one's directory. */
  prefix: string;
  /** The embedded database's port when DATABASE_URL is unset (0: any free port). */
  embeddedDbPort?: number;
  /** A database to use as it is (another instance's, one the script prepared): left in place by stop(). */
  databaseUrl?: string;
  /** How the log names that database (default: "la base indicada"). */
  databaseLabel?: string;
  /** The build `npm start` serves (NEXT_DIST_DIR; default the environment's, else .next). */
  distDir?: string;
  /**
   * Added to the server's environment (after PORT, BILLING_SCHEDULE=off, SUNAT_SCHEDULE=off and a random AUTH_SECRET
   * when none is set, so each can be overridden); a variable set to undefined is removed.
   */
  env?: Record<string, string | undefined>;
  /** How many characters of the server's output log() keeps (default 200,000). */
  keepLog?: number;
  /** Called once the database is chosen, just before `npm start` is spawned (a script's opening line). */
  onStarting?(app: { baseUrl: string; database: string }): void;
}

export async function startFreshApp(options: FreshAppOptions): Promise<FreshApp> {
  const embeddedDbPort = options.embeddedDbPort ?? 0;
  const serverUrl = options.databaseUrl ? null : process.env.DATABASE_URL;
  const dbName = `${options.prefix}_${randomBytes(5).toString("hex")}`;
  const dataRoot = serverUrl || options.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), `${options.prefix}-pglite-`));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const throwaway = serverUrl ? await createThrowawayDatabase(serverUrl, dbName) : null;
  const databaseUrl = options.databaseUrl ?? throwaway?.url ?? `postgresql://postgres:postgres@127.0.0.1:${embeddedDbPort}/postgres?sslmode=disable`;
  const database = options.databaseUrl
    ? (options.databaseLabel ?? "la base indicada")
    : serverUrl
      ? `la base nueva ${dbName} (servidor de DATABASE_URL)`
      : "la base embebida (PGlite)";

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    // The daily billing run (a second process, a minute after start) is part of no test or measurement.
    BILLING_SCHEDULE: "off",
    // Nor is the periodic SUNAT send queue (documents are still sent right after they are issued).
    SUNAT_SCHEDULE: "off",
    // A production server on DATABASE_URL refuses to start without one.
    AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("base64"),
    ...(options.distDir ? { NEXT_DIST_DIR: options.distDir } : {}),
  };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  // The media library's files of this run (the seed's demo uploads, a test's own) in a folder of
  // its own, unless the caller chose a folder or an S3-compatible store.
  const mediaRoot = env.S3_ENDPOINT || options.env?.MEDIA_DIR ? null : mkdtempSync(path.join(tmpdir(), `${options.prefix}-media-`));
  if (mediaRoot) env.MEDIA_DIR = mediaRoot;
  if (dataRoot) {
    delete env.DATABASE_URL;
    env.EMBEDDED_DB_DIR = path.join(dataRoot, "pglite");
    env.EMBEDDED_DB_PORT = String(embeddedDbPort);
  } else {
    env.DATABASE_URL = databaseUrl;
  }

  let server: ProcessGroup | null = null;
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await server?.stop();
      if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
      if (mediaRoot) rmSync(mediaRoot, { recursive: true, force: true });
      await throwaway?.drop().catch((error) => console.error(`No se pudo borrar la base ${dbName}:`, (error as Error).message));
    })());

  try {
    options.onStarting?.({ baseUrl, database });
    server = spawnGroup("npm", ["start"], env, options.keepLog);
    await waitForServer(server.child, baseUrl, START_TIMEOUT_MS);
  } catch (error) {
    const log = server?.output() ?? "";
    await stop();
    throw new Error(`${(error as Error).message}\n${log.slice(-4000)}`);
  }
  const group = server;
  return { baseUrl, databaseUrl, database, child: group.child, signal: group.signal, log: group.output, stop };
}
