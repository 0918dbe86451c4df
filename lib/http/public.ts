import { dataResponse } from "./route";

/**
 * Public, anonymous GETs of the REST contract (catalogue, content, testimonials, settings)
 * carry nothing personal, so shared caches may keep them for 5 minutes and serve them
 * stale for an hour while they refresh.
 */
export const PUBLIC_CACHE_CONTROL = "public, s-maxage=300, stale-while-revalidate=3600";

/** `{ data }` with the public caching policy. */
export function publicDataResponse(data: unknown) {
  return dataResponse(data, { headers: { "Cache-Control": PUBLIC_CACHE_CONTROL } });
}
