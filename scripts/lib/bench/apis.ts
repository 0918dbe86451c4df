// `npm run bench`, the API: the public endpoints, the admin inbox (list, filter, search on the
// bench's 100,000 messages, bearer token) and the contact POST (a new address per request).
import { randomBytes } from "node:crypto";
import { adminToken } from "../admin-token";
import { fetchRaw, measure } from "../bench-measure";
import { ADMIN_INBOX_PATHS, PUBLIC_API_PATHS } from "../bench-targets";
import type { ApiResult, BenchRun } from "./run";

export async function measureApis({ baseUrl, load, log, failures }: BenchRun): Promise<ApiResult[]> {
  const results: ApiResult[] = [];
  const attempt = async (name: string, step: () => Promise<ApiResult>) => {
    try {
      results.push(await step());
      log(`${name}: ${results.at(-1)!.result.rps.toFixed(0)} req/s`);
    } catch (error) {
      failures.push({ target: name, error: (error as Error).message });
      log(`${name}: ERROR ${(error as Error).message}`);
    }
  };
  for (const pathname of PUBLIC_API_PATHS) {
    await attempt(pathname, async () => {
      const raw = await fetchRaw(`${baseUrl}${pathname}`);
      if (raw.status !== 200) throw new Error(`respondió ${raw.status} antes de medir`);
      return { kind: "api", name: pathname, path: pathname, bytes: raw.body.length, result: await measure({ url: `${baseUrl}${pathname}` }, load) };
    });
  }
  let headers: Record<string, string> | null = null;
  try {
    headers = { authorization: `Bearer ${await adminToken(baseUrl, { "x-forwarded-for": "198.51.100.1" })}` };
  } catch (error) {
    failures.push({ target: "bandeja de administración", error: (error as Error).message });
  }
  for (const { name, path: pathname } of headers ? ADMIN_INBOX_PATHS : []) {
    await attempt(name, async () => {
      const raw = await fetchRaw(`${baseUrl}${pathname}`, headers!);
      if (raw.status !== 200) throw new Error(`respondió ${raw.status} antes de medir`);
      return { kind: "admin", name, path: pathname, bytes: raw.body.length, result: await measure({ url: `${baseUrl}${pathname}`, headers: headers! }, load) };
    });
  }
  // Contact POST: a new documentation-range /64 per request (the limits count IPv6 by /64; TRUST_PROXY_HOPS=1), so the
  // per-address rate limit is not what is measured; any 429 is reported on its own.
  let sent = 0;
  const runId = randomBytes(3).toString("hex");
  await attempt("POST /api/v1/contact", async () => {
    const contact = await measure(
      {
        url: `${baseUrl}/api/v1/contact`,
        setupRequest: () => {
          sent += 1;
          return {
            method: "POST",
            path: "/api/v1/contact",
            headers: { "content-type": "application/json", "x-forwarded-for": `2001:db8:${(sent >> 16) & 0xffff}:${sent & 0xffff}::1` },
            body: JSON.stringify({ name: "Prueba de rendimiento", email: `bench+${sent}@example.com`, subject: `bench-${runId}-${sent}`, message: "Mensaje de la prueba de rendimiento." }),
          };
        },
      },
      load,
    );
    return { kind: "contact", name: "POST /api/v1/contact", path: "/api/v1/contact", bytes: null, result: contact, status429: contact.statuses["429"] ?? 0 };
  });
  return results;
}
