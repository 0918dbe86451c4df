// Fresh PostgreSQL databases for tests: on the server named by TEST_DATABASE_URL when
// it is set (CI uses the machine's PostgreSQL), otherwise in an embedded PGlite.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startEmbeddedDatabase } from "../../scripts/lib/embedded-database";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix = "test"): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedDatabase({ dataDir: null, port: 0 });
    return { url: embedded.url, drop: () => embedded.stop() };
  }
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
