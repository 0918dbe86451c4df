// The public categories of the catalogue. Plain data: client components may import it.
import type { CatalogKind } from "@/lib/generated/prisma/enums";

export const PRODUCT_CATEGORIES = ["ERP", "CRM", "E-commerce", "Gestión Documental"] as const;
export const SERVICE_CATEGORIES = ["Business Intelligence", "Automatización", "Integración", "Desarrollo", "Consultoría"] as const;

export const CATALOG_CATEGORIES: Record<CatalogKind, readonly string[]> = {
  product: PRODUCT_CATEGORIES,
  service: SERVICE_CATEGORIES,
};
