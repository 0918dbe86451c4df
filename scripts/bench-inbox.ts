// `npm run bench:inbox`: the contact inbox at 100,000 messages, each of its reads within 3 × /auth/me.
// Loads 100,000 messages into a THROWAWAY database (a new database on DATABASE_URL's server,
// or an embedded PGlite when DATABASE_URL is unset), starts the production server on it
// (`npm start`), signs in as the seeded admin, and measures GET /api/v1/admin/contact-messages
// (list), ?status=read (filter) and ?q=<word> (search) against GET /api/v1/auth/me with the
// same bearer token, interleaved in the same run. Prints p50/p95 and each as a ratio to me's,
// plus the database's plans for the search. Goal: each p95 ≤ 3 × me's p95.
//
// BENCH_ROWS (default 100000), BENCH_REQUESTS (per endpoint, default 300), BENCH_PORT (3420).
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createPrismaClient } from "../lib/db";
import { percentile } from "../lib/stats";
import { deployMigrations } from "../prisma/migrate";
import { seedDatabase } from "../prisma/seed";
import { adminToken } from "./lib/admin-token";
import { insertContactMessages } from "./lib/bench-data";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./lib/embedded-database";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { createThrowawayDatabase } from "./lib/throwaway-database";

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 300);
const WARMUP = 30;
const appPort = Number(process.env.BENCH_PORT || 3420);
const SEARCH_WORD = "arequipa";

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void>; embedded: boolean }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-inbox-"));
    const db: EmbeddedDatabase = await startEmbeddedDatabase({ dataDir: path.join(dir, "pglite"), port: 0 });
    return { url: db.url, embedded: true, drop: async () => { await db.stop(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const database = await createThrowawayDatabase(serverUrl, `bench_inbox_${randomBytes(4).toString("hex")}`);
  return { url: database.url, embedded: false, drop: database.drop };
}

/** 100,000 varied messages in one INSERT … SELECT over generate_series (seconds, not minutes). */
async function loadMessages(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  // Bulk-load practice: the search index is built once after the load (scripts/lib/bench-data.ts).
  await insertContactMessages(client, ROWS);
  // A real database is vacuumed by autovacuum; do it now, as it would have been.
  await client.query("VACUUM ANALYZE contact_messages");
  const { rows } = await client.query<{ total: number; matches: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE search_text LIKE '%' || lower(immutable_unaccent($1)) || '%')::int AS matches
     FROM contact_messages WHERE deleted_at IS NULL`,
    [SEARCH_WORD],
  );
  console.log(`Cargados ${rows[0].total.toLocaleString("es-PE")} mensajes en ${((Date.now() - started) / 1000).toFixed(1)} s; "${SEARCH_WORD}" aparece en ${rows[0].matches.toLocaleString("es-PE")}.`);
  const plan = await client.query<{ "QUERY PLAN": string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT m.id FROM contact_messages m
     WHERE m.deleted_at IS NULL AND m.search_text LIKE ('%' || lower(immutable_unaccent('${SEARCH_WORD}')) || '%')
     ORDER BY m.created_at DESC, m.id DESC LIMIT 20`,
  );
  console.log(`\nPlan de la búsqueda (página):\n${plan.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
  const countPlan = await client.query<{ "QUERY PLAN": string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT count(*) FROM contact_messages m WHERE m.deleted_at IS NULL AND m.search_text LIKE ('%' || lower(immutable_unaccent('${SEARCH_WORD}')) || '%')`,
  );
  console.log(`\nPlan del total de la búsqueda (los totales sin búsqueda salen de contact_message_counts):\n${countPlan.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}\n`);
  await client.end();
}

async function main() {
  const database = await createDatabase();
  console.log(`Base desechable: ${database.embedded ? "PGlite embebida" : new URL(database.url).pathname.slice(1)} (${ROWS.toLocaleString("es-PE")} mensajes)`);
  let app: FreshApp | null = null;
  let ok = false;
  try {
    await deployMigrations(database.url, { log: () => {} });
    const prisma = createPrismaClient(database.url);
    await seedDatabase(prisma);
    await prisma.$disconnect();
    await loadMessages(database.url);

    app = await startFreshApp({ prefix: "bench_inbox", port: appPort, databaseUrl: database.url, env: { SMTP_URL: "" }, keepLog: 50_000 });
    const { baseUrl } = app;
    const headers = { authorization: `Bearer ${await adminToken(baseUrl)}` };

    const endpoints = [
      { name: "GET /api/v1/auth/me", path: "/api/v1/auth/me" },
      { name: "lista", path: "/api/v1/admin/contact-messages" },
      { name: "filtro ?status=read", path: "/api/v1/admin/contact-messages?status=read" },
      { name: `búsqueda ?q=${SEARCH_WORD}`, path: `/api/v1/admin/contact-messages?q=${SEARCH_WORD}` },
    ];
    const samples = endpoints.map(() => [] as number[]);
    const totals: Record<string, number> = {};
    for (let round = 0; round < WARMUP + REQUESTS; round += 1) {
      // Interleaved: every endpoint sees the same moment of the machine's load.
      for (const [index, endpoint] of endpoints.entries()) {
        const started = performance.now();
        const response = await fetch(`${baseUrl}${endpoint.path}`, { headers });
        const body = await response.text();
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`${endpoint.path} → ${response.status}: ${body.slice(0, 200)}`);
        if (round === 0 && index > 0) totals[endpoint.name] = (JSON.parse(body) as { data: { total: number } }).data.total;
        if (round >= WARMUP) samples[index].push(elapsed);
      }
    }

    const stats = samples.map((list) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    });
    const me = stats[0];
    console.log(`${REQUESTS} peticiones por ruta, una a la vez, intercaladas (tras ${WARMUP} de calentamiento):\n`);
    console.log("| ruta | filas | p50 ms | p95 ms | p50 / me | p95 / me |");
    console.log("|---|---:|---:|---:|---:|---:|");
    endpoints.forEach((endpoint, index) => {
      const { p50, p95 } = stats[index];
      const rows = index === 0 ? "—" : totals[endpoint.name].toLocaleString("es-PE");
      console.log(`| ${endpoint.name} | ${rows} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${(p50 / me.p50).toFixed(2)} | ${(p95 / me.p95).toFixed(2)} |`);
    });
    ok = stats.slice(1).every((stat) => stat.p95 <= 3 * me.p95);
    console.log(ok ? "\nObjetivo cumplido: cada p95 ≤ 3 × p95 de /auth/me." : "\nObjetivo NO cumplido: algún p95 supera 3 × p95 de /auth/me.");
  } catch (error) {
    console.error(error);
    if (app) console.error(app.log().split("\n").slice(-30).join("\n"));
  } finally {
    await app?.stop();
    await database.drop();
  }
  process.exit(ok ? 0 : 1);
}

void main();
