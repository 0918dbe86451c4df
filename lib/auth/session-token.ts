import { getToken } from "next-auth/jwt";

// The Auth.js session cookie: "__Secure-…" and Secure in production, plain in development.
// Auth.js itself (lib/auth/index.ts), proxy.ts, API callers and page guards must agree on it.

export const secureSessionCookies = () => process.env.NODE_ENV === "production";

/** Both names the session cookie can have (proxy.ts looks for either on "/"). */
export const SESSION_COOKIE_NAMES = ["authjs.session-token", "__Secure-authjs.session-token"] as const;

/** The session cookie's name under the current setting. */
export const sessionCookieName = () => (secureSessionCookies() ? "__Secure-authjs.session-token" : "authjs.session-token");

/**
 * The decoded session JWT of a request (or of a page's headers()), or null (no cookie, no
 * AUTH_SECRET, or not ours). Decoding only: whether the session is still open is
 * findActiveSession's job (lib/auth/sessions.ts); proxy.ts, which only redirects, stops here.
 */
export async function readSessionToken(request: Request | { headers: Headers }) {
  const secret = process.env.AUTH_SECRET;
  if (!secret) return null;
  const token = await getToken({ req: request, secret, secureCookie: secureSessionCookies() });
  return token?.sub ? token : null;
}
