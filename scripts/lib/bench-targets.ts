// What `npm run bench` measures: every public route and its variants (filters, views, tabs, open
// sector), the public API and the admin inbox. Values come from the app's own constants and its
// public API, so a new category, tab or sector is measured without touching this file.
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "../../lib/catalog/categories";
import { TECHNOLOGY_CATEGORIES } from "../../lib/content/technology-categories";
import { PRODUCTS_VARIANTS, sectorHref, SERVICES_VARIANTS, TECHNOLOGIES_VARIANTS, variantHref } from "../../lib/public-variants";
import { SOLUTION_TABS } from "../../components/site/content/solution-tabs";

export type PagePath = { route: string; path: string };

/**
 * The public pages, at the URLs the site links to (a variant is its own path:
 * /servicios/ver/integracion/lista; lib/public-variants.ts). `all`: every variant; otherwise a
 * sample: each route, each parameter alone with its second value, the combined parameters once,
 * and every tab (there are four).
 */
export function publicPages(options: { all: boolean; sectorSlugs: string[]; productSlug: string; serviceSlug: string }): PagePath[] {
  const pick = <T>(values: readonly T[]): readonly T[] => (options.all ? values : values.slice(1, 2).length ? values.slice(1, 2) : values.slice(0, 1));
  const pages: PagePath[] = [{ route: "/", path: "/" }];

  pages.push({ route: "/productos", path: "/productos" });
  for (const categoria of pick(PRODUCT_CATEGORIES)) pages.push({ route: "/productos/ver/[categoria]", path: variantHref(PRODUCTS_VARIANTS, { categoria }) });
  pages.push({ route: "/productos/[slug]", path: `/productos/${encodeURIComponent(options.productSlug)}` });

  pages.push({ route: "/servicios", path: "/servicios" });
  for (const categoria of pick(SERVICE_CATEGORIES)) pages.push({ route: "/servicios/ver/[categoria]/grid", path: variantHref(SERVICES_VARIANTS, { categoria }) });
  pages.push({ route: "/servicios/ver/todas/lista", path: variantHref(SERVICES_VARIANTS, { vista: "lista" }) });
  for (const categoria of pick(SERVICE_CATEGORIES)) pages.push({ route: "/servicios/ver/[categoria]/lista", path: variantHref(SERVICES_VARIANTS, { categoria, vista: "lista" }) });
  pages.push({ route: "/servicios/[slug]", path: `/servicios/${encodeURIComponent(options.serviceSlug)}` });

  pages.push({ route: "/sectores", path: "/sectores" });
  for (const sector of pick(options.sectorSlugs)) pages.push({ route: "/sectores/ver/[sector]", path: sectorHref(sector) });

  for (const tab of SOLUTION_TABS) pages.push({ route: tab.href === "/soluciones" ? "/soluciones" : "/soluciones/ver/[tab]", path: tab.href });

  pages.push({ route: "/tecnologias", path: "/tecnologias" });
  for (const categoria of pick(TECHNOLOGY_CATEGORIES)) pages.push({ route: "/tecnologias/ver/[categoria]/grid", path: variantHref(TECHNOLOGIES_VARIANTS, { categoria }) });
  pages.push({ route: "/tecnologias/ver/todas/lista", path: variantHref(TECHNOLOGIES_VARIANTS, { vista: "lista" }) });
  for (const categoria of pick(TECHNOLOGY_CATEGORIES)) pages.push({ route: "/tecnologias/ver/[categoria]/lista", path: variantHref(TECHNOLOGIES_VARIANTS, { categoria, vista: "lista" }) });

  for (const path of ["/nosotros", "/contacto", "/testimonios", "/terminos", "/privacidad", "/libro-de-reclamaciones", "/sitemap.xml"]) pages.push({ route: path, path });
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
