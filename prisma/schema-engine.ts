// Prisma's schema engine compiled to WebAssembly, driven through @prisma/adapter-pg:
// it diffs schemas with no native binary (which cannot be downloaded here). Used to
// author migrations (`npm run db:diff`) and by the test proving that the migrations
// build exactly what schema.prisma describes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import * as engineGlue from "@prisma/schema-engine-wasm/schema_engine_bg";

export const SCHEMA_PATH = fileURLToPath(new URL("./schema.prisma", import.meta.url));

type Queryable = {
  performIO(query: unknown): Promise<{ fields: { dataTypeID: number }[] }>;
  queryRaw(query: unknown): Promise<{ columnTypes: number[] }>;
  startTransaction?: (...args: unknown[]) => Promise<Queryable>;
};

/**
 * adapter-pg 7.10 cannot map PostgreSQL's one-byte `"char"` type (oid 18), which the
 * engine's catalogue queries return (pg_constraint.contype…). Read it as text and
 * report it as a character column, which is what the engine expects. The engine
 * issues its queries one after another, so remembering the last result's columns is safe.
 */
function mapCharColumns<T extends Queryable>(queryable: T): T {
  const performIO = queryable.performIO.bind(queryable);
  const queryRaw = queryable.queryRaw.bind(queryable);
  let charColumns: number[] = [];
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    charColumns = [];
    result.fields.forEach((field, index) => {
      if (field.dataTypeID === 18) {
        field.dataTypeID = 25;
        charColumns.push(index);
      }
    });
    return result;
  };
  queryable.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const index of charColumns) result.columnTypes[index] = ColumnTypeEnum.Character;
    return result;
  };
  const startTransaction = queryable.startTransaction?.bind(queryable);
  if (startTransaction) queryable.startTransaction = async (...args) => mapCharColumns(await startTransaction(...args));
  return queryable;
}

let wasmReady: Promise<void> | null = null;
function loadWasm() {
  wasmReady ??= (async () => {
    // The wasm file ships with the prisma CLI; its JS glue comes from @prisma/schema-engine-wasm.
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
      "./schema_engine_bg.js": engineGlue as unknown as WebAssembly.ModuleImports,
    });
    (engineGlue as unknown as { __wbg_set_wasm(exports: unknown): void }).__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message: (message: string) => console.error(`Prisma schema engine panic: ${message}`),
    };
  })();
  return wasmReady;
}

/**
 * The SQL that would bring the database at `connectionString` to `schema.prisma`
 * ("-- This is an empty migration." when they match). The database is only read.
 */
export async function diffDatabaseToSchema(connectionString: string, schemaPath = SCHEMA_PATH): Promise<string> {
  await loadWasm();
  const content = readFileSync(schemaPath, "utf8");
  const files = [{ path: schemaPath, content }];
  const base = new PrismaPg({ connectionString });
  const adapter = bindMigrationAwareSqlAdapterFactory({
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => mapCharColumns((await base.connect()) as unknown as Queryable) as never,
    connectToShadowDb: async () => mapCharColumns((await base.connectToShadowDb()) as unknown as Queryable) as never,
  });
  const engine = await engineGlue.SchemaEngine.new({ datamodels: [[schemaPath, content]] }, () => {}, adapter);
  try {
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: path.dirname(schemaPath) },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.stdout ?? "";
  } finally {
    engine.free();
  }
}

export function isEmptyMigration(sql: string) {
  return sql.split("\n").every((line) => !line.trim() || line.trim().startsWith("--"));
}
