import "server-only";
import { unstable_rethrow } from "next/navigation";
import { asDomainError } from "@/lib/db-errors";
import { invalid, type FieldErrors } from "@/lib/errors";
import { STATUS_OF_KIND } from "@/lib/http/errors";
import { idSchema } from "@/lib/ids";
import { z } from "@/lib/zod";

/**
 * What a server action (admin back office or client portal) answers its screen: the service's
 * result, or the same Spanish message, per-field errors and status the REST handler would have
 * answered (409 for a refused transition, 422 for a bad field, …). Never throws, so a form can
 * always show the outcome.
 */
export type ActionResult<T = null> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; errors?: FieldErrors };

export const UNEXPECTED_ACTION_ERROR = "Error interno del servidor. Inténtalo de nuevo más tarde.";

/**
 * Runs a server action's service call and shapes its outcome as an ActionResult: a domain
 * refusal (or a database error that amounts to one) with its message and field errors, anything
 * else logged and answered with a message that shows no internals. Next's own control flow
 * (redirect, notFound) passes through.
 */
export async function runAction<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    unstable_rethrow(error);
    const refusal = asDomainError(error, "action");
    if (refusal) return { ok: false, status: STATUS_OF_KIND[refusal.kind], message: refusal.message, errors: refusal.fieldErrors };
    console.error("[action]", error);
    return { ok: false, status: 500, message: UNEXPECTED_ACTION_ERROR };
  }
}

// ── Arguments ────────────────────────────────────────────────────────────────
// A server action is a public endpoint: anyone can post any arguments to its id (React decodes
// numbers, strings, arrays, objects, FormData, Maps, dates, promises…). Each action checks how
// many it got and the shape of each against its zod schema before using any, so whatever is
// sent the answer is an ActionResult (invalid, 422, here; the service's own schema then checks the values).

export const ACTION_ARGUMENTS_MESSAGE = "Los datos enviados no son válidos.";

/** A plain object (a form's values): not null, an array, FormData, a Map, a Date or a class instance. */
export const plainObjectArgument = z.custom<Record<string, unknown>>(
  (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const prototype = Object.getPrototypeOf(value);
    return prototype === Object.prototype || prototype === null;
  },
  { error: "Envía los datos del formulario como un objeto." },
);

/** A record's id: digits or a whole number in 1..2^31-1 (lib/ids.ts). */
export const idArgument = idSchema("El identificador no es válido.");

type Outputs<S extends readonly z.ZodType[]> = { [K in keyof S]: z.output<S[K]> };

/**
 * The action's arguments parsed by `schemas`, one per position; `invalid` (which runAction
 * turns into its 422 ActionResult) for more arguments than schemas or any that fails.
 */
export function actionArguments<const S extends readonly z.ZodType[]>(args: readonly unknown[], schemas: S): Outputs<S> {
  if (args.length > schemas.length) throw invalid({ _: [`Esta acción recibe como máximo ${schemas.length} argumento(s).`] }, ACTION_ARGUMENTS_MESSAGE);
  const errors: Record<string, string[]> = {};
  const parsed = schemas.map((schema, index) => {
    const result = schema.safeParse(args[index]);
    if (result.success) return result.data;
    for (const issue of result.error.issues) (errors[[index, ...issue.path].join(".")] ??= []).push(issue.message);
    return undefined;
  });
  if (Object.keys(errors).length > 0) throw invalid(errors, ACTION_ARGUMENTS_MESSAGE);
  return parsed as Outputs<S>;
}
