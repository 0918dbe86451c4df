// Spanish names of the product and service fields. Pure: client components may import it.
import type { CatalogItemPayload } from "./admin-schema";

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
