// Authoring a migration without Prisma's native engine:
//   npm run db:diff                  print the SQL from the migrations to schema.prisma
//   npm run db:diff -- --create NAME write it to prisma/migrations/<timestamp>_NAME/migration.sql
// It replays the migrations into a throwaway in-memory PostgreSQL (PGlite), so it
// needs no database server; review the SQL before committing it.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deployMigrations, MIGRATIONS_DIR } from "../prisma/migrate";
import { diffDatabaseToSchema, isEmptyMigration } from "../prisma/schema-engine";
import { startEmbeddedDatabase } from "./lib/embedded-database";

async function main() {
  const database = await startEmbeddedDatabase({ dataDir: null, port: 0 });
  try {
    await deployMigrations(database.url, { log: () => {} });
    const sql = await diffDatabaseToSchema(database.url);
    const createIndex = process.argv.indexOf("--create");
    if (createIndex === -1) {
      process.stdout.write(sql);
      return;
    }
    const name = process.argv[createIndex + 1];
    if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("Indique un nombre en snake_case tras --create.");
    if (isEmptyMigration(sql)) {
      console.log("schema.prisma ya coincide con las migraciones: no hay nada que crear.");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
    mkdirSync(dir);
    writeFileSync(path.join(dir, "migration.sql"), sql);
    console.log(`Migración creada: ${path.relative(process.cwd(), dir)}/migration.sql`);
  } finally {
    await database.stop();
  }
}

main().catch((error) => {
  console.error(`Error: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
