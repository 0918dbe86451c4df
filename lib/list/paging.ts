// Server paging of lists: `?page=&per_page=` (per_page ≤ 100) in, the paged shape
// `{ data, current_page, per_page, total, last_page, total_capped }` out. Pure: screens import it too.
//
// A page's total is counted only as far as the pager can use it: the rows before the page, the
// page itself and COUNT_PAGES_AHEAD pages after it (countBound), plus one row to know whether
// more exist. A search that matches 100,000 rows therefore counts a few hundred, not 100,000;
// the answer then says the count stopped there (`total_capped`), and `total` / `last_page` are
// that bound, which the list exceeds. A list within the bound gets its exact total, as does a
// page past the end (its rows before it are fewer than the bound).
import { integerParam } from "./query-params";

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
const MAX_PAGE = 1_000_000;

/** Spread into a list's query schema: `z.object({ ...pageParams, status: … })`. */
export const pageParams = {
  page: integerParam(1, MAX_PAGE, "El parámetro page debe ser un número entero positivo."),
  per_page: integerParam(1, MAX_PER_PAGE, `El parámetro per_page debe ser un número entero entre 1 y ${MAX_PER_PAGE}.`),
};

/** The paging part of a list's query. */
export type PageQuery = { page?: number; per_page?: number };

export type PageRequest = { page: number; perPage: number };

export function pageRequest(query: PageQuery, defaultPerPage = DEFAULT_PER_PAGE): PageRequest {
  return { page: query.page ?? 1, perPage: query.per_page ?? defaultPerPage };
}

/** With ?page= or ?per_page= a REST list answers the paged shape; without either, the list itself. */
export const wantsPage = (query: PageQuery) => query.page !== undefined || query.per_page !== undefined;

/** Prisma's `skip` / `take` for the page. */
export function pageWindow({ page, perPage }: PageRequest) {
  return { skip: (page - 1) * perPage, take: perPage };
}

/**
 * How many pages after the one shown a page's count looks. The pager moves a page at a time
 * ("Anterior" / "Siguiente"), so ten pages ahead is more than a person pages through before
 * searching or filtering instead, and keeps the count within 11 pages' worth of rows past the
 * page's own offset: on page 1 with 100 per page, 1,101 rows at most. Deeper pages count more,
 * but their rows' OFFSET already reads every row before them, so the count never costs more
 * than a small multiple of reading the page itself.
 */
export const COUNT_PAGES_AHEAD = 10;

/**
 * The paged shape. With `total_capped` false, `total` is the filter's exact number of rows and
 * `last_page` its last page. With `total_capped` true, the count stopped at the bound: the
 * filter has MORE than `total` rows and more than `last_page` pages ("más de 1,000 resultados").
 */
export type Paged<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number; total_capped: boolean };

/** The most rows a page's total states: every row up to the page's end and COUNT_PAGES_AHEAD pages more. */
export function countBound({ page, perPage }: PageRequest): number {
  return (page + COUNT_PAGES_AHEAD) * perPage;
}

/**
 * The paged shape of a page's rows and its count: `counted` rows found by a count that stopped
 * at countBound + 1 (more than the bound: capped), or an exact total (`exact`, never capped).
 * A page past the last answers its number with no rows (and the real last_page).
 */
export function paged<T>(data: T[], counted: number, request: PageRequest, exact = false): Paged<T> {
  const bound = countBound(request);
  const capped = !exact && counted > bound;
  const total = capped ? bound : counted;
  return { data, current_page: request.page, per_page: request.perPage, total, last_page: Math.max(1, Math.ceil(total / request.perPage)), total_capped: capped };
}

/** What a list read answers: the paged shape for a page, the rows themselves without one. */
export type ListOf<T, P extends PageRequest | undefined> = P extends PageRequest ? Paged<T> : T[];

/** The rows to read: Prisma's `skip` / `take` (no `take`: every row). */
export type RowWindow = { skip: number; take?: number };

/** Where a list's rows and its total come from (readList). */
export type ListSource<T> = {
  /** A window of the filter's rows, in the list's order. */
  rows: (window: RowWindow) => Promise<T[]>;
  /** Without a page: the first `unpagedLimit` rows (all of them when it is not set). */
  unpagedLimit?: number;
} & (
  | {
      /**
       * The filter's rows counted, stopping at `limit` (Prisma: `count({ where, take: limit })`;
       * SQL: `count(*)` over a LIMITed subquery), so the count's cost has a bound.
       */
      count: (limit: number) => Promise<number>;
      exactCount?: never;
    }
  | {
      /** A total kept exact elsewhere (a table that triggers keep), cheap at any size: never capped. */
      exactCount: () => Promise<number>;
      count?: never;
    }
);

/**
 * The one paged read every list goes through. With a page: that page's rows and the filter's
 * total counted no further than countBound (see above), in the paged shape. Without: the first
 * `unpagedLimit` rows (all of them when it is not set), as a plain list.
 */
export async function readList<T, P extends PageRequest | undefined>(page: P, source: ListSource<T>): Promise<ListOf<T, P>> {
  if (page === undefined) return (await source.rows({ skip: 0, take: source.unpagedLimit })) as ListOf<T, P>;
  const request: PageRequest = page;
  const total = source.exactCount ? source.exactCount() : source.count(countBound(request) + 1);
  const [rows, counted] = await Promise.all([source.rows(pageWindow(request)), total]);
  return paged(rows, counted, request, source.exactCount !== undefined) as ListOf<T, P>;
}
