// A database of its own for a script run (bench, test:front, lighthouse) on a PostgreSQL server.
import pg from "pg";

/** A new database on `serverUrl`'s server, dropped by `drop()` (even when clients are still connected). */
export async function createThrowawayDatabase(serverUrl: string, name: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nombre de base no válido: ${name}`);
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
