// Record ids as the outside world sends them. Pure (zod only): forms and client code import it.
// Every integer id of a body, a query or a route is read by the one rule below, so "1e2",
// "0x10", "1.5", "-1", "", `true` or 2^53 can never name another record than the one typed.
import { z } from "@/lib/zod";
import { notFound } from "@/lib/errors";

/** The largest id a PostgreSQL INTEGER (SERIAL) column holds. */
export const MAX_RECORD_ID = 2_147_483_647;

const DIGITS = /^\d{1,10}$/;

/**
 * The id `raw` names, or null: a JSON number that is a whole number in 1..2^31-1, or a string
 * of ASCII digits (surrounding spaces ignored) with that value. Nothing else: no sign, decimal
 * point, exponent, hexadecimal, boolean, array or object.
 */
export function strictId(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw >= 1 && raw <= MAX_RECORD_ID ? raw : null;
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (!DIGITS.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_RECORD_ID ? id : null;
}

/** An id field of a body (zod): `message` (422) for anything `strictId` refuses. */
export function idSchema(message: string) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, context) => {
    const id = strictId(value);
    if (id === null) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}

/**
 * An optional id field a form may leave on its "none" option: absent, null, "" or blank → null;
 * anything else must be an id (`message` otherwise).
 */
export function optionalIdSchema(message: string) {
  return z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
      const id = strictId(value);
      if (id === null) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return id;
    });
}

/** A record's id from a route, an action or a caller: a positive integer, otherwise it names nothing (not_found with `message`). */
export function parseRecordId(raw: unknown, message: string): number {
  const id = strictId(raw);
  if (id === null) throw notFound(message);
  return id;
}
