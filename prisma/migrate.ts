// Applies the migrations under prisma/migrations with node-postgres, the way
// `prisma migrate deploy` does, because Prisma's native schema engine cannot be
// downloaded on our machines. The bookkeeping table is Prisma's own,
// so a database migrated here is accepted by `prisma migrate deploy` and vice versa.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/** Prisma's advisory lock key: concurrent deploys (ours or Prisma's) wait for each other. */
const ADVISORY_LOCK_KEY = 72707369;

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface DeployResult {
  applied: string[];
  alreadyApplied: number;
}

export class MigrationError extends Error {}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((entry) => statSync(path.join(dir, entry)).isDirectory())
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}

async function withLockedClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      return await work(client);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Applies every pending migration, each in its own transaction together with its
 * bookkeeping row. A failing migration is rolled back, recorded as failed, and stops
 * this and every later run until it is resolved with `markRolledBack`.
 */
export async function deployMigrations(
  connectionString: string,
  { dir = MIGRATIONS_DIR, log = (line: string) => console.log(line) } = {},
): Promise<DeployResult> {
  const migrations = readMigrations(dir);
  return withLockedClient(connectionString, async (client) => {
    const { rows } = await client.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at, logs FROM "_prisma_migrations" ORDER BY started_at`,
    );
    const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
    if (failed) {
      throw new MigrationError(
        `La migración ${failed.migration_name} falló antes y no se continúa hasta resolverla. ` +
          `Corrija la base de datos y ejecute: npm run db:deploy -- --resolve-rolled-back ${failed.migration_name}` +
          (failed.logs ? `\n${failed.logs}` : ""),
      );
    }
    const applied = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r]));
    const result: DeployResult = { applied: [], alreadyApplied: 0 };

    for (const migration of migrations) {
      const done = applied.get(migration.name);
      if (done) {
        result.alreadyApplied += 1;
        if (done.checksum !== migration.checksum) {
          log(`Aviso: ${migration.name} cambió después de aplicarse (checksum distinto); no se vuelve a aplicar.`);
        }
        continue;
      }
      const id = randomUUID();
      try {
        await client.query("BEGIN");
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [id, migration.checksum, migration.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        const message = error instanceof Error ? error.message : String(error);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at, applied_steps_count)
           VALUES ($1, $2, $3, $4, now(), 0)`,
          [id, migration.checksum, migration.name, message],
        );
        throw new MigrationError(`La migración ${migration.name} falló y se deshizo: ${message}`);
      }
      result.applied.push(migration.name);
      log(`Migración aplicada: ${migration.name}`);
    }
    return result;
  });
}

/** `prisma migrate resolve --rolled-back NAME`: lets deploys continue after a failed migration was fixed. */
export async function markRolledBack(connectionString: string, name: string) {
  return withLockedClient(connectionString, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE "_prisma_migrations" SET rolled_back_at = now()
       WHERE migration_name = $1 AND finished_at IS NULL AND rolled_back_at IS NULL`,
      [name],
    );
    if (!rowCount) throw new MigrationError(`No hay una migración fallida llamada ${name}.`);
  });
}
