// The production app (`npm start`) on its own port and a fresh database, for the scripts that
// measure it: a new `<prefix>_<random>` database on DATABASE_URL's server (dropped by stop()),
// or, when DATABASE_URL is unset, the embedded PGlite in a temporary directory (removed by stop()).
// `npm start` migrates, seeds the demo content and builds when the sources changed.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createThrowawayDatabase } from "./throwaway-database";
import { waitForServer } from "./wait-for-server";

const START_TIMEOUT_MS = 10 * 60_000;

export interface FreshApp {
  baseUrl: string;
  /** A connection string to the app's database, for checks on what it stored. */
  databaseUrl: string;
  /** Where the data lives, for the log. */
  database: string;
  /** The server's last output (for a failure report). */
  log(): string;
  /** Stops the server (SIGINT, SIGKILL after 15 s) and removes the database. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startFreshApp(options: {
  prefix: string;
  port: number;
  embeddedDbPort: number;
  env?: Record<string, string>;
  /** Another app's database (a second instance): used as it is, and left in place by stop(). */
  sharedDatabaseUrl?: string;
}): Promise<FreshApp> {
  const serverUrl = options.sharedDatabaseUrl ? null : process.env.DATABASE_URL;
  const dbName = `${options.prefix}_${randomBytes(5).toString("hex")}`;
  const dataRoot = serverUrl || options.sharedDatabaseUrl ? null : mkdtempSync(path.join(tmpdir(), `${options.prefix}-pglite-`));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const database = serverUrl ? await createThrowawayDatabase(serverUrl, dbName) : null;
  const databaseUrl = options.sharedDatabaseUrl ?? database?.url ?? null;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    BILLING_SCHEDULE: "off",
    // A production server on DATABASE_URL refuses to start without one.
    AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("base64"),
    ...options.env,
  };
  if (dataRoot) {
    delete env.DATABASE_URL;
    env.EMBEDDED_DB_DIR = path.join(dataRoot, "pglite");
    env.EMBEDDED_DB_PORT = String(options.embeddedDbPort);
  } else {
    env.DATABASE_URL = databaseUrl!;
  }

  let log = "";
  let server: ChildProcess | null = null;
  const signal = (name: NodeJS.Signals) => {
    try {
      if (server?.pid) process.kill(-server.pid, name); // npm, tsx and Next: the whole group
    } catch {
      // already gone
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      signal("SIGINT");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (server.exitCode === null && server.signalCode === null) signal("SIGKILL");
    }
    if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
    await database?.drop().catch((error) => console.error(`No se pudo borrar la base ${dbName}:`, (error as Error).message));
  };

  try {
    server = spawn("npm", ["start"], { detached: true, stdio: ["ignore", "pipe", "pipe"], env });
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-200_000);
    };
    server.stdout!.on("data", keep);
    server.stderr!.on("data", keep);
    await waitForServer(server, baseUrl, START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${log.slice(-4000)}`);
  }
  return {
    baseUrl,
    databaseUrl: databaseUrl ?? `postgresql://postgres:postgres@127.0.0.1:${options.embeddedDbPort}/postgres?sslmode=disable`,
    database: options.sharedDatabaseUrl ? "la base compartida" : serverUrl ? `la base nueva ${dbName} (servidor de DATABASE_URL)` : "la base embebida (PGlite)",
    log: () => log,
    stop,
  };
}
