// `npm run bench:inbox`: the contact inbox at 100,000 messages (issue 8 §3, "Done when").
// Loads 100,000 messages into a THROWAWAY database (a new database on DATABASE_URL's server,
// or an embedded PGlite when DATABASE_URL is unset), starts the production server on it
// (`npm start`), signs in as the seeded admin, and measures GET /api/v1/admin/contact-messages
// (list), ?status=read (filter) and ?q=<word> (search) against GET /api/v1/auth/me with the
// same bearer token, interleaved in the same run. Prints p50/p95 and each as a ratio to me's,
// plus the database's plans for the search. Goal: each p95 ≤ 3 × me's p95.
//
// BENCH_ROWS (default 100000), BENCH_REQUESTS (per endpoint, default 300), BENCH_PORT (3420).
import "./lib/load-env";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createPrismaClient } from "../lib/db";
import { deployMigrations } from "../prisma/migrate";
import { seedDatabase } from "../prisma/seed";
import { DEVELOPMENT_DEFAULTS } from "../prisma/seed-data/users";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./lib/embedded-database";
import { waitForServer } from "./lib/wait-for-server";

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 300);
const WARMUP = 30;
const appPort = Number(process.env.BENCH_PORT || 3420);
const baseUrl = `http://127.0.0.1:${appPort}`;
const SEARCH_WORD = "arequipa";

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void>; embedded: boolean }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-inbox-"));
    const db: EmbeddedDatabase = await startEmbeddedDatabase({ dataDir: path.join(dir, "pglite"), port: 0 });
    return { url: db.url, embedded: true, drop: async () => { await db.stop(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const name = `bench_inbox_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: false,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** 100,000 varied messages in one INSERT … SELECT over generate_series (seconds, not minutes). */
async function loadMessages(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  // Bulk-load practice: build the search index once after the load instead of row by row.
  const { rows: indexRows } = await client.query<{ def: string }>(
    "SELECT pg_get_indexdef('contact_messages_search_trgm_idx'::regclass) AS def",
  );
  await client.query("DROP INDEX contact_messages_search_trgm_idx");
  await client.query(`
    WITH words AS (
      SELECT
        ARRAY['María','José','Lucía','Martín','Gabriela','Fernando','Rosa','Jorge','Carmen','Luis','Ana','Ricardo','Patricia','Óscar','Sofía','Andrés','Elena','Raúl','Diana','Héctor'] AS first_names,
        ARRAY['Quispe','Rojas','Paredes','Castillo','Núñez','Flores','Mendoza','Vargas','Huamán','Chávez','Ramírez','Torres','Gutiérrez','Sánchez','Díaz','Mamani','Salazar','Cárdenas','Ríos','Espinoza','Vilca','Poma','Ccori','Yupanqui','Zevallos'] AS last_names,
        ARRAY['Ferretería El Constructor','Textiles Andinos S.A.C.','Logística Andina','Clínica San Gabriel','Colegio Santa Teresa','Agroexportadora del Sur','Inversiones Miraflores','Café Selva Central','Transportes Rápidos','Minera Los Andes','Panadería La Espiga','Óptica Visión Clara', NULL] AS companies,
        ARRAY['Lima','Trujillo','Cusco','Piura','Chiclayo','Huancayo','Tacna','Iquitos','Puno','Ica','Cajamarca','Ayacucho','Chimbote','Pucallpa','Tarapoto','Huánuco','Juliaca','Tumbes','Moquegua','Huaraz','Sullana','Abancay','Arequipa','Moyobamba','Chachapoyas','Cerro de Pasco','Huancavelica','Puerto Maldonado','Talara','Jaén','Barranca','Huacho','Pisco','Nazca','Ilo','Mollendo','Camaná','Paita','Lambayeque','Tingo María'] AS cities,
        ARRAY['Cotización de ERP','Consulta sobre facturación electrónica','Información sobre CRM','Demostración del sistema','Integración con SUNAT','Soporte técnico','Precio de licencias','Propuesta de automatización','Tienda virtual','Gestión documental', NULL] AS subjects,
        ARRAY[
          'Buenas tardes, quisiera información sobre su ERP para controlar inventario y ventas en nuestras tiendas.',
          'Necesitamos emitir facturas y boletas electrónicas desde nuestro sistema actual. ¿Cuánto demora la integración?',
          'Hola, somos una empresa pequeña y buscamos un CRM para ordenar a nuestros clientes y el seguimiento comercial.',
          'Queremos automatizar los reportes de ventas que hoy hacemos a mano en Excel cada semana.',
          'Estamos evaluando una tienda virtual conectada a nuestro inventario. ¿Podrían enviarnos una propuesta?',
          'Tenemos problemas con el sistema de planillas y buscamos una alternativa con soporte local.',
          'Me interesa una demostración de la gestión documental para digitalizar nuestros expedientes.',
          'Solicito una cotización para 10 usuarios con soporte 24/7 y capacitación del personal.'
        ] AS messages
    )
    INSERT INTO contact_messages (name, email, phone, company, subject, message, status, sector_id, reply_text, replied_at, read_at, ip_address, user_agent, created_at, updated_at)
    SELECT
      w.first_names[1 + g % 20] || ' ' || w.last_names[1 + (g / 20) % 25] || ' ' || w.last_names[1 + (g / 7) % 25],
      'contacto' || g || '@empresa' || (g % 997) || '.pe',
      '+51 9' || lpad((g % 100000000)::text, 8, '0'),
      w.companies[1 + (g / 3) % 13],
      w.subjects[1 + (g / 11) % 11],
      w.messages[1 + g % 8] || ' Escribo desde ' || w.cities[1 + (g / 13) % 40] || '. Referencia ' || g || '.',
      (ARRAY['new','new','read','read','read','replied','replied','closed','archived','archived'])[1 + g % 10]::contact_status,
      (SELECT id FROM sectors ORDER BY id OFFSET (g % 5) LIMIT 1),
      CASE WHEN g % 10 IN (5, 6) THEN 'Gracias por escribirnos; le enviamos la propuesta.' END,
      CASE WHEN g % 10 IN (5, 6) THEN now() - (g * interval '5 minutes') + interval '3 hours' END,
      CASE WHEN g % 10 >= 2 THEN now() - (g * interval '5 minutes') + interval '1 hour' END,
      '190.' || (g % 255) || '.' || ((g / 255) % 255) || '.' || (g % 200),
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      now() - (g * interval '5 minutes'),
      now()
    FROM generate_series(1, ${ROWS}) AS g, words w`);
  await client.query(indexRows[0].def);
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

function startServer(databaseUrl: string) {
  const server = spawn("npm", ["start"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(appPort), AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("base64"), SMTP_URL: "" },
  });
  let log = "";
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-50_000));
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);
  return { server, log: () => log };
}


function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const database = await createDatabase();
  console.log(`Base desechable: ${database.embedded ? "PGlite embebida" : new URL(database.url).pathname.slice(1)} (${ROWS.toLocaleString("es-PE")} mensajes)`);
  let server: ReturnType<typeof startServer> | null = null;
  let ok = false;
  try {
    await deployMigrations(database.url, { log: () => {} });
    const prisma = createPrismaClient(database.url);
    await seedDatabase(prisma);
    await prisma.$disconnect();
    await loadMessages(database.url);

    server = startServer(database.url);
    await waitForServer(server.server, baseUrl, 10 * 60_000);
    const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEVELOPMENT_DEFAULTS.ADMIN_EMAIL, password: DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    if (!token) throw new Error(`No se pudo iniciar sesión como administrador (${login.status})`);
    const headers = { authorization: `Bearer ${token}` };

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
    if (server) console.error(server.log().split("\n").slice(-30).join("\n"));
  } finally {
    if (server?.server.pid && server.server.exitCode === null) {
      const exited = new Promise((resolve) => server!.server.once("exit", resolve));
      try {
        process.kill(-server.server.pid, "SIGINT");
      } catch {
        // gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    await database.drop();
  }
  process.exit(ok ? 0 : 1);
}

void main();
