// The CSV export of the product and service lists (GET /api/v1/admin/{products,services}/export):
// a Spanish header and one row per item, every field of the item; list fields joined with " | ".
// Quoting, BOM and formula neutralising: lib/csv.ts. Pure: tested directly.
import { csvFileName, csvRow, type CsvFormat } from "@/lib/csv";
import { formatDate } from "@/lib/format";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_BILLING_PERIOD_LABELS, CATALOG_STATUS_LABELS } from "./admin-schema";
import type { CatalogItemContract } from "./serialize";

export const CATALOG_CSV_HEADER = [
  "ID",
  "Nombre",
  "Slug",
  "Descripción",
  "Precio desde",
  "Moneda",
  "Periodo de facturación",
  "Categoría",
  "Estado",
  "Destacado",
  "Orden",
  "Características",
  "Beneficios",
  "Casos de uso",
  "Especificaciones",
  "Preguntas frecuentes",
  "URL de demo",
  "URL de documentación",
  "Imagen principal",
  "Galería",
  "Videos",
  "Correo de contacto",
  "Teléfono de contacto",
  "Título SEO",
  "Descripción SEO",
  "Palabras clave",
  "Creado",
  "Actualizado",
];

const LIST_SEPARATOR = " | ";
const list = (values: string[]) => values.join(LIST_SEPARATOR);

export function catalogCsvRow(item: CatalogItemContract): string {
  return csvRow([
    item.id,
    item.name,
    item.slug,
    item.description,
    item.price_from === null ? null : item.price_from.toFixed(2),
    item.currency,
    CATALOG_BILLING_PERIOD_LABELS[item.billing_period as keyof typeof CATALOG_BILLING_PERIOD_LABELS] ?? item.billing_period,
    item.category,
    CATALOG_STATUS_LABELS[item.status as keyof typeof CATALOG_STATUS_LABELS] ?? item.status,
    item.is_featured ? "Sí" : "No",
    item.order_index,
    list(item.features),
    list(item.benefits),
    list(item.use_cases),
    list(item.specifications),
    list(item.faq),
    item.demo_url,
    item.documentation_url,
    item.image,
    list(item.gallery_images),
    list(item.videos),
    item.contact_email,
    item.contact_phone,
    item.meta_title,
    item.meta_description,
    item.meta_keywords,
    formatDate(item.created_at),
    formatDate(item.updated_at),
  ]);
}

/** productos-2026-11-22.csv / servicios-2026-11-22.csv */
export function catalogCsvFileName(kind: CatalogKind, now = new Date()): string {
  return csvFileName(kind === "product" ? "productos" : "servicios", now);
}

/** The CSV download of the product or service list. */
export function catalogCsv(kind: CatalogKind): CsvFormat<CatalogItemContract> {
  return { header: CATALOG_CSV_HEADER, row: catalogCsvRow, fileName: () => catalogCsvFileName(kind), logLabel: kind === "product" ? "products" : "services" };
}
