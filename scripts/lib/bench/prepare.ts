// `npm run bench`, before measuring: a throwaway database on DATABASE_URL's server with the demo
// seed and a large dataset added with set-based SQL (scripts/lib/bench-data.ts), and a production
// build of the app with the reference pages (BENCH_REFERENCE_PAGES=1, app/bench-reference/[kb]).
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "../../../lib/catalog/categories";
import { createPrismaClient } from "../../../lib/db";
import { deployMigrations } from "../../../prisma/migrate";
import { seedDatabase } from "../../../prisma/seed";
import { buildIsStale } from "../build-freshness";
import { insertAuditLogs, insertCatalogItems, insertContactMessages, insertInvoices, insertSubscriptions, insertTickets, insertUsers } from "../bench-data";
import { addCompileHints } from "../compile-hints";
import { spawnGroup } from "../process-group";
import { createThrowawayDatabase } from "../throwaway-database";

/**
 * The large data set. Payments follow the invoices (one per paid invoice, about 30,000); each of
 * 10,000 clients has had two support tickets (three replies each) and every other one a
 * subscription; two years of admin work leave about 200,000 audit entries (every invoice, payment,
 * reply and edit writes one).
 */
const DATASET = { contactMessages: 100_000, users: 10_000, catalogItems: 1_000, invoices: 50_000, tickets: 20_000, auditLogs: 200_000 };

export async function prepareDatabase(serverUrl: string, log: (message: string) => void) {
  const database = await createThrowawayDatabase(serverUrl, `bench_${randomBytes(4).toString("hex")}`);
  log(`base desechable ${database.name}: migraciones y contenido de demostración…`);
  await deployMigrations(database.url, { log: () => {} });
  const prisma = createPrismaClient(database.url);
  try {
    await seedDatabase(prisma);
  } finally {
    await prisma.$disconnect();
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const steps: [string, () => Promise<void>][] = [
      [`${DATASET.users.toLocaleString("es-PE")} usuarios`, () => insertUsers(client, DATASET.users)],
      [`${DATASET.catalogItems.toLocaleString("es-PE")} productos y servicios`, () => insertCatalogItems(client, DATASET.catalogItems, { product: PRODUCT_CATEGORIES, service: SERVICE_CATEGORIES })],
      [`${DATASET.invoices.toLocaleString("es-PE")} facturas con sus líneas y pagos`, () => insertInvoices(client, DATASET.invoices, DATASET.users)],
      [`${DATASET.contactMessages.toLocaleString("es-PE")} mensajes de contacto`, () => insertContactMessages(client, DATASET.contactMessages)],
      [`${(DATASET.users / 2).toLocaleString("es-PE")} suscripciones`, () => insertSubscriptions(client, DATASET.users)],
      [`${DATASET.tickets.toLocaleString("es-PE")} tickets con sus respuestas`, () => insertTickets(client, DATASET.tickets, DATASET.users)],
      [`${DATASET.auditLogs.toLocaleString("es-PE")} entradas de auditoría`, () => insertAuditLogs(client, DATASET.auditLogs)],
      ["VACUUM ANALYZE", async () => void (await client.query("VACUUM ANALYZE"))],
    ];
    for (const [label, step] of steps) {
      const started = Date.now();
      await step();
      log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const { rows } = await client.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM contact_messages) AS contact_messages, (SELECT count(*)::int FROM users) AS users,
              (SELECT count(*)::int FROM catalog_items) AS catalog_items, (SELECT count(*)::int FROM invoices) AS invoices,
              (SELECT count(*)::int FROM invoice_lines) AS invoice_lines, (SELECT count(*)::int FROM payments) AS payments,
              (SELECT count(*)::int FROM subscriptions) AS subscriptions, (SELECT count(*)::int FROM tickets) AS tickets,
              (SELECT count(*)::int FROM ticket_replies) AS ticket_replies, (SELECT count(*)::int FROM audit_logs) AS audit_logs`,
    );
    return { database, counts: rows[0] };
  } finally {
    await client.end();
  }
}

type BuildOptions = {
  distDir: string;
  /** BENCH_SKIP_BUILD=1: reuse the build in distDir. */
  skipBuild: boolean;
  databaseUrl: string;
  authSecret: string;
  log(message: string): void;
};

export async function buildApp({ distDir, skipBuild, databaseUrl, authSecret, log }: BuildOptions) {
  if (skipBuild) {
    if (!existsSync(path.join(distDir, "BUILD_ID"))) throw new Error(`BENCH_SKIP_BUILD=1 pero no hay compilación en ${distDir}`);
    // npm start would build again under the bench (without the reference pages), and the run
    // would measure the checkout's code, not the build it was asked to reuse.
    if (buildIsStale(process.cwd(), distDir)) {
      throw new Error(`BENCH_SKIP_BUILD=1 pero el código cambió después de la compilación de ${distDir} (npm start la rehará): quite BENCH_SKIP_BUILD`);
    }
    log(`se reutiliza la compilación de ${distDir} (BENCH_SKIP_BUILD=1)`);
    return;
  }
  log(`next build en ${distDir} con las páginas de referencia…`);
  // Next's data cache (unstable_cache) outlives a build in <distDir>/cache/fetch-cache, and a build
  // reads it before the database: the pages would be pre-rendered with a previous database's rows.
  rmSync(path.join(distDir, "cache", "fetch-cache"), { recursive: true, force: true });
  const started = Date.now();
  const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
  const tsconfig = { text: readFileSync("tsconfig.json", "utf8"), stat: statSync("tsconfig.json") };
  const run = spawnGroup(process.execPath, [nextBin, "build"], {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: distDir,
    BENCH_REFERENCE_PAGES: "1",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: authSecret,
  }, 60_000);
  const code = await run.exitCode().finally(() => {
    // next build adds its output folder's types to tsconfig.json: the bench leaves the checkout as it found it.
    // Its old mtime too, or `npm start` would see a source newer than the build and build again.
    if (readFileSync("tsconfig.json", "utf8") !== tsconfig.text) {
      writeFileSync("tsconfig.json", tsconfig.text);
      utimesSync("tsconfig.json", tsconfig.stat.atime, tsconfig.stat.mtime);
    }
  });
  if (code !== 0) throw new Error(`next build falló (código ${code}):\n${run.output().split("\n").slice(-40).join("\n")}`);
  addCompileHints(distDir);
  log(`compilado en ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
