// What differs between the product and the service screens: the words and the
// paths. Everything else is one shared component. Plain data: client components import it.
import type { CatalogKind } from "@/lib/generated/prisma/enums";

export type CatalogScreenTexts = {
  title: string;
  description: string;
  /** The list's base path: /admin/products or /admin/services. */
  basePath: string;
  apiPath: string;
  entityType: "product" | "service";
  newLabel: string;
  singular: string;
  plural: string;
  caption: string;
  empty: string;
  loading: string;
  /** The list's load error: products "Error: {message}", services a fixed text. */
  loadError: (message: string) => string;
  deleteTitle: string;
  /** Word for word as it has always read (the service question has no opening "¿"). */
  deleteQuestion: string;
  deleted: string;
  deleteFailed: string;
  notFound: string;
  searchLabel: string;
};

export const CATALOG_SCREEN_TEXTS: Record<CatalogKind, CatalogScreenTexts> = {
  product: {
    title: "Gestión de Productos",
    description: "Productos del catálogo: publícalos, guárdalos como borrador o retíralos del sitio.",
    basePath: "/admin/products",
    apiPath: "/api/v1/admin/products",
    entityType: "product",
    newLabel: "Nuevo Producto",
    singular: "producto",
    plural: "productos",
    caption: "Productos",
    empty: "No hay productos disponibles",
    loading: "Cargando...",
    loadError: (message) => `Error: ${message}`,
    deleteTitle: "Eliminar producto",
    deleteQuestion: "¿Seguro que deseas eliminar este producto?",
    deleted: "Producto eliminado correctamente",
    deleteFailed: "Error al eliminar producto",
    notFound: "Producto no encontrado",
    searchLabel: "Buscar productos",
  },
  service: {
    title: "Gestión de Servicios",
    description: "Servicios del catálogo: publícalos, guárdalos como borrador o retíralos del sitio.",
    basePath: "/admin/services",
    apiPath: "/api/v1/admin/services",
    entityType: "service",
    newLabel: "Nuevo Servicio",
    singular: "servicio",
    plural: "servicios",
    caption: "Servicios",
    empty: "No hay servicios disponibles",
    loading: "Cargando servicios...",
    loadError: () => "Error al cargar los servicios",
    deleteTitle: "Eliminar servicio",
    deleteQuestion: "Seguro que deseas eliminar este servicio?",
    deleted: "Servicio eliminado correctamente",
    deleteFailed: "Error al eliminar servicio",
    notFound: "Servicio no encontrado",
    searchLabel: "Buscar servicios",
  },
};

/** The message shown when a list or a detail cannot be read (the database is down, …). */
export const CATALOG_LOAD_FAILURE = "No se pudieron cargar los datos. Inténtalo de nuevo en unos segundos.";
