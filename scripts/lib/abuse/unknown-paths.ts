// `npm run test:abuse`, section 6: unknown /api paths answer 404 whatever the body (multipart, a
// Next-Action header, broken bodies), or 413 for an 11 MB body.
import { randomBytes } from "node:crypto";
import type { AbuseRun } from "./callers";
import { formatStatuses } from "./client";

function multipartOf(bytes: number): { body: Uint8Array; contentType: string } {
  const boundary = `----abuse${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: new Uint8Array(Buffer.concat([head, Buffer.alloc(bytes, 0x61), tail])), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function unknownApiPaths({ client, creds }: AbuseRun) {
  const big = multipartOf(11 * 1024 * 1024);
  const small = multipartOf(100);
  const cases: [string, string, string, Record<string, string>, string | Uint8Array | undefined][] = [];
  for (const pathname of ["/api/v1/nope", "/api/v1/admin/nope", "/api/nope/deeper/still"]) {
    cases.push(
      ["GET", pathname, "GET", {}, undefined],
      ["11 MB multipart", pathname, "POST", { "content-type": big.contentType }, big.body],
      ["11 MB multipart as admin", pathname, "POST", { "content-type": big.contentType, ...creds.admin.cookie.csrfHeaders }, big.body],
      ["small multipart", pathname, "POST", { "content-type": small.contentType }, small.body],
      ["Next-Action, text body", pathname, "POST", { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" }, "[]"],
      ["Next-Action, multipart", pathname, "POST", { "next-action": "0".repeat(42), "content-type": small.contentType }, small.body],
      ["Next-Action, broken body", pathname, "POST", { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" }, "[{"],
      ["JSON PUT", pathname, "PUT", { "content-type": "application/json" }, "{}"],
      ["DELETE", pathname, "DELETE", {}, undefined],
    );
  }
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  for (const [label, pathname, method, headers, body] of cases) {
    const response = await client.send(method, pathname, { headers, body });
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status !== 404 && !(response.status === 413 && label.startsWith("11 MB"))) failures.push(`${label} ${method} ${pathname} → ${response.status || response.error} ${response.text.slice(0, 160)}`);
  }
  return { cases: cases.length, statuses, failures };
}

export async function unknownApiPathsSection(run: AbuseRun): Promise<boolean> {
  console.log(`\n── 6. Rutas de la API que no existen ──`);
  const unknown = await unknownApiPaths(run);
  console.log(`casos ${unknown.cases}, estados ${formatStatuses(unknown.statuses)}, fallidos ${unknown.failures.length}`);
  for (const line of unknown.failures) console.log(`  ✗ ${line}`);
  return unknown.failures.length === 0;
}
