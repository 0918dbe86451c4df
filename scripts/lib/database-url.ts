import pg from "pg";

/** A start-up problem an operator must fix; printed as one line, without a stack trace. */
export class StartupError extends Error {}

/** Checks that DATABASE_URL (or the variable named) is a PostgreSQL URL. */
export function parseDatabaseUrl(value: string | undefined, variable = "DATABASE_URL"): string {
  if (!value?.trim()) throw new StartupError(`${variable} no está definida.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StartupError(`${variable} no es una URL válida (se espera postgresql://usuario:clave@host:5432/base).`);
  }
  if (url.protocol !== "postgresql:" && url.protocol !== "postgres:") {
    throw new StartupError(`${variable} debe empezar por postgresql:// (tiene ${url.protocol}//).`);
  }
  return value;
}

/** Opens and closes one connection, so an unreachable server is reported clearly before anything else runs. */
export async function assertDatabaseReachable(connectionString: string, variable = "DATABASE_URL") {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const { hostname, port } = new URL(connectionString);
    throw new StartupError(`${variable}: no se puede conectar con PostgreSQL en ${hostname}:${port || 5432} (${reason}).`);
  } finally {
    await client.end().catch(() => {});
  }
}
