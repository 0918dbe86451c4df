// npm run db:deploy                                  apply pending migrations to DATABASE_URL
// npm run db:deploy -- --resolve-rolled-back NAME    mark a failed migration as rolled back
import "./lib/load-env";
import { deployMigrations, markRolledBack, MigrationError } from "../prisma/migrate";
import { assertDatabaseReachable, parseDatabaseUrl, StartupError } from "./lib/database-url";

async function main() {
  const url = parseDatabaseUrl(process.env.DATABASE_URL);
  await assertDatabaseReachable(url);
  const resolveIndex = process.argv.indexOf("--resolve-rolled-back");
  if (resolveIndex !== -1) {
    const name = process.argv[resolveIndex + 1];
    if (!name) throw new StartupError("Indique el nombre de la migración tras --resolve-rolled-back.");
    await markRolledBack(url, name);
    console.log(`Migración ${name} marcada como deshecha; el próximo db:deploy la volverá a aplicar.`);
    return;
  }
  const { applied, alreadyApplied } = await deployMigrations(url);
  console.log(
    applied.length
      ? `${applied.length} migración(es) aplicada(s); ${alreadyApplied} ya estaba(n) aplicada(s).`
      : `Sin cambios: las ${alreadyApplied} migraciones ya estaban aplicadas.`,
  );
}

main().catch((error) => {
  if (error instanceof StartupError || error instanceof MigrationError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
