import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";
import { after } from "next/server";
import { RENDER_SETTLE_MS } from "./render-settle";

/**
 * Public pages are pre-rendered; the data they read is cached under one tag per entity.
 * Whatever changes an entity calls its revalidate function below, which marks every
 * page that used the tag as stale (served once more while it regenerates).
 */
export const CACHE_TAGS = {
  catalog: "catalog",
  testimonials: "testimonials",
  sectors: "sectors",
  technologies: "technologies",
  pages: "pages",
  caseStudies: "case-studies",
  settings: "site-settings",
  /** The sitemap's XML, besides the content tags it also carries: "Generar" expires it. */
  sitemap: "sitemap",
} as const;

type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS];

/** Safety net when a change bypasses the app (SQL by hand): data is at most an hour old. */
const MAX_AGE_SECONDS = 3600;

/**
 * Caches a query's result (which must be plain JSON: serialize dates and decimals first)
 * under the given tags. Arguments are part of the cache key. Outside Next's server
 * (scripts, tests) there is no cache and the query simply runs.
 */
export function cachedQuery<Args extends unknown[], Result>(
  name: string,
  tags: CacheTag[],
  query: (...args: Args) => Promise<Result>,
) {
  const cached = unstable_cache(query, [name], { tags, revalidate: MAX_AGE_SECONDS });
  return (...args: Args): Promise<Result> => (process.env.NEXT_RUNTIME ? cached(...args) : query(...args));
}

type Profile = "max" | { expire: number };

/** Marks `tag` now and once more after RENDER_SETTLE_MS (lib/render-settle.ts says why). */
function expireTag(tag: CacheTag, profile: Profile) {
  revalidateTag(tag, profile);
  try {
    after(async () => {
      await new Promise((resolve) => setTimeout(resolve, RENDER_SETTLE_MS));
      revalidateTag(tag, profile);
    });
  } catch {
    // Outside a request there is no render racing the write to settle.
  }
}

/** Marks every page that used the tag as stale: served once more while it regenerates. */
const revalidate = (tag: CacheTag) => expireTag(tag, "max");

/**
 * Expires the tag at once instead: the next request after an admin's save renders with the new
 * data (not one stale copy more). Outside Next's server (scripts, tests) there is no cache to mark.
 */
const expireNow = (tag: CacheTag) => {
  if (process.env.NEXT_RUNTIME) expireTag(tag, { expire: 0 });
};

export const revalidateCatalog = () => expireNow(CACHE_TAGS.catalog);
export const revalidateTestimonials = () => expireNow(CACHE_TAGS.testimonials);
export const revalidateSectors = () => revalidate(CACHE_TAGS.sectors);
export const revalidateTechnologies = () => revalidate(CACHE_TAGS.technologies);
export const revalidatePages = () => revalidate(CACHE_TAGS.pages);
export const revalidateCaseStudies = () => revalidate(CACHE_TAGS.caseStudies);
export const revalidateSiteSettings = () => expireNow(CACHE_TAGS.settings);
export const revalidateSitemap = () => expireNow(CACHE_TAGS.sitemap);
