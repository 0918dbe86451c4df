import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/caller";
import type { CsvFormat } from "@/lib/csv";
import { pageRequest, wantsPage, type PageQuery, type PageRequest, type Paged } from "@/lib/list/paging";
import { authRoute } from "./auth-route";
import { readQuery } from "./body";
import { csvResponse } from "./csv-response";
import { dataResponse } from "./route";

// The GET handlers of the REST contract's lists and their CSV exports, built from the list's
// query schema and its domain reads. Both read the query the way the list's screen does
// (readQuery: lib/list/query.ts) and refuse a malformed one with 422.

export type ListRoute<S extends z.ZodType<PageQuery>, T> = {
  /** The list's query parameters: filters, search, sort, `page` and `per_page`. */
  query: S;
  /**
   * The rows of a query: with `page`, that page in the paged shape; without, what the list
   * answers unpaged (its rows, or its first page for a list that is always paged).
   */
  read: (query: z.output<S>, page: PageRequest | undefined, caller: Caller) => Promise<T[] | Paged<T>>;
};

/**
 * GET of a list for signed-in callers (`"user"`, who see their own rows) or admins: with
 * `?page=` or `?per_page=` → `{ data: { data, current_page, per_page, total, last_page } }`,
 * without → `{ data: [ … ] }`. 422 for a malformed query.
 */
export function listRoute<S extends z.ZodType<PageQuery>, T>(role: "user" | "admin", list: ListRoute<S, T>) {
  return authRoute(role, async (request, _context, caller) => {
    const query = readQuery(request, list.query);
    return dataResponse(await list.read(query, wantsPage(query) ? pageRequest(query) : undefined, caller));
  });
}

export type ExportRoute<S extends z.ZodType, T> = {
  /** The list's filters, search and sort (the export takes the list's query, not its page). */
  query: S;
  /** Every row of the query in the list's order, in keyset batches (lib/list/keyset.ts). */
  batches: (query: z.output<S>, batchSize: number | undefined, caller: Caller) => AsyncGenerator<T[], void, unknown>;
  csv: CsvFormat<T>;
};

/**
 * GET …/export (admins): every row of the list's filters and search, in its order, as CSV
 * (text/csv; charset=utf-8, BOM, Spanish header, formula-like cells neutralised), streamed
 * batch by batch. 422 for a malformed query, like the list.
 */
export function exportRoute<S extends z.ZodType, T>(list: ExportRoute<S, T>) {
  return authRoute("admin", async (request, _context, caller) => csvResponse(list.csv, list.batches(readQuery(request, list.query), undefined, caller)));
}
