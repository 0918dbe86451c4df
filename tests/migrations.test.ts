import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deployMigrations, MIGRATIONS_DIR, markRolledBack, readMigrations } from "../prisma/migrate";
import { diffDatabaseToSchema, isEmptyMigration, SCHEMA_PATH } from "../prisma/schema-engine";
import { createTestDatabase, type TestDatabase } from "./setup/databases";

const quiet = { log: () => {} };
const scratch: string[] = [];
const databases: TestDatabase[] = [];

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  scratch.push(dir);
  return dir;
}

async function freshDatabase() {
  const database = await createTestDatabase("migrations");
  databases.push(database);
  return database.url;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

describe("migrations against schema.prisma (drift)", () => {
  let migratedUrl: string;
  beforeAll(async () => {
    migratedUrl = await freshDatabase();
    await deployMigrations(migratedUrl, quiet);
  });

  it("build exactly the schema that schema.prisma describes", async () => {
    const diff = await diffDatabaseToSchema(migratedUrl);
    expect(diff, `schema.prisma and prisma/migrations differ; add a migration (npm run db:diff):\n${diff}`).toSatisfy(
      isEmptyMigration,
    );
  });

  it("set the database's random_page_cost to 1.1 for the sessions that follow (data read from memory or SSD)", async () => {
    const rows = await query<{ setconfig: string[] }>(
      migratedUrl,
      "SELECT setconfig FROM pg_db_role_setting WHERE setrole = 0 AND setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())",
    );
    expect(rows.flatMap((row) => row.setconfig)).toContain("random_page_cost=1.1");
  });

  it("report a model field that has no migration", async () => {
    const dir = tempDir();
    const schema = readFileSync(SCHEMA_PATH, "utf8").replace(
      "model Sector {\n",
      "model Sector {\n  website String?\n",
    );
    writeFileSync(path.join(dir, "schema.prisma"), schema);
    const diff = await diffDatabaseToSchema(migratedUrl, path.join(dir, "schema.prisma"));
    expect(isEmptyMigration(diff)).toBe(false);
    expect(diff).toContain(`ALTER TABLE "sectors" ADD COLUMN     "website" TEXT`);
  });

  it("report a deleted migration", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "migration_lock.toml"), 'provider = "postgresql"\n');
    const url = await freshDatabase();
    await deployMigrations(url, { ...quiet, dir }); // the directory without the initial migration
    const diff = await diffDatabaseToSchema(url);
    expect(diff).toContain(`CREATE TABLE "users"`);
  });
});

describe("npm run db:deploy", () => {
  it("records each migration the way Prisma does and is a no-op when run again", async () => {
    const url = await freshDatabase();
    const first = await deployMigrations(url, quiet);
    expect(first.applied).toEqual(readMigrations().map((m) => m.name));

    const second = await deployMigrations(url, quiet);
    expect(second).toEqual({ applied: [], alreadyApplied: first.applied.length });

    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      url,
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual(
      readMigrations().map((m) => [m.name, m.checksum]),
    );
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
  });

  it("rolls a failing migration back, refuses to go on until it is resolved, then applies the fix", async () => {
    const dir = tempDir();
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const broken = path.join(dir, "29990101000000_broken");
    mkdirSync(broken);
    writeFileSync(
      path.join(broken, "migration.sql"),
      `CREATE TABLE "half_done" ("id" INTEGER);\nINSERT INTO "sectors" ("name") VALUES ('sin slug');\n`,
    );
    const url = await freshDatabase();

    await expect(deployMigrations(url, { ...quiet, dir })).rejects.toThrow(/29990101000000_broken falló/);
    const halfDone = await query(url, `SELECT to_regclass('public.half_done') AS t`);
    expect(halfDone[0].t).toBeNull(); // nothing of the failed migration stays

    await expect(deployMigrations(url, { ...quiet, dir })).rejects.toThrow(/falló antes/);

    writeFileSync(path.join(broken, "migration.sql"), `CREATE TABLE "half_done" ("id" INTEGER);\n`);
    await markRolledBack(url, "29990101000000_broken");
    const result = await deployMigrations(url, { ...quiet, dir });
    expect(result.applied).toEqual(["29990101000000_broken"]);
    expect((await query(url, `SELECT to_regclass('public.half_done') AS t`))[0].t).toBe("half_done");
  });
});
