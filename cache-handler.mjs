// Next's cache (pre-rendered pages, route responses and unstable_cache data) in Redis, shared by
// every instance, when REDIS_URL is set (next.config.ts only names this file then; issue 12,
// DESIGN.md §7). @fortedigital/nextjs-cache-handler's redis-strings handler: entries under a
// prefix with this build's id (a new deploy never serves an old build's pages), tag revalidation
// written to Redis so that every instance misses the entry on its next read.
//
// Redis down: every read is a miss (the page renders from the database), every write is dropped,
// after at most COMMAND_TIMEOUT_MS: never an error to the visitor. The outage is logged once,
// and the recovery too. Revalidations sent during the outage are lost, so on reconnection this
// build's entries are deleted: nothing written before the outage can be served stale after it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { createClient } from "@redis/client";

const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

/** This build's id: keys of another build are never read. */
function buildId() {
  const distDir = path.resolve(process.cwd(), process.env.NEXT_DIST_DIR || ".next");
  try {
    return readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
  } catch {
    return "dev";
  }
}

/** Deletes every key under `prefix` (SCAN, never KEYS: Redis keeps answering the others). */
async function deleteKeys(client, prefix) {
  let deleted = 0;
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    if (keys.length === 0) continue;
    deleted += await client.unlink(keys);
  }
  return deleted;
}

function createConfiguration() {
  const keyPrefix = `consultora:${buildId()}:`;
  const client = createClient({
    url: process.env.REDIS_URL,
    // A command while disconnected fails at once instead of waiting in a queue: the page renders.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });

  let down = false;
  client.on("error", (error) => {
    if (down) return;
    down = true;
    console.error(`[cache] Redis no responde (${error?.message || error}); las páginas se generan sin la caché compartida hasta que vuelva.`);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    deleteKeys(client, keyPrefix)
      .then((deleted) => console.info(`[cache] Redis disponible de nuevo; ${deleted} entradas anteriores a la caída se descartaron.`))
      .catch((error) => console.error("[cache] Redis volvió, pero no se pudo vaciar la caché compartida:", error?.message || error));
  });
  client.connect().catch(() => {
    // Logged by the "error" listener; the client keeps reconnecting on its own.
  });

  return {
    handlers: [createRedisHandler({ client, keyPrefix, timeoutMs: COMMAND_TIMEOUT_MS })],
  };
}

CacheHandler.onCreation(() => {
  // One client per process, however many times Next creates the handler.
  globalThis.__consultoraCacheConfiguration ??= createConfiguration();
  return globalThis.__consultoraCacheConfiguration;
});

export default CacheHandler;
