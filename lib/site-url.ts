/**
 * The public origin of the site (SITE_URL), used for canonical URLs, Open Graph, JSON-LD,
 * robots.txt and the sitemap. Defaults to the local server.
 */
export function siteUrl(): string {
  const configured = process.env.SITE_URL?.trim();
  return (configured || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
}

/** An absolute URL on this site for a path such as "/productos/lumen-erp". */
export function absoluteUrl(path: string): string {
  return `${siteUrl()}${path.startsWith("/") ? path : `/${path}`}`;
}
