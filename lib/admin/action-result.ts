import "server-only";
import { unstable_rethrow } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { fromDatabaseError } from "@/lib/api/handler";

/**
 * What an admin server action answers its screen: the service's result, or the same Spanish
 * message, per-field errors and status the REST handler would have answered (409 for a refused
 * transition, 422 for a bad field, …). Never throws, so a form can always show the outcome.
 */
export type ActionResult<T = null> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]> };

export const UNEXPECTED_ACTION_ERROR = "Error interno del servidor. Inténtalo de nuevo más tarde.";

/** Runs a service call for a server action and shapes its outcome as an ActionResult. */
export async function runAdminAction<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    unstable_rethrow(error);
    const apiError = error instanceof ApiError ? error : fromDatabaseError(error);
    if (apiError) return { ok: false, status: apiError.status, message: apiError.message, errors: apiError.errors };
    console.error("[admin action]", error);
    return { ok: false, status: 500, message: UNEXPECTED_ACTION_ERROR };
  }
}
