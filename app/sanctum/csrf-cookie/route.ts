import { csrfCookie, newCsrfToken } from "@/lib/auth/csrf";

/**
 * GET /sanctum/csrf-cookie → 204 with a fresh XSRF-TOKEN cookie (Laravel Sanctum's path, at
 * the root as the spec's clients call it). Cookie-authenticated unsafe /api requests must echo
 * the cookie in X-XSRF-TOKEN (lib/api/auth.ts).
 */
export function GET() {
  return new Response(null, {
    status: 204,
    headers: { "Set-Cookie": csrfCookie(newCsrfToken()), "Cache-Control": "no-store" },
  });
}

export const dynamic = "force-dynamic";
