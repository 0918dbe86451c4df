import "server-only";
import { asDomainError } from "@/lib/db-errors";
import type { DomainErrorKind, FieldErrors } from "@/lib/errors";

/**
 * A refusal only HTTP knows about (a body that is not JSON, too large, of the wrong type, a
 * missing CSRF token): thrown by lib/http and route handlers.
 * The domain throws DomainError (lib/errors.ts) instead; both become `{ message, errors }`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The status each domain refusal is answered with. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * The answer for a thrown error: an HttpError as it is, a domain refusal (or a database error
 * that amounts to one) with its status, `Retry-After` when it says how long to wait; null for
 * an unexpected error (the caller logs it and answers 500).
 */
export function httpErrorFor(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  const refusal = asDomainError(error, "api");
  if (!refusal) return null;
  const headers = refusal.retryAfterSeconds !== undefined ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined;
  return new HttpError(STATUS_OF_KIND[refusal.kind], refusal.message, refusal.fieldErrors, headers);
}
