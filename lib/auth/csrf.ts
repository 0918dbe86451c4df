import { randomBytes, timingSafeEqual } from "node:crypto";

// Sanctum-style CSRF protection for cookie-authenticated API calls: GET /sanctum/csrf-cookie
// sets XSRF-TOKEN (readable by the page's JavaScript); unsafe requests must echo it in the
// X-XSRF-TOKEN header. Another site can make the browser send our cookies but cannot read
// them, so it cannot produce the header.

export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "x-xsrf-token";

export function newCsrfToken() {
  return randomBytes(32).toString("base64url");
}

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

/** True when the request carries the CSRF cookie and the same value in X-XSRF-TOKEN. */
export function hasValidCsrfToken(request: Request): boolean {
  const cookie = readCookie(request, CSRF_COOKIE);
  const header = request.headers.get(CSRF_HEADER);
  if (!cookie || !header) return false;
  let headerValue: string;
  try {
    headerValue = decodeURIComponent(header); // Axios and Laravel's clients send it URL-encoded
  } catch {
    return false;
  }
  const a = Buffer.from(cookie);
  const b = Buffer.from(headerValue);
  return a.length === b.length && timingSafeEqual(a, b);
}
