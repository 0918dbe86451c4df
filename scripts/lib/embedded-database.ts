// The zero-setup database: PGlite (PostgreSQL in WebAssembly) served over TCP on
// 127.0.0.1, so the app connects to it like to any PostgreSQL server. Only one
// process may own a data directory: a lock file with our pid guards it.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { StartupError } from "./database-url";
import { servePGlite, type PGliteServer } from "./pglite-server";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function acquireLock(lockPath: string, dataDir: string) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockPath, "utf8"));
      if (owner && isRunning(owner)) {
        throw new StartupError(
          `La base de datos embebida de ${dataDir} ya está en uso por el proceso ${owner}. Detenga ese servidor antes de iniciar otro.`,
        );
      }
      rmSync(lockPath, { force: true }); // left behind by a process that is gone
    }
  }
  throw new StartupError(`No se pudo bloquear ${lockPath}.`);
}

/**
 * Starts PGlite on `dataDir` (or in memory when `dataDir` is null) and serves it on
 * 127.0.0.1:`port` (0 picks a free port).
 */
export async function startEmbeddedDatabase({
  dataDir,
  port,
}: {
  dataDir: string | null;
  port: number;
}): Promise<EmbeddedDatabase> {
  let lockPath: string | null = null;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lockPath = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);
    acquireLock(lockPath, dataDir);
  }
  const releaseLock = () => {
    if (lockPath) rmSync(lockPath, { force: true });
  };
  try {
    // The contrib extensions the migrations create (contact search: pg_trgm + unaccent).
    const db = await PGlite.create(dataDir ?? undefined, { extensions: { pg_trgm, unaccent } });
    // Prisma keeps a pool of connections; PGlite serves them one batch or transaction at a time.
    let server: PGliteServer;
    try {
      server = await servePGlite(db, { host: "127.0.0.1", port });
    } catch (error) {
      await db.close();
      if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
        throw new StartupError(`El puerto ${port} de la base de datos embebida está ocupado (cambie EMBEDDED_DB_PORT).`);
      }
      throw error;
    }
    let stopped = false;
    return {
      url: `postgresql://postgres:postgres@${server.address}/postgres?sslmode=disable`,
      async stop() {
        if (stopped) return;
        stopped = true;
        await server.stop();
        await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
