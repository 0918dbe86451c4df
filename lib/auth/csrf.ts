import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Sanctum-style CSRF protection for cookie-authenticated API calls: GET /sanctum/csrf-cookie
// sets XSRF-TOKEN (readable by the page's JavaScript); unsafe requests must echo it in the
// X-XSRF-TOKEN header. Another site can make the browser send our cookies but cannot read
// them, so it cannot produce the header. The token of a signed-in session is an HMAC of its
// session id, so a pair the attacker chose (e.g. a cookie planted from a sibling subdomain)
// or the token of another session is refused.

export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "x-xsrf-token";

export function newCsrfToken() {
  return randomBytes(32).toString("base64url");
}

/** The one CSRF token a session accepts: base64url HMAC-SHA256 of "csrf:<sid>" under AUTH_SECRET. */
export function csrfTokenForSession(sessionId: string): string {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set");
  return createHmac("sha256", secret).update(`csrf:${sessionId}`).digest("base64url");
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The Set-Cookie value for a fresh token (2 hours, same site, not httpOnly by design). */
export function csrfCookie(token: string) {
  const secure = process.env.NODE_ENV === "production" ? "; Secure" : "";
  return `${CSRF_COOKIE}=${token}; Path=/; Max-Age=7200; SameSite=Lax${secure}`;
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return null; // malformed percent-encoding: no usable cookie (never a 500)
    }
  }
  return null;
}

/**
 * True when the request carries the CSRF cookie, the same value in X-XSRF-TOKEN, and that
 * value is the token of the caller's session.
 */
export function hasValidCsrfToken(request: Request, sessionId: string): boolean {
  const cookie = readCookie(request, CSRF_COOKIE);
  const header = request.headers.get(CSRF_HEADER);
  if (!cookie || !header) return false;
  let headerValue: string;
  try {
    headerValue = decodeURIComponent(header); // Axios and Laravel's clients send it URL-encoded
  } catch {
    return false;
  }
  return sameText(cookie, headerValue) && sameText(headerValue, csrfTokenForSession(sessionId));
}
