import { db } from "@/lib/db";
import { DATABASE_UNAVAILABLE_RETRY_AFTER } from "@/lib/db-errors";
import { redisState } from "@/lib/redis-health";

export const dynamic = "force-dynamic";

/** The check never takes longer than this, even when the database host does not answer at all. */
const DATABASE_TIMEOUT_MS = 2_000;

/** `SELECT 1` on the app's pool, bounded in time: true when it answered. */
async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.$queryRaw`SELECT 1`.then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and monitors: 200 when the database answers, 503 (with Retry-After) when it
 * does not. With REDIS_URL it also says whether Redis answers; Redis alone down is still 200
 * ("degraded"): pages keep being served, rendered from the database without the shared cache.
 */
export async function GET() {
  const headers = { "Cache-Control": "no-store" };
  const [database, redis] = await Promise.all([databaseAnswers(), redisState()]);
  const redisField = redis === null ? {} : { redis };
  if (!database) {
    return Response.json(
      { status: "error", database: "unreachable", ...redisField },
      { status: 503, headers: { ...headers, "Retry-After": String(DATABASE_UNAVAILABLE_RETRY_AFTER) } },
    );
  }
  return Response.json({ status: redis === "unreachable" ? "degraded" : "ok", database: "ok", ...redisField }, { headers });
}
