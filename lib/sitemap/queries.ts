import "server-only";
import { unstable_cache } from "next/cache";
import { CACHE_TAGS } from "@/lib/cache";
import { db } from "@/lib/db";
import { absoluteUrl } from "@/lib/site-url";
import { DETAIL_ROUTES, STATIC_ROUTES, type LastModifiedSource } from "./routes";
import { renderSitemapXml, type SitemapEntry } from "./xml";

const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);

/** Every public URL of the site with its priority, change frequency and last change. */
export async function buildSitemapEntries(): Promise<SitemapEntry[]> {
  const [catalog, pages, sectors, technologies, testimonials, settings] = await Promise.all([
    db.catalogItem.findMany({
      where: { status: "active" },
      select: { kind: true, slug: true, updatedAt: true },
      orderBy: [{ kind: "asc" }, { orderIndex: "asc" }, { name: "asc" }],
    }),
    db.page.findMany({ where: { status: "published" }, select: { slug: true, updatedAt: true } }),
    db.sector.aggregate({ where: { isActive: true }, _max: { updatedAt: true } }),
    db.technology.aggregate({ where: { isActive: true }, _max: { updatedAt: true } }),
    db.testimonial.aggregate({ where: { status: "published", isActive: true }, _max: { updatedAt: true } }),
    db.siteSettings.findUnique({ where: { id: 1 }, select: { updatedAt: true } }),
  ]);

  const latestOf = (kind: "product" | "service") => latest(...catalog.filter((i) => i.kind === kind).map((i) => i.updatedAt));
  const products = latestOf("product");
  const services = latestOf("service");
  const sources: Record<Exclude<LastModifiedSource, { page: string }>, Date | null> = {
    products,
    services,
    catalog: latest(products, services, sectors._max.updatedAt),
    sectors: sectors._max.updatedAt,
    technologies: technologies._max.updatedAt,
    testimonials: testimonials._max.updatedAt,
    settings: settings?.updatedAt ?? null,
    everything: latest(products, services, testimonials._max.updatedAt, settings?.updatedAt),
  };
  const pageUpdatedAt = new Map(pages.map((page) => [page.slug, page.updatedAt]));

  const staticEntries = STATIC_ROUTES.map((route) => ({
    loc: absoluteUrl(route.path),
    lastmod: typeof route.lastmod === "object" ? (pageUpdatedAt.get(route.lastmod.page) ?? null) : sources[route.lastmod],
    changefreq: route.changefreq,
    priority: route.priority,
  }));
  const detailEntries = catalog.map((item) => {
    const route = DETAIL_ROUTES[item.kind];
    return {
      loc: absoluteUrl(`${route.prefix}${item.slug}`),
      lastmod: item.updatedAt,
      changefreq: route.changefreq,
      priority: route.priority,
    };
  });
  return [...staticEntries, ...detailEntries];
}

const buildSitemapXml = async () => renderSitemapXml(await buildSitemapEntries());

const cachedSitemapXml = unstable_cache(buildSitemapXml, ["sitemap:xml"], {
  tags: [
    CACHE_TAGS.catalog,
    CACHE_TAGS.pages,
    CACHE_TAGS.sectors,
    CACHE_TAGS.technologies,
    CACHE_TAGS.testimonials,
    CACHE_TAGS.settings,
    CACHE_TAGS.sitemap,
  ],
  revalidate: 3600,
});

/**
 * The XML of /sitemap.xml, cached until any listed content changes (or an admin generates it).
 * Outside Next's server (scripts, tests) there is no cache and it is simply built.
 */
export const getSitemapXml = (): Promise<string> => (process.env.NEXT_RUNTIME ? cachedSitemapXml() : buildSitemapXml());

