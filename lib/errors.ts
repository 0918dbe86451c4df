// The domain's own errors. A lib/<domain> function that refuses a request throws one of these and
// never thinks about HTTP: the HTTP folder's route wrapper turns it into a status and the
// contract's `{ message, errors }` body, the action runner (lib/actions/run.ts) into an
// ActionResult. Pure (zod's types only): any layer may import it.
import type { z } from "zod";

export type DomainErrorKind =
  | "invalid" // a value breaks a rule: per-field errors
  | "unauthenticated" // nobody is signed in (or the session was revoked)
  | "forbidden" // signed in, but not allowed to do this
  | "not_found" // the record does not exist, or is not the caller's to see
  | "conflict" // the record's state (or a duplicate) forbids the change now
  | "rate_limited" // too many attempts: try again after `retryAfterSeconds`
  | "unavailable"; // the database or another part is down: nothing was written, try again later

export type FieldErrors = Record<string, string[]>;

/** A refusal a caller caused or must know about; its message is Spanish and safe to show. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** For rate_limited and unavailable: how long the caller should wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const INVALID_INPUT_MESSAGE = "Los datos enviados no son válidos.";

export const invalid = (errors: FieldErrors, message = INVALID_INPUT_MESSAGE) => new DomainError("invalid", message, errors);

export const unauthenticated = (message = "No autenticado. Inicia sesión para continuar.") =>
  new DomainError("unauthenticated", message);

export const forbidden = (message = "No tienes permiso para realizar esta acción.") => new DomainError("forbidden", message);

export const notFound = (message = "Recurso no encontrado.") => new DomainError("not_found", message);

export const conflict = (message: string, errors?: FieldErrors) => new DomainError("conflict", message, errors);

export const rateLimited = (retryAfterSeconds: number, message?: string) =>
  new DomainError(
    "rate_limited",
    message ?? `Demasiadas solicitudes. Inténtalo de nuevo en ${Math.ceil(retryAfterSeconds / 60)} minuto(s).`,
    undefined,
    Math.max(1, Math.ceil(retryAfterSeconds)),
  );

export const unavailable = (message: string, retryAfterSeconds: number) =>
  new DomainError("unavailable", message, undefined, retryAfterSeconds);

/** zod issues → `{ field: ["mensaje", …] }`, the contract's error shape ("_" for the whole input). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "_";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses input with a zod schema; invalid → `invalid` with the errors per field (and `message`, if given). */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(fieldErrors(result.error), message);
  return result.data;
}
