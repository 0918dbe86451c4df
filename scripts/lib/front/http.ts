// The raw HTTP of `npm run test:front`: answers with the bytes as sent (compressed or not) and the
// front's cache status, and what the checks read from them.
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; cache: string };

/** Answered from the front's cache: fresh (HIT) or, once FRONT_TEST_CACHE_SECONDS have passed, the kept
 * copy while one request refreshes it (STALE, UPDATING). A slow moment of the machine may age an
 * entry between two requests, so "it is in the cache" accepts all three. */
export const fromCache = (answer: Answer) => ["HIT", "STALE", "UPDATING"].includes(answer.cache);

export function send(base: string, method: string, pathname: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, base);
    const req = http.request(url, { method, headers: { ...headers, ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }) }, agent: false, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), cache: String(res.headers["x-cache-status"] ?? "-") }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${pathname}: sin respuesta en 20 s`)));
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const header = (answer: Answer, name: string) => String(answer.headers[name] ?? "");

export function decoded(answer: Answer): Buffer {
  const encoding = header(answer, "content-encoding");
  if (encoding === "gzip") return gunzipSync(answer.body);
  if (encoding === "br") return brotliDecompressSync(answer.body);
  return answer.body;
}

/** Whether the app marked an answer for shared caches (what the front keeps). */
export function markedCacheable(answer: Answer) {
  const cc = header(answer, "cache-control");
  return answer.status === 200 && /s-maxage=[1-9]/i.test(cc) && !/private|no-store|no-cache/i.test(cc) && !answer.headers["set-cookie"];
}
