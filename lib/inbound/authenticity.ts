import "server-only";
import { promises as dns } from "node:dns";
import { authenticate, type AuthenticateResult, type DNSResolver } from "mailauth";
import { z } from "@/lib/zod";

// Whether an inbound message really comes from the domain its From names (DKIM, SPF and DMARC,
// through mailauth). The answer is a warning staff see next to the message, never a refusal:
//   - DMARC failed → warning;
//   - no DMARC verdict (the domain publishes no policy) → warning when SPF failed (fail or
//     softfail) and no DKIM signature aligned with the From domain passed;
//   - passed, or nothing could really be checked (DNS unreachable or timing out, no client IP
//     for SPF and no signature) → no warning: a server without DNS must not flag everyone.
// It never throws and never takes long: each DNS lookup and the whole check are time-bounded.

export type AuthContext = {
  /** The connecting client's IP (the SMTP listener knows it; the IMAP poller usually does not). */
  ip?: string;
  /** The client's EHLO/HELO name. */
  helo?: string;
  /** The SMTP envelope sender (MAIL FROM). */
  mailFrom?: string;
  /** A DNS resolver like dns.promises.resolve (tests serve their records through it). */
  resolver?: (name: string, rr: string) => Promise<unknown>;
  /** The bound on the whole check, in milliseconds (default 5 s). */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 5_000;
const LOOKUP_TIMEOUT_MS = 2_000;
const WARNING_MAX = 300;
const WARNING_PREFIX = "No se pudo verificar que el remitente sea quien dice ser";

const contextSchema = z.object({
  ip: z.union([z.ipv4(), z.ipv6()]).optional().catch(undefined),
  helo: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,255}$/)
    .optional()
    .catch(undefined),
  mailFrom: z
    .string()
    .trim()
    .regex(/^[^\s<>]{1,320}$/)
    .optional()
    .catch(undefined),
  timeoutMs: z.number().int().min(1).max(60_000).optional().catch(undefined),
});

/** An error as dns.promises reports it, so mailauth reads it as a temporary failure. */
function dnsError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Each lookup bounded, and none started once the check's time is up. */
function boundedResolver(resolver: AuthContext["resolver"], deadline: number): DNSResolver {
  const resolve = resolver ?? ((name: string, rr: string) => dns.resolve(name, rr));
  return async (name, rr) => {
    const left = deadline - Date.now();
    if (left <= 0) throw dnsError("ETIMEOUT", `DNS: sin tiempo para ${rr} ${name}`);
    const answer = await withTimeout(Promise.resolve().then(() => resolve(name, rr)), Math.min(LOOKUP_TIMEOUT_MS, left), () =>
      dnsError("ETIMEOUT", `DNS: ${rr} ${name} no respondió a tiempo`),
    );
    return answer as string[][] | string[];
  };
}

const word = (value: string | undefined) => (value && /^[a-z]{1,12}$/.test(value) ? value : "none");

/** One DKIM word for the message: "pass" when any signature passed, else the first signature's result. */
function dkimSummary(result: AuthenticateResult): string {
  const rows = result.dkim?.results ?? [];
  if (rows.some((row) => row.status?.result === "pass")) return "pass";
  return word(rows[0]?.status?.result);
}

const UNCHECKED = new Set(["temperror", "temperr", "none"]);

/** The warning for these results, or null (see the top of this file). */
function warningOf(result: AuthenticateResult): string | null {
  const dkim = dkimSummary(result);
  const spf = word(result.spf ? result.spf.status.result : undefined);
  const dmarc = result.dmarc ? result.dmarc.status.result : null;

  if (dmarc === "pass" || dmarc === "temperror" || dmarc === "temperr") return null;
  if (dmarc === "fail") {
    // DMARC fails as well when SPF could not run (no client IP, DNS trouble) and the message
    // carries no signature: that is an unchecked message, not a forged one.
    if (UNCHECKED.has(spf) && (dkim === "none" || dkim === "temperror")) return null;
    return `${WARNING_PREFIX}: falló DMARC (dkim=${dkim}, spf=${spf}).`.slice(0, WARNING_MAX);
  }
  const alignedDkimPass = (result.dkim?.results ?? []).some((row) => row.status?.result === "pass" && Boolean(row.status.aligned));
  if ((spf === "fail" || spf === "softfail") && !alignedDkimPass) {
    return `${WARNING_PREFIX}: falló SPF (spf=${spf}, dkim=${dkim}).`.slice(0, WARNING_MAX);
  }
  return null;
}

/** A Spanish warning (≤ 300 characters) when the sender's domain does not vouch for this message, else null. */
export async function authenticityWarning(raw: Buffer, ctx: AuthContext): Promise<string | null> {
  try {
    const options = contextSchema.parse(ctx ?? {});
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    const check = authenticate(raw, {
      ip: options.ip,
      helo: options.helo,
      sender: options.mailFrom,
      resolver: boundedResolver(typeof ctx?.resolver === "function" ? ctx.resolver : undefined, deadline),
      disableBimi: true,
    });
    const result = await withTimeout(check, timeoutMs, () => new Error(`la verificación tardó más de ${timeoutMs} ms`));
    return warningOf(result);
  } catch (error) {
    console.warn(`[inbound] authenticity check skipped: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
