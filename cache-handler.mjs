// Next's cache (pre-rendered pages, route responses and unstable_cache data) in Redis, shared by
// every instance, when REDIS_URL is set (next.config.ts only names this file then).
// @fortedigital/nextjs-cache-handler's redis-strings handler: entries under a
// prefix with this build's id (a new deploy never serves an old build's pages), tag revalidation
// written to Redis so that every instance misses the entry on its next read.
//
// Redis down or frozen: an operation that fails or takes longer than OPERATION_TIMEOUT_MS (the
// client's own abort cannot recall a command already sent to a frozen server) opens a circuit, and until a PING answers again (tried every PROBE_MS) every read is a miss (the page
// renders from the database) and every write is skipped, without waiting on Redis: never an
// error to the visitor. The outage is logged once, and the recovery too. A tag revalidation that
// could not reach Redis is kept and sent again as soon as Redis answers, so no edit made during
// the outage is missed after it.
//
// Route handlers' entries (APP_ROUTE, e.g. /sitemap.xml) get the tags Next lists in their
// x-next-cache-tags header, as pages do: the library stores them without tags, so revalidateTag
// never reached them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { createClient } from "@redis/client";

const COMMAND_TIMEOUT_MS = 1_000;
/** A whole handler operation (a read is up to three commands). */
const OPERATION_TIMEOUT_MS = 1_500;
const PROBE_MS = 1_000;
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

/** `promise`, or a rejection once `ms` have passed without an answer. */
function withinTime(promise, ms) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Tags Next lists for a cached route or page answer. */
function headerTags(value) {
  const header = value?.headers?.["x-next-cache-tags"];
  if (Array.isArray(header)) return header;
  return typeof header === "string" ? header.split(",").filter(Boolean) : [];
}

/**
 * The Redis handler behind a circuit breaker (see above), keeping the revalidations Redis missed.
 * `status.down(error)` and `status.up(missed)` report the outage and the recovery (logged once
 * each); `probe()` asks Redis whether it answers again, every PROBE_MS while the circuit is open.
 */
function guarded(handler, { status, isReady, probe }) {
  let open = false;
  /** Tags whose revalidation did not reach Redis: sent again once it answers. */
  const missedTags = new Set();

  const call = async (operation, fallback) => {
    // Disconnected (the client reconnects on its own) or failing: answer at once, without Redis.
    if (open || !isReady()) return { ok: false, result: fallback };
    try {
      return { ok: true, result: await withinTime(operation(), OPERATION_TIMEOUT_MS) };
    } catch (error) {
      trip(error);
      return { ok: false, result: fallback };
    }
  };
  function trip(error) {
    if (open) return;
    open = true;
    status.down(error);
    const probeLater = () =>
      setTimeout(() => {
        probe().then(recovered, probeLater);
      }, PROBE_MS).unref();
    probeLater();
  }
  async function revalidate(tag) {
    const { ok } = await call(() => handler.revalidateTag(tag), undefined);
    if (ok) missedTags.delete(tag);
    else missedTags.add(tag);
  }
  function recovered() {
    open = false;
    status.up(missedTags.size);
    for (const tag of [...missedTags]) void revalidate(tag);
  }

  return {
    handler: {
      name: handler.name,
      get: async (key, meta) => (await call(() => handler.get(key, meta), null)).result,
      set: async (key, entry, ctx) => {
        const withTags = entry?.value?.kind === "APP_ROUTE" && entry.tags.length === 0 ? { ...entry, tags: headerTags(entry.value) } : entry;
        await call(() => handler.set(key, withTags, ctx), undefined);
      },
      revalidateTag: revalidate,
      delete: async (key) => void (await call(() => handler.delete?.(key), undefined)),
    },
    /** The client (re)connected: the circuit closes and the missed revalidations go out. */
    reconnected: recovered,
  };
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
  const status = {
    down(error) {
      if (down) return;
      down = true;
      console.error(`[cache] Redis no responde (${error?.message || error}); las páginas se generan sin la caché compartida hasta que vuelva.`);
    },
    up(missed) {
      if (!down) return;
      down = false;
      console.info(`[cache] Redis disponible de nuevo${missed ? `; se reenvían ${missed} revalidaciones que no le llegaron` : ""}.`);
    },
  };
  const redis = guarded(createRedisHandler({ client, keyPrefix, timeoutMs: COMMAND_TIMEOUT_MS }), {
    status,
    isReady: () => client.isReady,
    probe: () => withinTime(client.ping(), COMMAND_TIMEOUT_MS),
  });
  client.on("error", (error) => status.down(error));
  client.on("ready", () => redis.reconnected());
  client.connect().catch(() => {
    // Reported by the "error" listener; the client keeps reconnecting on its own.
  });

  return { handlers: [redis.handler] };
}

CacheHandler.onCreation(() => {
  // One client per process, however many times Next creates the handler.
  globalThis.__consultoraCacheConfiguration ??= createConfiguration();
  return globalThis.__consultoraCacheConfiguration;
});

export default CacheHandler;
