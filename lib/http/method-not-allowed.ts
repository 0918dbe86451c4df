import { authRoute } from "./auth-route";
import { HttpError } from "./errors";
import { apiRoute } from "./route";

/** The Spanish message of a 405. */
export const METHOD_NOT_ALLOWED_MESSAGE = "Método no permitido en esta dirección.";

/**
 * A handler for the methods a route does not serve: 405 in the contract's error shape, with
 * `Allow` naming the methods it does serve (Next's own 405 has no body and no Allow). With a
 * `role`, the caller is checked first (401/403 as on the route's own methods), so the 405 tells
 * nothing to whoever may not use the route at all; `message` says why, when there is a rule.
 */
export function methodNotAllowed(allowed: readonly string[], options: { role?: "user" | "admin"; message?: string } = {}) {
  const refuse = async (): Promise<never> => {
    throw new HttpError(405, options.message ?? METHOD_NOT_ALLOWED_MESSAGE, undefined, { Allow: allowed.join(", ") });
  };
  return options.role ? authRoute<Record<string, string>>(options.role, refuse) : apiRoute<Record<string, string>>(refuse);
}
