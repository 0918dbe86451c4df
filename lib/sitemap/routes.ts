// Which URLs the sitemap lists, with their priorities and change frequencies. These were set
// for the English paths of an older site; each entry here is the route of this site that plays
// that role, with the old path beside it.

export type ChangeFrequency = "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

/** What a static page's lastmod is taken from. */
export type LastModifiedSource =
  | "everything"
  | "catalog"
  | "products"
  | "services"
  | "sectors"
  | "technologies"
  | "testimonials"
  | "settings"
  | { page: string };

export type StaticRoute = {
  path: string;
  priority: number;
  changefreq: ChangeFrequency;
  lastmod: LastModifiedSource;
};

export const STATIC_ROUTES: readonly StaticRoute[] = [
  { path: "/", priority: 1.0, changefreq: "daily", lastmod: "everything" }, // old "/"
  { path: "/soluciones", priority: 0.9, changefreq: "weekly", lastmod: "catalog" }, // old "/solutions"
  { path: "/productos", priority: 0.9, changefreq: "weekly", lastmod: "products" }, // old "/products"
  { path: "/servicios", priority: 0.9, changefreq: "weekly", lastmod: "services" }, // old "/services"
  { path: "/nosotros", priority: 0.8, changefreq: "weekly", lastmod: { page: "nosotros" } }, // old "/about"
  { path: "/sectores", priority: 0.8, changefreq: "weekly", lastmod: "sectors" }, // old "/sectors"
  { path: "/tecnologias", priority: 0.8, changefreq: "weekly", lastmod: "technologies" }, // old "/technologies"
  { path: "/contacto", priority: 0.7, changefreq: "weekly", lastmod: "settings" }, // old "/contact"
  { path: "/testimonios", priority: 0.6, changefreq: "monthly", lastmod: "testimonials" }, // linked from home; no old counterpart
  { path: "/privacidad", priority: 0.5, changefreq: "yearly", lastmod: { page: "privacidad" } }, // old "/privacy-policy"
  { path: "/terminos", priority: 0.5, changefreq: "yearly", lastmod: { page: "terminos" } }, // old "/terms-of-use"
  { path: "/libro-de-reclamaciones", priority: 0.4, changefreq: "yearly", lastmod: "settings" }, // the Libro de Reclamaciones; no old counterpart
];

/**
 * Detail pages (old "/products/" and "/services/", 0.8 weekly). The older site's other dynamic
 * prefixes (/page/, /sectors/, /technologies/, /case-studies/) have no detail page on
 * this site, so nothing of theirs is listed: a sitemap must not point at 404s.
 */
export const DETAIL_ROUTES = {
  product: { prefix: "/productos/", priority: 0.8, changefreq: "weekly" },
  service: { prefix: "/servicios/", priority: 0.8, changefreq: "weekly" },
} as const satisfies Record<string, { prefix: string; priority: number; changefreq: ChangeFrequency }>;
