// The client's address. scripts/client-ip-preload.mjs, loaded into the Next
// server process by `npm start` / `npm run dev`, writes the TCP peer of every request into
// PEER_HEADER, overwriting whatever the client sent. clientIp() turns it into the client's
// address: the peer itself, or, behind TRUST_PROXY_HOPS trusted proxies, what the outermost
// of them saw. X-Forwarded-For as it arrives is never trusted: Next fills it from the socket
// only when the client sent none. No "server-only" here: scripts/serve.ts imports this file.
import { isIP } from "node:net";

/** Internal request header with the TCP peer's address (scripts/client-ip-preload.mjs). */
export const PEER_HEADER = "x-lumen-peer-address";
export const UNKNOWN_IP = "unknown";
export const MAX_TRUST_PROXY_HOPS = 10;

// Set by the preload in the server process. Under a plain `next start` it is absent, and then
// a PEER_HEADER in the request can only have come from the client.
const PEER_HEADER_INSTALLED = Symbol.for("lumen.peer-address-header");
type Flagged = typeof globalThis & { [PEER_HEADER_INSTALLED]?: boolean };

/** TRUST_PROXY_HOPS as a number of proxies (unset: 0); anything else is a configuration error. */
export function parseTrustProxyHops(value: string | undefined): number {
  const text = (value ?? "").trim();
  if (text === "") return 0;
  if (!/^\d{1,2}$/.test(text) || Number(text) > MAX_TRUST_PROXY_HOPS) {
    throw new Error(
      `TRUST_PROXY_HOPS debe ser un número entero de 0 a ${MAX_TRUST_PROXY_HOPS}: cuántos proxies de confianza hay delante ` +
        `de la aplicación (0 sin proxy). Valor recibido: ${JSON.stringify(value)}.`,
    );
  }
  return Number(text);
}

let configured: { value: string | undefined; hops: number } | null = null;

/** TRUST_PROXY_HOPS of this process (validated at startup by scripts/serve.ts). */
function configuredHops(): number {
  const value = process.env.TRUST_PROXY_HOPS;
  if (!configured || configured.value !== value) configured = { value, hops: parseTrustProxyHops(value) };
  return configured.hops;
}

/** The eight 16-bit groups of a valid IPv6 address (no zone), as lower-case hex strings. */
function ipv6Groups(ip: string): string[] {
  // The URL parser writes IPv6 in its canonical form (RFC 5952), with no embedded dotted quad.
  const canonical = new URL(`http://[${ip}]`).hostname.slice(1, -1);
  const [head, tail] = canonical.split("::");
  const left = head ? head.split(":") : [];
  if (tail === undefined) return left;
  const right = tail ? tail.split(":") : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
}

const canonicalIpv6 = (groups: string[]) => new URL(`http://[${groups.join(":")}]`).hostname.slice(1, -1);

/**
 * A valid IP address in one canonical spelling, or null: IPv4 as is, IPv6 compressed and
 * lower-case without zone, and IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as the IPv4 address.
 */
export function normalizeIp(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  let text = value.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const family = isIP(text);
  if (family === 4) return text;
  if (family !== 6) return null;
  const groups = ipv6Groups(text.split("%")[0]);
  if (groups.slice(0, 5).every((group) => group === "0") && groups[5] === "ffff") {
    const [high, low] = [parseInt(groups[6], 16), parseInt(groups[7], 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return canonicalIpv6(groups);
}

/**
 * The client's address for one request. With 0 hops, the TCP peer; X-Forwarded-For and
 * X-Real-IP are whatever the client wrote. With N hops, the N-th entry from the right of
 * X-Forwarded-For: each trusted proxy appends the address it received the request from, so
 * that entry is what the outermost trusted proxy saw. Fewer entries, or garbage: "unknown".
 */
export function resolveClientIp(peer: string | null | undefined, forwardedFor: string | null | undefined, hops: number): string {
  if (hops === 0) return normalizeIp(peer) ?? UNKNOWN_IP;
  const entries = (forwardedFor ?? "").split(",");
  if (forwardedFor == null || entries.length < hops) return UNKNOWN_IP;
  return normalizeIp(entries[entries.length - hops]) ?? UNKNOWN_IP;
}

/**
 * The address of the client that sent this request, per TRUST_PROXY_HOPS: always a valid IP
 * address or "unknown" (also under a plain `next start`, which does not set PEER_HEADER).
 */
export function clientIp(headers: Headers): string {
  if (!peerAddressAvailable()) return UNKNOWN_IP;
  return resolveClientIp(headers.get(PEER_HEADER), headers.get("x-forwarded-for"), configuredHops());
}

/** Whether this process sees its clients' addresses (the preload is loaded). */
export function peerAddressAvailable(): boolean {
  return Boolean((globalThis as Flagged)[PEER_HEADER_INSTALLED]);
}

/**
 * For tests that call route handlers or server code directly, standing in for the preload:
 * from now on, this process believes PEER_HEADER.
 */
export function trustPeerHeader() {
  (globalThis as Flagged)[PEER_HEADER_INSTALLED] = true;
}

/**
 * What per-address rate limits count by: the IPv4 address, or the /64 network of an IPv6
 * address (one host usually owns a whole /64, so rotating inside it buys nothing). Anything
 * else ("unknown") counts as itself.
 */
export function rateLimitAddress(ip: string): string {
  const normalized = normalizeIp(ip);
  if (!normalized) return ip;
  if (isIP(normalized) === 4) return normalized;
  return `${canonicalIpv6([...ipv6Groups(normalized).slice(0, 4), "0", "0", "0", "0"])}/64`;
}
