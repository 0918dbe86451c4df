// Server paging of lists: `?page=&per_page=` (per_page ≤ 100) in, the paged shape
// `{ data, current_page, per_page, total, last_page }` out. Pure: screens import it too.
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

export type Paged<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };

/** A page past the last answers its number with no rows (and the real last_page). */
export function paged<T>(data: T[], total: number, { page, perPage }: PageRequest): Paged<T> {
  return { data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** What a list read answers: the paged shape for a page, the rows themselves without one. */
export type ListOf<T, P extends PageRequest | undefined> = P extends PageRequest ? Paged<T> : T[];

/** The rows to read: Prisma's `skip` / `take` (no `take`: every row). */
export type RowWindow = { skip: number; take?: number };

/**
 * The one paged read every list goes through. With a page: that page's rows and the total of
 * the filter, in the paged shape. Without: the first `unpagedLimit` rows (all of them when it
 * is not set), as a plain list. `rows` reads a window in the list's order; `count` the total.
 */
export async function readList<T, P extends PageRequest | undefined>(
  page: P,
  source: { rows: (window: RowWindow) => Promise<T[]>; count: () => Promise<number>; unpagedLimit?: number },
): Promise<ListOf<T, P>> {
  if (page === undefined) return (await source.rows({ skip: 0, take: source.unpagedLimit })) as ListOf<T, P>;
  const request: PageRequest = page;
  const [rows, total] = await Promise.all([source.rows(pageWindow(request)), source.count()]);
  return paged(rows, total, request) as ListOf<T, P>;
}
