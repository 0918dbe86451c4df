// The SEO checks of the sitemap panel and how they read (pure, no parser: the client screen imports it).

export type SeoCheck = "fetch" | "title" | "title_length" | "title_unique" | "meta_description" | "h1" | "canonical" | "img_alt" | "json_ld";

/** How each check reads in "Salud" (Spanish, as a user sees it). */
export const SEO_CHECK_LABELS: Record<SeoCheck, string> = {
  fetch: "Página accesible",
  title: "Título",
  title_length: "Longitud del título",
  title_unique: "Título único",
  meta_description: "Meta descripción",
  h1: "Encabezado h1",
  canonical: "Enlace canonical",
  img_alt: "Texto alternativo de imágenes",
  json_ld: "Datos estructurados (JSON-LD)",
};

export const SEO_LIMITS = { titleMax: 60, descriptionMin: 50, descriptionMax: 160 } as const;
