import { apiRoute } from "@/lib/http/route";
import { csrfCookie, csrfTokenForSession, newCsrfToken } from "@/lib/auth/csrf";
import { findRequestSession } from "@/lib/auth/sessions";

/**
 * GET /sanctum/csrf-cookie → 204 with an XSRF-TOKEN cookie (Laravel Sanctum's path, at the root
 * as Sanctum clients call it). With an open session the token is the one bound to it (the
 * only one lib/http/auth-route.ts accepts for that session); without, a random one.
 * Cookie-authenticated unsafe /api requests must echo the cookie in X-XSRF-TOKEN.
 */
export const GET = apiRoute(async (request) => {
  const session = await findRequestSession(request);
  const token = session ? csrfTokenForSession(session.sessionId) : newCsrfToken();
  return new Response(null, {
    status: 204,
    headers: { "Set-Cookie": csrfCookie(token), "Cache-Control": "no-store" },
  });
});

export const dynamic = "force-dynamic";
