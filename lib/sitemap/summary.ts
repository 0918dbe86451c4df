import { DETAIL_ROUTES, STATIC_ROUTES } from "./routes";

// What the panel reads out of a sitemap document: its <url> entries, their newest <lastmod> and
// the static / dynamic split from the route table. Pure: a document's figures depend on its text
// alone (the last document's are kept, see readSitemapFigures). The service and tests use it.

export type SitemapFigures = {
  readonly locs: readonly string[];
  urls_count: number;
  static_count: number;
  dynamic_count: number;
  products: number;
  services: number;
  /** The newest <lastmod> (ISO), or null when no entry has one. */
  newest_lastmod: string | null;
};

const decodeXml = (value: string) =>
  value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The path of an absolute sitemap URL ("/productos/lumen-erp"), decoded; the URL itself if it cannot be parsed. */
export function sitemapPath(loc: string): string {
  try {
    return decodeURI(new URL(loc).pathname);
  } catch {
    return loc;
  }
}

const STATIC_PATHS = new Set(STATIC_ROUTES.map((route) => route.path));

/**
 * The last document read and its figures. The sitemap panel and its status API, which an open
 * panel polls, read the same cached document on every request: reading 1,000 entries again each
 * time costs about a millisecond. The figures are frozen, so sharing them is safe.
 */
let lastRead: { xml: string; figures: Readonly<SitemapFigures> } | null = null;

/** Counts the <url> entries of a sitemap and splits them by the route table. */
export function readSitemapFigures(xml: string): Readonly<SitemapFigures> {
  if (lastRead?.xml === xml) return lastRead.figures;
  const figures = Object.freeze(countSitemapEntries(xml));
  lastRead = { xml, figures };
  return figures;
}

function countSitemapEntries(xml: string): SitemapFigures {
  const entries = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
  const locs: string[] = [];
  let newest: number | null = null;
  let staticCount = 0;
  let products = 0;
  let services = 0;
  for (const entry of entries) {
    const loc = decodeXml(entry.match(/<loc>([\s\S]*?)<\/loc>/)?.[1]?.trim() ?? "");
    locs.push(loc);
    const lastmod = entry.match(/<lastmod>([\s\S]*?)<\/lastmod>/)?.[1]?.trim();
    const time = lastmod ? Date.parse(lastmod) : Number.NaN;
    if (!Number.isNaN(time) && (newest === null || time > newest)) newest = time;
    const path = sitemapPath(loc);
    if (STATIC_PATHS.has(path)) staticCount += 1;
    else if (path.startsWith(DETAIL_ROUTES.product.prefix)) products += 1;
    else if (path.startsWith(DETAIL_ROUTES.service.prefix)) services += 1;
  }
  return {
    locs: Object.freeze(locs),
    urls_count: entries.length,
    static_count: staticCount,
    dynamic_count: entries.length - staticCount,
    products,
    services,
    newest_lastmod: newest === null ? null : new Date(newest).toISOString(),
  };
}
