// Building blocks for query-parameter schemas (zod 4). Pure: pages and client code may import them.
// Query values arrive as strings; each helper bounds what it accepts, so an unknown or
// oversized value is a 422 with a Spanish message (never echoed back, never a 500).
import { singleLineText, z } from "@/lib/zod";

/** `?x=` (blank) means "not given", as an HTML GET form sends for an "all" option. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** An optional query parameter: absent or blank → undefined, otherwise parsed by `schema`. */
export function optionalParam<S extends z.ZodType>(schema: S) {
  return z.preprocess(blankToUndefined, schema.optional());
}

const BOOLEAN_VALUES = ["true", "false", "1", "0"] as const;

/** A boolean flag: "true"/"1" → true, "false"/"0" → false; anything else is refused. */
export function booleanParam(field: string) {
  return optionalParam(
    z
      .enum(BOOLEAN_VALUES, { error: `El parámetro ${field} debe ser true, false, 1 o 0.` })
      .transform((value) => value === "true" || value === "1"),
  );
}

/** One of a fixed list of values (e.g. a category), compared exactly. */
export function oneOfParam<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return optionalParam(z.enum(values, { error: message }));
}

/** An integer in [min, max], written with digits only (no sign, no decimals, no exponent). */
export function integerParam(min: number, max: number, message: string) {
  const pattern = new RegExp(`^\\d{1,${String(max).length}}$`);
  return optionalParam(
    z
      .string({ error: message })
      .refine((value) => pattern.test(value) && Number(value) >= min && Number(value) <= max, { error: message })
      .transform(Number),
  );
}

/** Free text such as a search (`?q=`): trimmed, at most `max` characters, no control or bidi characters. */
export function textParam(max: number, tooLong: string) {
  return optionalParam(singleLineText().max(max, tooLong));
}

/** What a Next page receives as `searchParams` (awaited). */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/** A page's search parameters with one value per name (the first of a repeated one), ready for a query schema. */
export function searchParamValues(raw: PageSearchParams): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
}
