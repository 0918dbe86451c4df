import { getToken } from "next-auth/jwt";

// The Auth.js session cookie: "__Secure-…" and Secure in production, plain in development.
// Auth.js itself (lib/auth/index.ts), proxy.ts and API callers must agree on it.

export const secureSessionCookies = () => process.env.NODE_ENV === "production";

/** The decoded session JWT of a request, or null (no cookie, no AUTH_SECRET, or not ours). */
export async function readSessionToken(request: Request) {
  const secret = process.env.AUTH_SECRET;
  if (!secret) return null;
  const token = await getToken({ req: request, secret, secureCookie: secureSessionCookies() });
  return token?.sub ? token : null;
}
