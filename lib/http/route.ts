import { HttpError, httpErrorFor } from "./errors";

type RouteContext<P> = { params: Promise<P> };

/** What a private answer (a signed-in caller's data, an error, a token) says to every cache. */
export const PRIVATE_NO_STORE = "private, no-store";

/** `response` with `Cache-Control: value` (a copy when its headers cannot change, e.g. a redirect). */
export function withCacheControl(response: Response, value: string): Response {
  try {
    response.headers.set("Cache-Control", value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", value);
    return copy;
  }
}

/** `{ message, errors }` with the error's status and headers, never cacheable. */
export function errorResponse(error: HttpError) {
  const body: { message: string; errors?: Record<string, string[]> } = { message: error.message };
  if (error.errors) body.errors = error.errors;
  return Response.json(body, { status: error.status, headers: { ...error.headers, "Cache-Control": PRIVATE_NO_STORE } });
}

/**
 * Wraps a route handler: a thrown DomainError or HttpError becomes `{ message, errors }` with its
 * status; anything unexpected is logged and answered with a 500 that shows no internals.
 * Errors, and answers that name no caching policy, are `private, no-store`: only an answer
 * the handler marks public (lib/http/public.ts) may be kept by a shared cache.
 */
export function apiRoute<P = Record<string, never>>(
  handler: (request: Request, context: RouteContext<P>) => Promise<Response>,
) {
  return async (request: Request, context: RouteContext<P>): Promise<Response> => {
    try {
      const response = await handler(request, context);
      return response.headers.has("Cache-Control") ? response : withCacheControl(response, PRIVATE_NO_STORE);
    } catch (error) {
      const known = httpErrorFor(error);
      if (known) return errorResponse(known);
      console.error(`[api] ${request.method} ${new URL(request.url).pathname}`, error);
      return Response.json(
        { message: "Error interno del servidor. Inténtalo de nuevo más tarde." },
        { status: 500, headers: { "Cache-Control": PRIVATE_NO_STORE } },
      );
    }
  };
}

/** `{ data }`, the contract's envelope for lists and single items. */
export function dataResponse(data: unknown, init?: ResponseInit) {
  return Response.json({ data }, init);
}
