import "server-only";
import { identifyCaller, type Caller } from "@/lib/auth/caller";
import { hasValidCsrfToken } from "@/lib/auth/csrf";
import { forbidden, unauthenticated } from "@/lib/errors";
import { HttpError } from "./errors";
import { apiRoute, PRIVATE_NO_STORE, withCacheControl } from "./route";

type RouteContext<P> = { params: Promise<P> };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A route handler for signed-in callers (`"user"`) or admins only (`"admin"`):
 * 401 without valid credentials (a signed-out or revoked session included), 403 for the wrong
 * role, 419 for a cookie-authenticated unsafe request without its session's CSRF token in both
 * the XSRF-TOKEN cookie and the X-XSRF-TOKEN header. Bearer requests need no CSRF token.
 * Every answer, errors included, is `Cache-Control: private, no-store`.
 */
export function authRoute<P = Record<string, never>>(
  role: "user" | "admin",
  handler: (request: Request, context: RouteContext<P>, caller: Caller) => Promise<Response>,
) {
  const route = apiRoute<P>(async (request, context) => {
    const caller = await identifyCaller(request);
    if (!caller) throw unauthenticated();
    if (role === "admin" && caller.user.role !== "admin") throw forbidden();
    if (caller.sessionId !== null && !SAFE_METHODS.has(request.method) && !hasValidCsrfToken(request, caller.sessionId)) {
      throw new HttpError(419, "La sesión expiró o falta el token CSRF. Recarga la página e inténtalo de nuevo.");
    }
    return handler(request, context, caller);
  });
  // Whatever the handler set: a signed-in caller's answer (data, CSV, PDF or error) is theirs alone.
  return async (request: Request, context: RouteContext<P>) => withCacheControl(await route(request, context), PRIVATE_NO_STORE);
}
