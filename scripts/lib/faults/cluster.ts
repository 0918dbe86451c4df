// A PostgreSQL cluster of its own for `npm run test:faults`: initdb in a temporary directory,
// loopback only, trust authentication; stopped and started again at will (the outage). As root,
// initdb and postgres refuse to run: the cluster then belongs to the postgres user.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/** PG_BIN, else `pg_config --bindir`, else the newest /usr/lib/postgresql/<version>/bin. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromConfig.status === 0 && existsSync(path.join(fromConfig.stdout.trim(), "initdb"))) return fromConfig.stdout.trim();
  const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).find((dir) => existsSync(path.join(dir, "initdb")));
  if (!found) throw new Error("No se encontró PostgreSQL (initdb). Instálelo (apt-get install postgresql) o defina PG_BIN.");
  return found;
}

export interface PostgresCluster {
  bin: string;
  dir: string;
  asRoot: boolean;
  /** The cluster's own `postgres` database (to create others). */
  serverUrl: string;
  initialize(): Promise<void>;
  start(): Promise<void>;
  /** A fast shutdown: open sessions are terminated (57P01), new connections refused. */
  stop(): Promise<void>;
  /** Stops it when it runs and removes its directory. */
  remove(): Promise<void>;
}

export function createCluster(port: number): PostgresCluster {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), "faults-pg-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;

  /** Runs a PostgreSQL tool without blocking the event loop (the load keeps running meanwhile). */
  const tool = async (name: string, args: string[]) => {
    const command = asRoot ? "runuser" : path.join(bin, name);
    const fullArgs = asRoot ? ["-u", "postgres", "--", path.join(bin, name), ...args] : args;
    await promisify(execFile)(command, fullArgs, { timeout: 60_000 });
  };
  const stop = () => tool("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "30", "stop"]);

  return {
    bin,
    dir,
    asRoot,
    serverUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async initialize() {
      if (asRoot) {
        chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
        chmodSync(dir, 0o700);
      }
      await tool("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
    },
    start: () =>
      tool("pg_ctl", ["-D", dataDir, "-l", path.join(dir, "postgres.log"), "-w", "-t", "30", "-o", `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=60`, "start"]),
    stop,
    async remove() {
      await stop().catch(() => undefined); // not running
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One query on its own connection: its rows. */
export async function sql<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}
