import "server-only";
import { createClient } from "@redis/client";

// Whether the Redis of the shared Next cache (cache-handler.mjs, REDIS_URL) answers, for
// /api/health. A connection of its own, opened on the first check and kept.

const TIMEOUT_MS = 1_000;

function connect(url: string) {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
  });
  // Outages are reported by the check (and logged by the cache handler), not thrown.
  client.on("error", () => {});
  client.connect().catch(() => {});
  return client;
}

const clients = new Map<string, ReturnType<typeof connect>>();

/** "ok" when Redis answers PING within a second, "unreachable" when not; null without REDIS_URL. */
export async function redisState(): Promise<"ok" | "unreachable" | null> {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  const redis = clients.get(url) ?? connect(url);
  clients.set(url, redis);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"unreachable">((resolve) => (timer = setTimeout(() => resolve("unreachable"), TIMEOUT_MS)));
  const ping = async () => {
    if (!redis.isReady) await new Promise((resolve) => redis.once("ready", resolve));
    await redis.ping();
    return "ok" as const;
  };
  try {
    return await Promise.race([ping(), timeout]);
  } catch {
    return "unreachable";
  } finally {
    clearTimeout(timer);
  }
}
