import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";

// Fixed-window rate limiting stored in PostgreSQL (table rate_limit_buckets), so every app
// instance behind the load balancer shares the same counters.

export type RateLimitRule = {
  /** Requests allowed per window. */
  limit: number;
  /** Length of the window in seconds. */
  windowSeconds: number;
};

export type RateLimitResult = {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** Seconds until the window resets: what `Retry-After` should say when not allowed (0 when allowed). */
  retryAfterSeconds: number;
};

/** Contact form: 5 messages per 10 minutes per IP address. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 600 };

/** Support: new tickets and client replies per account and hour (each one notifies and e-mails every admin). */
export const TICKET_RATE_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 3600 };
export const TICKET_REPLY_RATE_LIMIT: RateLimitRule = { limit: 120, windowSeconds: 3600 };

const MAX_KEY_LENGTH = 300; // rate_limit_buckets.key is varchar(300)
const MAX_HITS = 2_000_000_000; // keeps the int column from overflowing under a flood

/** Keys longer than the column are replaced by a stable hash, so any key is accepted. */
function normalizeKey(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `sha256:${createHash("sha256").update(key).digest("hex")}`;
}

/**
 * Counts one hit for `key` and says whether it is within the rule, in ONE atomic statement:
 * the first hit creates the bucket; a hit after the window expired starts a new window at 1;
 * otherwise the counter goes up. Row locking in INSERT … ON CONFLICT makes concurrent hits
 * (from any instance) count exactly once each. Times come from the database's clock only.
 *
 * Generic: the key says what is limited, e.g. `contact:ip:203.0.113.7` or `login:email:…`.
 */
export async function hitRateLimit(key: string, { limit, windowSeconds }: RateLimitRule): Promise<RateLimitResult> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error("hitRateLimit: limit must be a positive integer");
  if (!(windowSeconds > 0)) throw new Error("hitRateLimit: windowSeconds must be positive");

  const rows = await db.$queryRaw<{ hits: number; retry_after: number }[]>`
    INSERT INTO rate_limit_buckets AS bucket (key, hits, reset_at)
    VALUES (${normalizeKey(key)}, 1, clock_timestamp() + make_interval(secs => ${windowSeconds}::double precision))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN bucket.reset_at <= clock_timestamp() THEN 1 ELSE LEAST(bucket.hits + 1, ${MAX_HITS}::int) END,
      reset_at = CASE WHEN bucket.reset_at <= clock_timestamp() THEN EXCLUDED.reset_at ELSE bucket.reset_at END
    RETURNING bucket.hits AS hits,
      CEIL(EXTRACT(EPOCH FROM (bucket.reset_at - clock_timestamp())))::int AS retry_after`;

  const row = rows[0];
  const hits = Number(row.hits);
  const allowed = hits <= limit;
  maybePruneExpiredBuckets();
  return { allowed, hits, retryAfterSeconds: allowed ? 0 : Math.max(1, Number(row.retry_after)) };
}

/** Deletes buckets whose window ended more than an hour ago. Returns how many were removed. */
export async function pruneExpiredRateLimitBuckets(): Promise<number> {
  return db.$executeRaw`DELETE FROM rate_limit_buckets WHERE reset_at < clock_timestamp() - interval '1 hour'`;
}

/** About one hit in 200 also clears old buckets, in the background, so the table stays small. */
function maybePruneExpiredBuckets() {
  if (Math.random() >= 0.005) return;
  pruneExpiredRateLimitBuckets().catch((error) => console.error("[rate-limit] No se pudieron limpiar los contadores vencidos", error));
}

/**
 * Takes back one hit of each key in its current window (never below 0): for limits that count
 * an attempt before its outcome is known and keep only the failures.
 */
export async function releaseRateLimit(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  // Rows are locked in key order first: two releases of the same keys locking them in
  // different orders would deadlock.
  await db.$executeRaw`
    WITH locked AS (
      SELECT key FROM rate_limit_buckets
      WHERE key = ANY(${keys.map(normalizeKey)}::text[]) AND reset_at > clock_timestamp()
      ORDER BY key FOR UPDATE
    )
    UPDATE rate_limit_buckets AS bucket SET hits = GREATEST(bucket.hits - 1, 0)
    FROM locked WHERE bucket.key = locked.key`;
}
