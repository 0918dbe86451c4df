import { getToken, type JWT } from "next-auth/jwt";

// The Auth.js session cookie: "__Secure-…" and Secure in production, plain in development.
// Auth.js itself (lib/auth/index.ts), proxy.ts, API callers and page guards must agree on it.

export const secureSessionCookies = () => process.env.NODE_ENV === "production";

/** Both names the session cookie can have (proxy.ts looks for either on "/"). */
export const SESSION_COOKIE_NAMES = ["authjs.session-token", "__Secure-authjs.session-token"] as const;

/** The session cookie's name under the current setting. */
export const sessionCookieName = () => (secureSessionCookies() ? "__Secure-authjs.session-token" : "authjs.session-token");

/**
 * Tokens already decoded, by secret, cookie name and the request's Cookie header. Decoding (a key
 * derivation and a decryption) takes about 0.7 ms, and a signed-in page decodes its cookie twice
 * (proxy.ts, then the page's guard). The same bytes always decode to the same token, so only its
 * expiry is checked again; only tokens that decoded are kept, at most DECODED_MAX of them.
 */
const decoded = new Map<string, Readonly<JWT>>();
const DECODED_MAX = 500;
/** Longer Cookie headers are decoded every time rather than kept. */
const DECODED_KEY_MAX = 8192;

/**
 * The decoded session JWT of a request (or of a page's headers()), or null (no cookie, no
 * AUTH_SECRET, not ours, or expired). Decoding only: whether the session is still open is
 * findActiveSession's job (lib/auth/sessions.ts); proxy.ts, which only redirects, stops here.
 */
export async function readSessionToken(request: Request | { headers: Headers }): Promise<Readonly<JWT> | null> {
  const secret = process.env.AUTH_SECRET;
  if (!secret) return null;
  const cookies = request.headers.get("cookie") ?? "";
  const key = cookies.length <= DECODED_KEY_MAX ? `${secret}\n${sessionCookieName()}\n${cookies}` : null;
  const known = key ? decoded.get(key) : undefined;
  if (known) {
    if (typeof known.exp === "number" && known.exp * 1000 > Date.now()) return known;
    decoded.delete(key!);
  }
  const token = await getToken({ req: request, secret, secureCookie: secureSessionCookies() });
  if (!token?.sub) return null;
  const kept = Object.freeze(token);
  if (key && typeof kept.exp === "number") {
    // The oldest entry goes first (a Map iterates in insertion order).
    if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value!);
    decoded.set(key, kept);
  }
  return kept;
}
