// What every section of `npm run test:abuse` calls the app and its database with: requests from a
// fresh client address each (behind one trusted proxy hop), a bounded pool of concurrent workers,
// one database connection, and the row count of every table (what a refused request must leave as is).
import pg from "pg";

const REQUEST_TIMEOUT_MS = 10_000;

export type Sent = { status: number; headers: Headers; text: string; error?: string; ms: number };
export type SendOptions = { headers?: Record<string, string>; body?: string | FormData | Uint8Array };

export interface AbuseClient {
  baseUrl: string;
  /** One request, redirects not followed; status 0 (and `error`) when no answer came within 10 s. */
  send(method: string, pathname: string, options?: SendOptions): Promise<Sent>;
  /** Runs `worker` over `items`, `concurrency` at a time. */
  pool<T>(items: T[], worker: (item: T) => Promise<void>): Promise<void>;
  /** One query at a time on one connection (the workers share it). */
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export function abuseClient({ baseUrl, databaseUrl, concurrency }: { baseUrl: string; databaseUrl: string; concurrency: number }): AbuseClient {
  let visitor = 0;
  /** A fresh client address per request (documentation range). */
  const nextAddress = () => {
    visitor += 1;
    return `2001:db8:ab:${(visitor >> 16) & 0xffff}:${visitor & 0xffff}::1`;
  };

  let db: pg.Client | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  return {
    baseUrl,
    async send(method, pathname, options = {}) {
      const started = Date.now();
      try {
        const response = await fetch(`${baseUrl}${pathname}`, {
          method,
          headers: { "x-forwarded-for": nextAddress(), ...options.headers },
          body: options.body as BodyInit | undefined,
          redirect: "manual",
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        return { status: response.status, headers: response.headers, text, ms: Date.now() - started };
      } catch (error) {
        return { status: 0, headers: new Headers(), text: "", error: (error as Error).name === "TimeoutError" ? "timeout (10 s)" : String(error), ms: Date.now() - started };
      }
    },
    async pool(items, worker) {
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(concurrency, items.length) }, async () => {
          while (next < items.length) await worker(items[next++]);
        }),
      );
    },
    query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      const run = queue.then(async () => {
        if (!db) {
          db = new pg.Client({ connectionString: databaseUrl });
          await db.connect();
        }
        return (await db.query<T>(sql, params)).rows;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      await db?.end().catch(() => undefined);
    },
  };
}

/** Tables whose row counts change without storing what a request sent. */
export const VOLATILE_TABLES = ["rate_limit_buckets", "sessions", "api_tokens"];

/** The row count of every table of the app's schema. */
export async function rowCounts(client: AbuseClient) {
  const tables = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name");
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) counts[table] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`))[0].n);
  return counts;
}

/** The tables (volatile ones left out) whose counts differ: "table: before → after". */
export function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys({ ...before, ...after })
    .filter((table) => !VOLATILE_TABLES.includes(table) && before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}

/** "status×count …" of a tally of statuses. */
export const formatStatuses = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
