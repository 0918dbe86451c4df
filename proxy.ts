import { NextResponse, type NextRequest } from "next/server";
import { dashboardFor, loginUrl, type Role } from "@/lib/auth/redirects";
import { readSessionToken, SESSION_COOKIE_NAMES } from "@/lib/auth/session-token";
import { MALFORMED_ESCAPE } from "@/lib/malformed-path";
import { legacyVariantPath } from "@/lib/public-variants";
import { refuseInvalidServerAction } from "@/lib/server-action-guard";

// Runs only where it has work (see the matcher), so an anonymous visitor's page view never pays
// for it:
// - the signed-in areas, /dashboard, and "/" when a session cookie is present: it redirects and
//   gives the signed-in areas a strict, nonce-based CSP (layouts, actions and handlers check
//   again: this is not the only guard);
// - server-action posts to any page: it answers 4xx to those Next would fail with a 500 (foreign
//   origin, broken body: lib/server-action-guard.ts);
// - the list pages' earlier query URLs (/servicios?categoria=…): it rewrites each to its variant
//   (lib/public-variants.ts);
// - a path with a percent-escape: when its escapes are not text (lib/malformed-path.ts; Next 16.4
//   answers some with 500) it names nothing here, and is rewritten to a path that does not exist,
//   the normal 404.

/** Whether one of the signed-in-area entries of the matcher (not a server-action one) matched. */
function inSignedInScope(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/") return SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));
  return pathname === "/dashboard" || /^\/(admin|client)(\/|$)/.test(pathname);
}

async function sessionRole(request: NextRequest): Promise<Role | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  return token.role === "admin" ? "admin" : "client";
}

/** A redirect carries a policy too (next.config.ts leaves the signed-in areas' CSP to this file); it has no content. */
const REDIRECT_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function redirectTo(request: NextRequest, path: string) {
  const response = NextResponse.redirect(new URL(path, request.url));
  response.headers.set("Content-Security-Policy", REDIRECT_POLICY);
  return response;
}

function strictPolicy(nonce: string) {
  const dev = process.env.NODE_ENV !== "production";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** "/productos/" → 308 "/productos" (what Next would do, but with the security headers: next.config.ts applies them to proxy answers). */
function withoutTrailingSlash(request: NextRequest): NextResponse | null {
  const { pathname, search } = request.nextUrl;
  if (pathname.length <= 1 || !pathname.endsWith("/")) return null;
  const target = new URL(`${pathname.replace(/\/+$/, "") || "/"}${search}`, request.url);
  const response = NextResponse.redirect(target, 308);
  response.headers.set("Content-Security-Policy", REDIRECT_POLICY);
  return response;
}

/** The path every malformed one is rewritten to: no route has it, so Next answers its 404 page. */
const MALFORMED_PATH_TARGET = "/_malformed-url";

export async function proxy(request: NextRequest) {
  // Before anything else, the signed-in areas included: such a path names nothing, so it is a 404
  // for everyone rather than a sign-in page. The raw path, still encoded (nextUrl decodes).
  if (MALFORMED_ESCAPE.test(new URL(request.url).pathname)) return NextResponse.rewrite(new URL(MALFORMED_PATH_TARGET, request.url));
  const slash = withoutTrailingSlash(request);
  if (slash) return slash;
  const refusal = await refuseInvalidServerAction(request);
  if (refusal) return refusal;
  const variant = legacyVariantPath(request.nextUrl.pathname, request.nextUrl.searchParams);
  if (variant) return NextResponse.rewrite(new URL(variant, request.url));
  if (!inSignedInScope(request)) return NextResponse.next();

  const { pathname, search } = request.nextUrl;
  const role = await sessionRole(request);

  if (pathname === "/") return role ? redirectTo(request, dashboardFor(role)) : NextResponse.next();
  if (pathname === "/dashboard") return redirectTo(request, role ? dashboardFor(role) : loginUrl("/client/dashboard"));

  const area = pathname.startsWith("/admin") ? "admin" : "client";
  if (!role) return redirectTo(request, loginUrl(`${pathname}${search}`));
  if (area === "admin" && role !== "admin") return redirectTo(request, dashboardFor(role));
  if (area === "client" && role === "admin") return redirectTo(request, dashboardFor(role));
  if (pathname === "/admin" || pathname === "/client") return redirectTo(request, dashboardFor(role));

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = strictPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  requestHeaders.set("x-return-to", `${pathname}${search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export const config = {
  matcher: [
    // The signed-in areas (/admin, /client and everything under them) and /dashboard.
    "/:area(admin|client)/:path*",
    "/dashboard",
    // Paths ending in "/" (Next's own trailing-slash redirect is off: next.config.ts).
    "/:path+/",
    { source: "/", has: [{ type: "cookie", key: "authjs.session-token" }] },
    { source: "/", has: [{ type: "cookie", key: "__Secure-authjs.session-token" }] },
    // Possible server actions, as Next recognizes them (never anonymous page views; never /api).
    { source: "/:path((?!api/|_next/).*)", has: [{ type: "header", key: "next-action" }] },
    { source: "/:path((?!api/|_next/).*)", has: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }] },
    // The earlier query URLs of the list pages, one entry per parameter (every entry costs each
    // request a regex test): lib/public-variants.ts LEGACY_QUERY_PARAMS, which
    // tests/public-variants.test.ts checks against these with Next's own matcher code.
    { source: "/:page(productos|servicios|tecnologias)", has: [{ type: "query", key: "categoria" }] },
    { source: "/:page(servicios|tecnologias)", has: [{ type: "query", key: "vista" }] },
    { source: "/soluciones", has: [{ type: "query", key: "tab" }] },
    { source: "/sectores", has: [{ type: "query", key: "sector" }] },
    // Any path with a percent-escape (the malformed ones among them are answered 404).
    "/:path(.*%.*)",
  ],
};
