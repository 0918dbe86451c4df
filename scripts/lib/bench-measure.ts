// Measuring one target with autocannon (programmatic API) and fetching a page's exact bytes.
import http from "node:http";
import autocannon from "autocannon";

export type LoadOptions = {
  connections: number;
  duration: number;
  warmup: number;
  timeout?: number;
  /** Waits until the server has finished what the last run left queued (abandoned requests still render). */
  settle?: () => Promise<void>;
};

/** A run with fewer completed requests than connections says nothing: it is measured again, this much longer. */
const LONGER_RUN_FACTOR = 5;
const LONGEST_RUN_SECONDS = 30;

export type Measurement = {
  url: string;
  duration: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
};

export type Target = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A new request each time (e.g. a fresh X-Forwarded-For and body); overrides method/headers. */
  setupRequest?: () => { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };
};

function run(target: Target, connections: number, duration: number, timeout: number) {
  const { pathname, search } = new URL(target.url);
  const base = { method: target.method ?? "GET", path: `${pathname}${search}`, headers: target.headers ?? {} };
  return autocannon({
    url: target.url,
    connections,
    duration,
    timeout,
    requests: [
      target.setupRequest
        ? { ...base, setupRequest: (request) => ({ ...request, ...target.setupRequest!() }) }
        : base,
    ],
  });
}

/** A short warm-up (discarded), then `duration` seconds at `connections` concurrent connections. */
export async function measure(target: Target, options: LoadOptions): Promise<Measurement> {
  const timeout = options.timeout ?? 10;
  if (options.warmup > 0) {
    await run(target, options.connections, options.warmup, timeout);
    await options.settle?.();
  }
  let result = await run(target, options.connections, options.duration, timeout);
  await options.settle?.();
  if (result.requests.total > 0 && result.requests.total < options.connections) {
    // Heavy pages: 50 concurrent requests of megabytes may not finish within a few seconds. (None at
    // all within the timeout: a longer run would not change that, and the run says so as it is.)
    result = await run(target, options.connections, Math.min(LONGEST_RUN_SECONDS, options.duration * LONGER_RUN_FACTOR), Math.max(timeout, 30));
    await options.settle?.();
  }
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = (stat as { count: number }).count;
  return {
    url: target.url,
    duration: result.duration,
    requests: result.requests.total,
    rps: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };
}

export type RawPage = { status: number; headers: Headers; body: Buffer };

/** One GET as autocannon sends it (no Accept-Encoding: the uncompressed bytes); retried twice on a network error. */
export async function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<RawPage> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetchRawOnce(url, headers);
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000 * attempt));
    }
  }
}

function fetchRawOnce(url: string, headers: Record<string, string> = {}): Promise<RawPage> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const result = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) result.append(name, item);
        }
        resolve({ status: response.statusCode ?? 0, headers: result, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`Sin respuesta de ${url} en 30 s`)));
    request.on("error", reject);
  });
}

/** Until a small pre-rendered page answers quickly twice in a row (at most `maxMs`): the server is idle again. */
export async function waitUntilIdle(url: string, maxMs = 20_000, quickMs = 300): Promise<void> {
  const deadline = Date.now() + maxMs;
  let quick = 0;
  while (Date.now() < deadline && quick < 2) {
    const started = Date.now();
    try {
      await fetchRawOnce(url, {});
      quick = Date.now() - started < quickMs ? quick + 1 : 0;
    } catch {
      quick = 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
