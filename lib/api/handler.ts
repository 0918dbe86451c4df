import { Prisma } from "@/lib/generated/prisma/client";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_AFTER,
  isDatabaseUnavailable,
  reportDatabaseUnavailable,
  violatedCheckConstraint,
} from "@/lib/db-errors";
import { ApiError } from "./errors";

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

function errorResponse(error: ApiError) {
  const body: { message: string; errors?: Record<string, string[]> } = { message: error.message };
  if (error.errors) body.errors = error.errors;
  return Response.json(body, { status: error.status, headers: { ...error.headers, "Cache-Control": PRIVATE_NO_STORE } });
}

/** The answer while the database is down or refusing connections: nothing was written, try later. */
export function databaseUnavailable() {
  return new ApiError(503, DATABASE_UNAVAILABLE_MESSAGE, undefined, { "Retry-After": String(DATABASE_UNAVAILABLE_RETRY_AFTER) });
}

const CHECK_VIOLATION_MESSAGE = "Los datos enviados no son válidos: un valor está fuera de rango.";

/** The field and message of each check constraint (prisma/migrations) a client's value can break. */
const CHECK_CONSTRAINTS: Record<string, { field: string; message: string }> = {
  invoice_lines_positive: { field: "lines", message: "Cada línea necesita una cantidad, un precio unitario y un total mayores que 0.00." },
  invoices_amounts_consistent: { field: "lines", message: "El subtotal de la factura debe ser mayor que 0.00 y el total, subtotal más IGV." },
  invoices_amount_nonnegative: { field: "amount", message: "El importe de la factura no puede ser negativo." },
  payments_amount_positive: { field: "amount", message: "El importe del pago debe ser mayor que cero." },
  payments_amount_nonnegative: { field: "amount", message: "El importe del pago no puede ser negativo." },
  subscriptions_amount_positive: { field: "amount", message: "El importe de la suscripción debe ser mayor que cero." },
  subscriptions_amount_nonnegative: { field: "amount", message: "El importe de la suscripción no puede ser negativo." },
  testimonials_rating_range: { field: "rating", message: "La calificación debe estar entre 1 y 5." },
  catalog_items_price_from_nonnegative: { field: "price_from", message: "El precio no puede ser negativo." },
  users_tax_id_digits: { field: "tax_id", message: "Ingresa un RUC de 11 dígitos o un DNI de 8 dígitos." },
  users_email_lowercase: { field: "email", message: "El correo electrónico no es válido." },
};

/** 422 for a broken check constraint: its field and message when known, a generic one otherwise. */
function checkViolation(constraint: string): ApiError {
  const known = CHECK_CONSTRAINTS[constraint];
  return known
    ? new ApiError(422, CHECK_VIOLATION_MESSAGE, { [known.field]: [known.message] })
    : new ApiError(422, CHECK_VIOLATION_MESSAGE);
}

/** Database errors a client's request can cause (or an outage), mapped to the contract's statuses. */
export function fromDatabaseError(error: unknown): ApiError | null {
  if (isDatabaseUnavailable(error)) {
    reportDatabaseUnavailable("api", error);
    return databaseUnavailable();
  }
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  // A value the database's own rules refuse (a check constraint): the client's input, never a 500.
  const constraint = violatedCheckConstraint(error);
  if (constraint !== null) return checkViolation(constraint);
  if (error.code === "P2002") return new ApiError(409, "Ya existe un registro con esos datos.");
  if (error.code === "P2025") return new ApiError(404, "Recurso no encontrado.");
  // A related record vanished (or is still referenced) between the service's check and its write.
  if (error.code === "P2003") return new ApiError(409, "Un registro relacionado ya no existe o todavía está en uso. Recarga e inténtalo de nuevo.");
  // Every connection stayed busy for the whole wait (an overloaded server): the transaction never
  // started, nothing was written, so the client may simply try again.
  if (error.code === "P2028" && error.message.includes("Unable to start a transaction")) {
    return new ApiError(503, "El servidor está ocupado. Inténtalo de nuevo en unos segundos.", undefined, { "Retry-After": "5" });
  }
  // Two transactions deadlocked or conflicted; PostgreSQL rolled this one back whole.
  if (error.code === "P2034") {
    return new ApiError(503, "Otra operación modificaba los mismos datos. Inténtalo de nuevo.", undefined, { "Retry-After": "1" });
  }
  return null;
}

/**
 * Wraps a route handler: a thrown ApiError becomes `{ message, errors }` with its
 * status; anything unexpected is logged and answered with a 500 that shows no internals.
 * Errors, and answers that name no caching policy, are `private, no-store`: only an answer
 * the handler marks public (lib/api/public.ts) may be kept by a shared cache.
 */
export function apiRoute<P = Record<string, never>>(
  handler: (request: Request, context: RouteContext<P>) => Promise<Response>,
) {
  return async (request: Request, context: RouteContext<P>): Promise<Response> => {
    try {
      const response = await handler(request, context);
      return response.headers.has("Cache-Control") ? response : withCacheControl(response, PRIVATE_NO_STORE);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : fromDatabaseError(error);
      if (apiError) return errorResponse(apiError);
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
