// What `npm run bench` measures: every public route and its variants (filters, views, tabs, open
// sector), the public API and the admin inbox. Values come from the app's own constants and its
// public API, so a new category, tab or sector is measured without touching this file.
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "../../lib/catalog/categories";
import { TECHNOLOGY_CATEGORIES } from "../../lib/content/technology-categories";
import { SOLUTION_TABS } from "../../components/site/content/solution-tabs";

export type PagePath = { route: string; path: string };

const withQuery = (base: string, params: Record<string, string>) => `${base}?${new URLSearchParams(params).toString()}`;

/**
 * The public pages. `all`: every variant; otherwise a sample: each route, each parameter alone
 * with its second value, the combined parameters once, and every tab (there are four).
 */
export function publicPages(options: { all: boolean; sectorSlugs: string[]; productSlug: string; serviceSlug: string }): PagePath[] {
  const pick = <T>(values: readonly T[]): readonly T[] => (options.all ? values : values.slice(1, 2).length ? values.slice(1, 2) : values.slice(0, 1));
  const pages: PagePath[] = [{ route: "/", path: "/" }];

  pages.push({ route: "/productos", path: "/productos" });
  for (const categoria of pick(PRODUCT_CATEGORIES)) pages.push({ route: "/productos?categoria", path: withQuery("/productos", { categoria }) });
  pages.push({ route: "/productos/[slug]", path: `/productos/${encodeURIComponent(options.productSlug)}` });

  pages.push({ route: "/servicios", path: "/servicios" });
  for (const categoria of pick(SERVICE_CATEGORIES)) pages.push({ route: "/servicios?categoria", path: withQuery("/servicios", { categoria }) });
  pages.push({ route: "/servicios?vista", path: withQuery("/servicios", { vista: "lista" }) });
  for (const categoria of pick(SERVICE_CATEGORIES)) pages.push({ route: "/servicios?categoria&vista", path: withQuery("/servicios", { categoria, vista: "lista" }) });
  pages.push({ route: "/servicios/[slug]", path: `/servicios/${encodeURIComponent(options.serviceSlug)}` });

  pages.push({ route: "/sectores", path: "/sectores" });
  for (const sector of pick(options.sectorSlugs)) pages.push({ route: "/sectores?sector", path: withQuery("/sectores", { sector }) });

  for (const tab of SOLUTION_TABS) pages.push({ route: "/soluciones?tab", path: tab.href });

  pages.push({ route: "/tecnologias", path: "/tecnologias" });
  for (const categoria of pick(TECHNOLOGY_CATEGORIES)) pages.push({ route: "/tecnologias?categoria", path: withQuery("/tecnologias", { categoria }) });
  pages.push({ route: "/tecnologias?vista", path: withQuery("/tecnologias", { vista: "lista" }) });
  for (const categoria of pick(TECHNOLOGY_CATEGORIES)) pages.push({ route: "/tecnologias?categoria&vista", path: withQuery("/tecnologias", { categoria, vista: "lista" }) });

  for (const path of ["/nosotros", "/contacto", "/testimonios", "/terminos", "/privacidad", "/sitemap.xml"]) pages.push({ route: path, path });
  return pages;
}

export const PUBLIC_API_PATHS = [
  "/api/v1/products",
  "/api/v1/services",
  "/api/v1/testimonials",
  "/api/v1/sectors",
  "/api/v1/technologies",
  "/api/v1/settings/public",
];

export const INBOX_SEARCH_WORD = "arequipa";

export const ADMIN_INBOX_PATHS = [
  { name: "bandeja (lista)", path: "/api/v1/admin/contact-messages" },
  { name: "bandeja ?status=read", path: "/api/v1/admin/contact-messages?status=read" },
  { name: `bandeja ?q=${INBOX_SEARCH_WORD}`, path: `/api/v1/admin/contact-messages?q=${INBOX_SEARCH_WORD}` },
];
