// What differs between the product pages and the service pages: paths and words.
// Everything else (cards, filters, the detail page) is one shared component set.
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "@/lib/catalog/categories";

export type CatalogPageConfig = {
  kind: CatalogKind;
  /** "/productos" or "/servicios". */
  basePath: string;
  /** Breadcrumb and section label: "Productos" / "Servicios". */
  listLabel: string;
  categories: readonly string[];
  /** The list's empty, load-error and not-found texts. */
  emptyText: string;
  listErrorText: string;
  notFoundText: string;
  /** "Ver todos los productos" / "Ver todos los servicios". */
  seeAllText: string;
};

export const CATALOG_PAGES: Record<CatalogKind, CatalogPageConfig> = {
  product: {
    kind: "product",
    basePath: "/productos",
    listLabel: "Productos",
    categories: PRODUCT_CATEGORIES,
    emptyText: "No se encontraron productos",
    listErrorText: "Error al cargar los productos",
    notFoundText: "Producto no encontrado",
    seeAllText: "Ver todos los productos",
  },
  service: {
    kind: "service",
    basePath: "/servicios",
    listLabel: "Servicios",
    categories: SERVICE_CATEGORIES,
    emptyText: "No se encontraron servicios",
    listErrorText: "Error al cargar los servicios",
    notFoundText: "Servicio no encontrado",
    seeAllText: "Ver todos los servicios",
  },
};

/** The URL of one item's detail page. */
export function catalogItemPath(kind: CatalogKind, slug: string): string {
  return `${CATALOG_PAGES[kind].basePath}/${encodeURIComponent(slug)}`;
}
