import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/** A non-negative integer from the environment, or the fallback when unset, empty or not one. */
function envMilliseconds(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= 0 && process.env[name]?.trim() ? value : fallback;
}

/**
 * node-postgres pool settings. A request must never wait long for a database that is down or
 * swamped: opening a connection, or waiting for a free one in the pool, gives up after
 * DATABASE_CONNECT_TIMEOUT_MS; the request then answers 503 (lib/db-errors.ts). `npm start`
 * (scripts/serve.ts) sets it to 3 s on PostgreSQL; unset (the embedded PGlite, whose one session
 * serves every connection in turn; scripts; tests), the wait is unbounded.
 * DATABASE_STATEMENT_TIMEOUT_MS (default off) makes PostgreSQL cancel a longer statement.
 */
export function poolOptions() {
  const statementTimeout = envMilliseconds("DATABASE_STATEMENT_TIMEOUT_MS", 0);
  return {
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
    connectionTimeoutMillis: envMilliseconds("DATABASE_CONNECT_TIMEOUT_MS", 0),
    idleTimeoutMillis: 30_000,
    // Notices a peer that vanished without closing its socket (a dead host, a cut network).
    keepAlive: true,
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
  };
}

/** A Prisma client on PostgreSQL through node-postgres (no native query engine). */
export function createPrismaClient(connectionString = process.env.DATABASE_URL ?? "") {
  const adapter = new PrismaPg({ connectionString, ...poolOptions() });
  // A transaction's own bound; its wait for a pooled connection is also bounded by the pool above.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 10_000 } });
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** The one Prisma client of the app (reused across hot reloads in development). */
export const db = globalForPrisma.prisma ?? createPrismaClient();
if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = db;
