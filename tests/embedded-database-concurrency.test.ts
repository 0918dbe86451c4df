import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "../lib/db";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "../scripts/lib/embedded-database";

// The zero-setup database serves PGlite's single session to many pooled connections.
// Under concurrent load each connection's extended-protocol batch (Parse/Bind/Execute/Sync)
// and each transaction must stay whole, exactly as on a real PostgreSQL server.

let embedded: EmbeddedDatabase;

beforeAll(async () => {
  embedded = await startEmbeddedDatabase({ dataDir: null, port: 0 });
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  await client.query("CREATE TABLE ledger (id serial PRIMARY KEY, marker text NOT NULL, amount int NOT NULL)");
  await client.query("CREATE TABLE counters (key text PRIMARY KEY, hits int NOT NULL)");
  await client.end();
}, 120_000);

afterAll(async () => {
  await embedded?.stop();
});

describe("embedded database under concurrent connections", { timeout: 120_000 }, () => {
  it("answers each connection's parameterised queries with its own rows", async () => {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 20 });
    try {
      const tasks = Array.from({ length: 400 }, async (_, i) => {
        // Statements of different shapes and parameter counts, like the app's mixed traffic.
        switch (i % 4) {
          case 0: {
            const { rows } = await pool.query("SELECT $1::int AS value", [i]);
            return rows[0].value === i;
          }
          case 1: {
            const { rows } = await pool.query("SELECT $1::int + $2::int + $3::int AS total, $4::text AS tag", [i, 1, 2, `t${i}`]);
            return rows[0].total === i + 3 && rows[0].tag === `t${i}`;
          }
          case 2: {
            const { rows } = await pool.query(
              `INSERT INTO counters (key, hits) VALUES ($1, 1)
               ON CONFLICT (key) DO UPDATE SET hits = counters.hits + 1 RETURNING hits`,
              [`k${i % 10}`],
            );
            return rows.length === 1 && rows[0].hits >= 1;
          }
          default: {
            const { rows } = await pool.query("SELECT generate_series(1, $1::int) AS n", [i % 7]);
            return rows.length === i % 7;
          }
        }
      });
      const results = await Promise.allSettled(tasks);
      const failures = results.filter((result) => result.status === "rejected" || result.value !== true);
      expect(failures.map((failure) => (failure.status === "rejected" ? String(failure.reason) : "wrong rows"))).toEqual([]);
      const counted = await pool.query("SELECT COALESCE(SUM(hits), 0)::int AS hits FROM counters");
      expect(counted.rows[0].hits).toBe(100);
    } finally {
      await pool.end();
    }
  });

  it("keeps a transaction's uncommitted and rolled-back writes from other connections", async () => {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 20 });
    try {
      const seenByOthers: number[] = [];
      const writers = Array.from({ length: 40 }, async (_, i) => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          await client.query("INSERT INTO ledger (marker, amount) VALUES ($1, $2)", ["uncommitted", i]);
          await new Promise((resolve) => setTimeout(resolve, 2));
          const own = await client.query("SELECT count(*)::int AS n FROM ledger WHERE marker = 'uncommitted'");
          await client.query("ROLLBACK");
          return own.rows[0].n;
        } finally {
          client.release();
        }
      });
      const readers = Array.from({ length: 40 }, async () => {
        const { rows } = await pool.query("SELECT count(*)::int AS n FROM ledger WHERE marker = $1", ["uncommitted"]);
        seenByOthers.push(rows[0].n);
      });
      const own = await Promise.all(writers);
      await Promise.all(readers);
      // Each transaction sees exactly its own row; nobody else ever sees one.
      expect(own).toEqual(own.map(() => 1));
      expect(seenByOthers).toEqual(seenByOthers.map(() => 0));
      const left = await pool.query("SELECT count(*)::int AS n FROM ledger");
      expect(left.rows[0].n).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it("runs the app's Prisma traffic (raw upserts, finds, interactive transactions) without errors", async () => {
    const db = createPrismaClient(embedded.url);
    try {
      const tasks = Array.from({ length: 200 }, async (_, i) => {
        if (i % 3 === 0) {
          return db.$transaction(async (tx) => {
            await tx.$executeRaw`INSERT INTO ledger (marker, amount) VALUES (${"committed"}, ${i})`;
            const rows = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ledger WHERE marker = 'committed' AND amount = ${i}`;
            return rows[0].n === 1;
          });
        }
        if (i % 3 === 1) {
          const rows = await db.$queryRaw<{ hits: number }[]>`
            INSERT INTO counters AS c (key, hits) VALUES (${`p${i % 5}`}, 1)
            ON CONFLICT (key) DO UPDATE SET hits = c.hits + 1 RETURNING c.hits AS hits`;
          return rows.length === 1;
        }
        const rows = await db.$queryRaw<{ a: number; b: string }[]>`SELECT ${i}::int AS a, ${"x"}::text AS b`;
        return rows[0].a === i && rows[0].b === "x";
      });
      const results = await Promise.allSettled(tasks);
      const failures = results.filter((result) => result.status === "rejected" || result.value !== true);
      expect(failures.map((failure) => (failure.status === "rejected" ? String(failure.reason) : "wrong rows"))).toEqual([]);
      const committed = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ledger WHERE marker = 'committed'`;
      expect(committed[0].n).toBe(67);
    } finally {
      await db.$disconnect();
    }
  });

  it("rolls back a transaction whose connection died, and keeps serving the others", async () => {
    const dying = new pg.Client({ connectionString: embedded.url });
    await dying.connect();
    dying.on("error", () => {});
    await dying.query("BEGIN");
    await dying.query("INSERT INTO ledger (marker, amount) VALUES ('orphan', 1)");
    // Kill the socket without a ROLLBACK or Terminate message.
    (dying as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();

    const other = new pg.Client({ connectionString: embedded.url });
    await other.connect();
    try {
      const { rows } = await other.query("SELECT count(*)::int AS n FROM ledger WHERE marker = 'orphan'");
      expect(rows[0].n).toBe(0);
      const inTransaction = await other.query("BEGIN; SELECT 1; COMMIT");
      expect(inTransaction).toHaveLength(3);
    } finally {
      await other.end();
    }
  });
});
