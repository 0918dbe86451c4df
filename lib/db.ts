import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/** A Prisma client on PostgreSQL through node-postgres (no native query engine). */
export function createPrismaClient(connectionString = process.env.DATABASE_URL ?? "") {
  const adapter = new PrismaPg({
    connectionString,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
  });
  // Under load a transaction may wait for a pooled connection (and, on the embedded
  // database, for PGlite's single session): wait up to 10 s rather than fail the request.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 10_000 } });
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** The one Prisma client of the app (reused across hot reloads in development). */
export const db = globalForPrisma.prisma ?? createPrismaClient();
if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = db;
