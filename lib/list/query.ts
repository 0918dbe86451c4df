// A list's query (filters, search, sort and paging) read from its URL by the list's own zod
// schema: the one reading that pages and route handlers share. Pure: screens import it too.
import type { z } from "zod";
import { DomainError, fieldErrors, invalid } from "@/lib/errors";
import { searchParamValues, type PageSearchParams } from "./query-params";

export type ListQueryReading<S extends z.ZodType> = {
  /** The parsed query; the list's defaults (no filter, first page) when the URL was malformed. */
  query: z.output<S>;
  /** What was wrong with the URL (invalid, with the errors per field); null when it was fine. */
  problem: DomainError | null;
};

/**
 * Reads a list's query from a request's search parameters (a repeated name counts with its last
 * value) or a page's `searchParams` (its first value). A malformed query falls back to the
 * list's defaults and says why in `problem`: a route handler refuses it (422), a page shows the
 * list unfiltered, since a hand-edited URL should still show the screen.
 */
export function readListQuery<S extends z.ZodType>(schema: S, params: URLSearchParams | PageSearchParams): ListQueryReading<S> {
  const values = params instanceof URLSearchParams ? Object.fromEntries(params) : searchParamValues(params);
  const parsed = schema.safeParse(values);
  if (parsed.success) return { query: parsed.data, problem: null };
  const problem = invalid(fieldErrors(parsed.error));
  // A list's parameters are all optional: no parameters at all is its default query. A query
  // with required parameters has no defaults to fall back to, so its problem is thrown.
  const defaults = schema.safeParse({});
  if (!defaults.success) throw problem;
  return { query: defaults.data, problem };
}
