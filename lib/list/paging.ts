// Server paging of admin lists (DESIGN §4): `?page=&per_page=` (per_page ≤ 100) in, the
// paged shape `{ data, current_page, per_page, total, last_page }` out. Pure: screens import it too.
import { integerParam } from "./query-params";

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
const MAX_PAGE = 1_000_000;

/** Spread into a list's query schema: `z.object({ ...pageParams, status: … })`. */
export const pageParams = {
  page: integerParam(1, MAX_PAGE, "El parámetro page debe ser un número entero positivo."),
  per_page: integerParam(1, MAX_PER_PAGE, `El parámetro per_page debe ser un número entero entre 1 y ${MAX_PER_PAGE}.`),
};

export type PageRequest = { page: number; perPage: number };

export function pageRequest(query: { page?: number; per_page?: number }, defaultPerPage = DEFAULT_PER_PAGE): PageRequest {
  return { page: query.page ?? 1, perPage: query.per_page ?? defaultPerPage };
}

/** Prisma's `skip` / `take` for the page. */
export function pageWindow({ page, perPage }: PageRequest) {
  return { skip: (page - 1) * perPage, take: perPage };
}

export type Paged<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };

/** A page past the last answers its number with no rows (and the real last_page). */
export function paged<T>(data: T[], total: number, { page, perPage }: PageRequest): Paged<T> {
  return { data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
