// Spanish names of the product and service fields, states and billing periods. Pure, without zod
// (lib/catalog/admin-schema.ts holds the schemas and re-exports the lists): client components
// import them without loading a schema.
import type { CatalogItemPayload } from "./admin-schema";

export const CATALOG_STATUSES = ["active", "inactive", "draft"] as const;
export const CATALOG_CURRENCIES = ["USD", "PEN", "EUR"] as const;
export const CATALOG_BILLING_PERIODS = ["monthly", "yearly", "one_time"] as const;

export type CatalogStatusValue = (typeof CATALOG_STATUSES)[number];
export type CatalogCurrencyValue = (typeof CATALOG_CURRENCIES)[number];
export type CatalogBillingPeriodValue = (typeof CATALOG_BILLING_PERIODS)[number];

/** Status badge labels (an unknown status is shown raw). */
export const CATALOG_STATUS_LABELS: Record<CatalogStatusValue, string> = { active: "Activo", inactive: "Inactivo", draft: "Borrador" };
/** Billing period select labels. */
export const CATALOG_BILLING_PERIOD_LABELS: Record<CatalogBillingPeriodValue, string> = {
  monthly: "Mensual",
  yearly: "Anual",
  one_time: "Pago Único",
};

type CatalogField = keyof CatalogItemPayload;

/** Spanish names of the fields (form labels, the history's "what changed" and the audit trail). */
export const CATALOG_FIELD_LABELS: Record<CatalogField, string> = {
  name: "Nombre",
  slug: "Slug",
  description: "Descripción",
  long_description: "Descripción larga",
  content_html: "Contenido",
  features: "Características",
  price_from: "Precio desde",
  currency: "Moneda",
  billing_period: "Periodo de facturación",
  category: "Categoría",
  is_featured: "Destacado",
  status: "Estado",
  demo_url: "URL de demo",
  documentation_url: "URL de documentación",
  image: "Imagen principal",
  order_index: "Orden",
  gallery_images: "Galería de imágenes",
  videos: "Videos",
  specifications: "Especificaciones",
  benefits: "Beneficios",
  use_cases: "Casos de uso",
  faq: "Preguntas frecuentes",
  contact_email: "Correo de contacto",
  contact_phone: "Teléfono de contacto",
  meta_title: "Título SEO",
  meta_description: "Descripción SEO",
  meta_keywords: "Palabras clave",
};
