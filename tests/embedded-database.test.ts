import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "../scripts/lib/embedded-database";

const running: EmbeddedDatabase[] = [];
const dirs: string[] = [];

async function start(dataDir: string) {
  const database = await startEmbeddedDatabase({ dataDir, port: 0 });
  running.push(database);
  return database;
}

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

afterEach(async () => {
  for (const database of running.splice(0)) await database.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Starting PGlite on a new data directory takes seconds, and much longer on a busy 2-core machine.
describe("embedded database (PGlite)", { timeout: 120_000 }, () => {
  it("keeps its data across a stop and a restart", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "pglite-"));
    dirs.push(root);
    const dataDir = path.join(root, "data");

    const first = await start(dataDir);
    await query(first.url, "CREATE TABLE visits (id serial PRIMARY KEY, page text NOT NULL)");
    await query(first.url, "INSERT INTO visits (page) VALUES ('/'), ('/contacto')");
    await first.stop();

    const second = await start(dataDir);
    expect(await query(second.url, "SELECT page FROM visits ORDER BY id")).toEqual([{ page: "/" }, { page: "/contacto" }]);
  });

  it("refuses a second owner of the same data directory with a clear message", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "pglite-"));
    dirs.push(root);
    const dataDir = path.join(root, "data");
    await start(dataDir);

    await expect(startEmbeddedDatabase({ dataDir, port: 0 })).rejects.toThrow(
      `La base de datos embebida de ${dataDir} ya está en uso por el proceso ${process.pid}`,
    );
  });
});
