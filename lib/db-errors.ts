// "The database cannot be reached right now" told apart from every other error, whatever layer
// raised it: Prisma (P1001 …), its pg adapter (a DriverAdapterError whose cause has a `kind`),
// PostgreSQL itself (SQLSTATE 57P01 when it shuts down …), node-postgres or the socket.
// Such a request wrote nothing it acknowledged; the caller answers 503 with Retry-After.
// `asDomainError` is the one reading of a thrown error that routes and actions share: the
// domain's own refusal as it is, a database error a client's request can cause (or an outage)
// as the domain refusal it amounts to, anything else null (a bug: logged, shown as a 500).
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError, invalid, notFound, conflict, unavailable } from "@/lib/errors";

/** What a person reads when the database is down (API, contact form, admin screens). */
export const DATABASE_UNAVAILABLE_MESSAGE = "El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.";
/** Seconds a client should wait before trying again. */
export const DATABASE_UNAVAILABLE_RETRY_AFTER = 30;

// Prisma: server unreachable, timed out, connection closed, pool timeout, too many connections.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
// @prisma/adapter-pg's mapped error kinds for the same situations.
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// PostgreSQL: admin/crash shutdown, cannot connect now (starting up, shutting down), too many
// connections, out of resources; class 08 (connection exception) is matched by prefix.
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "53000"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
// node-postgres and pg-pool raise these as plain Errors, without a code.
const MESSAGES = [
  /Connection terminated (unexpectedly|due to connection timeout)/i,
  /^Connection terminated$/,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
];

function matches(node: Record<string, unknown>): boolean {
  const code = typeof node.code === "string" ? node.code : null;
  if (code && (PRISMA_CODES.has(code) || SQLSTATES.has(code) || SOCKET_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof node.originalCode === "string" && (SQLSTATES.has(node.originalCode) || /^08[0-9A-Z]{3}$/.test(node.originalCode))) return true;
  if (typeof node.kind === "string" && ADAPTER_KINDS.has(node.kind)) return true;
  const message = typeof node.message === "string" ? node.message : "";
  return MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * The first answer `read` gives for `error` or anything it wraps (its cause, the adapter error a
 * Prisma error carries in `meta`, an AggregateError's errors), breadth first; null when none.
 * A raw query that failed (P2010) carries the database's code in its adapter error only.
 */
function findInErrorChain<T>(error: unknown, read: (node: Record<string, unknown>) => T | null): T | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 20) {
    const node = queue.shift();
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    seen.add(node);
    const record = node as Record<string, unknown>;
    const found = read(record);
    if (found !== null) return found;
    queue.push(record.cause);
    if (typeof record.meta === "object" && record.meta !== null) queue.push((record.meta as Record<string, unknown>).driverAdapterError);
    if (Array.isArray(record.errors)) queue.push(...record.errors); // AggregateError (IPv4 + IPv6)
  }
  return null;
}

/** True when `error` (or anything it wraps) says the database is unreachable or refusing work. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return findInErrorChain(error, (node) => (matches(node) ? true : null)) ?? false;
}

let lastReport = 0;

/** Logs an outage at most once every 10 s, so a burst of failing requests does not flood the log. */
export function reportDatabaseUnavailable(where: string, error: unknown, now = Date.now()): void {
  if (now - lastReport < 10_000) return;
  lastReport = now;
  const detail = error instanceof Error ? error.message.trim().split("\n").pop() : String(error);
  console.warn(`[db] Base de datos no disponible (${where}): ${detail}. Se responde 503 mientras tanto.`);
}

/**
 * The name of the check constraint `error` (or anything it wraps) says a row broke (SQLSTATE
 * 23514), "" when the name cannot be read, or null for any other error. Prisma reports it as
 * P2039/P2010/P2004 depending on the query, with the database's error in its adapter error.
 */
export function violatedCheckConstraint(error: unknown): string | null {
  return findInErrorChain(error, (record) => {
    if (record.code !== "23514" && record.originalCode !== "23514") return null;
    const message = typeof record.message === "string" ? record.message : typeof record.originalMessage === "string" ? record.originalMessage : "";
    const named = typeof record.constraint === "string" ? record.constraint : /check constraint "([^"]+)"/.exec(message)?.[1];
    return named ?? "";
  });
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

/** `invalid` for a broken check constraint: its field and message when known, a generic one otherwise. */
function checkViolation(constraint: string): DomainError {
  const known = CHECK_CONSTRAINTS[constraint];
  return known ? invalid({ [known.field]: [known.message] }, CHECK_VIOLATION_MESSAGE) : invalid({}, CHECK_VIOLATION_MESSAGE);
}

/** The refusal while the database is down or refusing connections: nothing was written, try later. */
export const databaseUnavailable = () => unavailable(DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_RETRY_AFTER);

/**
 * What `error` means to the caller: a DomainError as it is; a database error a client's request
 * can cause (a broken rule, a duplicate, a vanished record, a busy or unreachable server) as the
 * refusal it amounts to; null for anything else (a bug, answered as a 500 that shows nothing).
 * `where` names the caller in the outage log ("api", "action").
 */
export function asDomainError(error: unknown, where: string): DomainError | null {
  if (error instanceof DomainError) return error;
  if (isDatabaseUnavailable(error)) {
    reportDatabaseUnavailable(where, error);
    return databaseUnavailable();
  }
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  // A value the database's own rules refuse (a check constraint): the client's input, never a 500.
  const constraint = violatedCheckConstraint(error);
  if (constraint !== null) return checkViolation(constraint);
  if (error.code === "P2002") return conflict("Ya existe un registro con esos datos.");
  if (error.code === "P2025") return notFound("Recurso no encontrado.");
  // A related record vanished (or is still referenced) between the service's check and its write.
  if (error.code === "P2003") return conflict("Un registro relacionado ya no existe o todavía está en uso. Recarga e inténtalo de nuevo.");
  // Every connection stayed busy for the whole wait (an overloaded server): the transaction never
  // started, nothing was written, so the client may simply try again.
  if (error.code === "P2028" && error.message.includes("Unable to start a transaction")) {
    return unavailable("El servidor está ocupado. Inténtalo de nuevo en unos segundos.", 5);
  }
  // Two transactions deadlocked or conflicted; PostgreSQL rolled this one back whole.
  if (error.code === "P2034") return unavailable("Otra operación modificaba los mismos datos. Inténtalo de nuevo.", 1);
  return null;
}
