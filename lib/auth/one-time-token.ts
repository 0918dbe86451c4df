import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { after } from "next/server";

// The secret of a link sent by e-mail (password reset, e-mail verification): 32 random bytes in
// base64url. Only its SHA-256 is stored, so a leaked table cannot be turned into working links.

/** 32 random bytes in base64url are exactly 43 characters of this alphabet. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A new link secret and the hash to store for it. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: sha256(token) };
}

/** The stored hash of a link secret as it arrives (from a URL or a form), or null when it cannot be one. */
export function linkTokenHash(token: unknown): string | null {
  return typeof token === "string" && TOKEN_PATTERN.test(token) ? sha256(token) : null;
}

/**
 * Runs `task` after the response has been sent (Next's after()), so what it does (a lookup, an
 * e-mail) neither delays the answer nor shows in its timing; outside a request (scripts, tests)
 * it runs at once. Failures are logged with `label`, never thrown.
 */
export async function runAfterResponse(label: string, task: () => Promise<unknown>): Promise<void> {
  const guarded = async () => {
    try {
      await task();
    } catch (error) {
      console.error(`[${label}] No se pudo completar la tarea posterior a la respuesta`, error);
    }
  };
  try {
    after(guarded);
  } catch {
    await guarded();
  }
}
