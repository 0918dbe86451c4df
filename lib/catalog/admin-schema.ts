// Admin inputs of products and services. ONE schema for both kinds,
// shared by the product and service forms, their server actions and POST/PUT
// /api/v1/admin/{products,services}. Only the category list differs by kind. Pure: client
// components may import it. Bounds are the columns' (prisma/schema.prisma, model CatalogItem).
import { isWebUrl, multilineText, optionalText, singleLineText, SLUG_PATTERN, z } from "@/lib/zod";
import { pageParams } from "@/lib/list/paging";
import { oneOfParam, textParam } from "@/lib/list/query-params";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { mediaReferenceSchema } from "@/lib/media/schema";
import { CATALOG_CATEGORIES } from "./categories";
import { CATALOG_BILLING_PERIODS, CATALOG_CURRENCIES, CATALOG_STATUSES } from "./labels";

export { CATALOG_BILLING_PERIOD_LABELS, CATALOG_BILLING_PERIODS, CATALOG_CURRENCIES, CATALOG_STATUS_LABELS, CATALOG_STATUSES } from "./labels";
export type { CatalogBillingPeriodValue, CatalogCurrencyValue, CatalogStatusValue } from "./labels";

/** Defaults: status active, order 0, currency USD, billing monthly, not featured. */
export const CATALOG_DEFAULTS = { status: "active", order_index: 0, currency: "USD", billing_period: "monthly", is_featured: false } as const;

export const CATALOG_LIMITS = {
  name: 200,
  slug: 200,
  description: 2000,
  longDescription: 20_000,
  contentHtml: 200_000,
  url: 2048,
  category: 80,
  email: 254,
  phone: 30,
  metaTitle: 200,
  metaDescription: 500,
  metaKeywords: 500,
  listEntries: 50,
  galleryImages: 30,
  listEntry: 500,
  faqEntry: 2000,
  price: 9_999_999_999.99,
  orderIndex: 1_000_000,
} as const;

export const CATALOG_MESSAGES = {
  invalid: "Revisa los campos marcados.",
  productNotFound: "Producto no encontrado",
  serviceNotFound: "Servicio no encontrado",
  slugTaken: "Ya existe otro elemento con ese slug. Elige uno distinto.",
  versionNotFound: "Esa versión no existe.",
} as const;

export const catalogNotFoundMessage = (kind: CatalogKind) =>
  kind === "product" ? CATALOG_MESSAGES.productNotFound : CATALOG_MESSAGES.serviceNotFound;

const tooLong = (label: string, max: number) => `${label} no puede superar los ${max} caracteres.`;
const urlMessage = (label: string) => `${label} debe ser una URL que empiece por http:// o https://.`;

/** An image of the media library (its id or URL); blank or null → null. */
function optionalImage(label: string) {
  return z
    .union([mediaReferenceSchema, z.literal("")], { error: `${label} debe ser una imagen de la Biblioteca de medios (su id o su URL).` })
    .nullish()
    .transform((value) => (value === "" || value === undefined ? null : value));
}

/** An http(s) URL or nothing (blank or null → null); javascript:, data: and the rest are refused. */
function optionalUrl(label: string) {
  return singleLineText({ error: urlMessage(label) })
    .max(CATALOG_LIMITS.url, `${label} no puede superar los ${CATALOG_LIMITS.url} caracteres.`)
    .refine((value) => value === "" || isWebUrl(value), urlMessage(label))
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Rich HTML as sent (sanitized by the service before it is stored), bounded; blank → null. */
function richHtml(max: number, label: string) {
  return z
    .string({ error: `${label} debe ser texto.` })
    .max(max, `${label} no puede superar los ${max.toLocaleString("es-PE")} caracteres.`)
    .nullish()
    .transform((value) => (value && value.trim() ? value : null));
}

/**
 * A list field: an array of strings, each trimmed, blanks dropped, bounded in count and length.
 * `entry` decides what one entry may be (one-line text, a URL…).
 */
function listOf(label: string, entry: z.ZodType<string, string>, max = CATALOG_LIMITS.listEntries) {
  return z
    .array(z.string({ error: `Cada elemento de ${label} debe ser texto.` }), { error: `${label} debe ser una lista de textos.` })
    .transform((values) => values.map((value) => value.trim()).filter((value) => value !== ""))
    .pipe(z.array(entry).max(max, `${label}: como máximo ${max} elementos.`))
    .nullish()
    .transform((values) => values ?? []);
}

const textEntry = (label: string, max: number = CATALOG_LIMITS.listEntry) =>
  singleLineText().max(max, `Cada elemento de ${label} puede tener como máximo ${max} caracteres.`);
/** Images of the media library (ids or URLs), in order; at most CATALOG_LIMITS.galleryImages. */
function imageList(label: string) {
  return z
    .array(mediaReferenceSchema, { error: `${label} debe ser una lista de imágenes de la Biblioteca de medios (ids o URLs).` })
    .max(CATALOG_LIMITS.galleryImages, `${label}: como máximo ${CATALOG_LIMITS.galleryImages} imágenes.`)
    .nullish()
    .transform((values) => values ?? []);
}
const urlEntry = (label: string) =>
  singleLineText()
    .max(CATALOG_LIMITS.url, `Cada URL de ${label} puede tener como máximo ${CATALOG_LIMITS.url} caracteres.`)
    .refine(isWebUrl, `Cada elemento de ${label} debe ser una URL que empiece por http:// o https://.`);

const PRICE_MESSAGE = "El precio debe ser un número mayor o igual a 0, con hasta 2 decimales.";

/** price_from: a JSON number or its text ("99.90"); "" or null → null. Kept as a decimal string. */
const priceField = z
  .union([z.number(), z.string()], { error: PRICE_MESSAGE })
  .nullish()
  .transform((value, context) => {
    if (value === null || value === undefined) return null;
    const text = String(value).trim();
    if (text === "") return null;
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(text) || !Number.isFinite(Number(text)) || Number(text) > CATALOG_LIMITS.price) {
      context.addIssue({ code: "custom", message: PRICE_MESSAGE });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  });

const ORDER_MESSAGE = `El orden debe ser un número entero entre 0 y ${CATALOG_LIMITS.orderIndex.toLocaleString("es-PE")}.`;

/** order_index: an integer; "" or null → 0. */
const orderField = z
  .union([z.number(), z.string()], { error: ORDER_MESSAGE })
  .nullish()
  .transform((value, context) => {
    if (value === null || value === undefined) return 0;
    const text = String(value).trim();
    if (text === "") return 0;
    if (!/^\d{1,7}$/.test(text) || Number(text) > CATALOG_LIMITS.orderIndex) {
      context.addIssue({ code: "custom", message: ORDER_MESSAGE });
      return z.NEVER;
    }
    return Number(text);
  });

const PHONE_MESSAGE = "El teléfono solo puede tener dígitos, espacios, +, guiones y paréntesis (p. ej. +51 987 654 321).";

function categoryField(kind: CatalogKind) {
  const categories = CATALOG_CATEGORIES[kind];
  const message = `La categoría no es válida. Categorías: ${categories.join(", ")}.`;
  return z
    .string({ error: message })
    .nullish()
    .transform((value, context) => {
      const text = value?.trim() ?? "";
      if (text === "") return null;
      if (!categories.includes(text)) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return text;
    });
}

function catalogFields(kind: CatalogKind) {
  return {
    name: singleLineText({ error: "El nombre es obligatorio." })
      .min(1, "El nombre es obligatorio.")
      .max(CATALOG_LIMITS.name, `El nombre no puede superar los ${CATALOG_LIMITS.name} caracteres.`),
    slug: singleLineText({ error: "El slug es obligatorio." })
      .min(1, "El slug es obligatorio.")
      .max(CATALOG_LIMITS.slug, `El slug no puede superar los ${CATALOG_LIMITS.slug} caracteres.`)
      .regex(SLUG_PATTERN, "El slug solo puede tener minúsculas sin tildes, números y guiones (p. ej. lumen-erp-pyme)."),
    description: multilineText({ error: "La descripción es obligatoria." })
      .min(1, "La descripción es obligatoria.")
      .max(CATALOG_LIMITS.description, `La descripción no puede superar los ${CATALOG_LIMITS.description} caracteres.`),
    long_description: richHtml(CATALOG_LIMITS.longDescription, "La descripción larga"),
    content_html: richHtml(CATALOG_LIMITS.contentHtml, "El contenido"),
    features: listOf("Características", textEntry("Características")),
    price_from: priceField,
    currency: z.enum(CATALOG_CURRENCIES, { error: "La moneda debe ser USD, PEN o EUR." }),
    billing_period: z.enum(CATALOG_BILLING_PERIODS, { error: "El periodo de facturación debe ser monthly, yearly o one_time." }),
    category: categoryField(kind),
    is_featured: z.boolean({ error: "El campo destacado debe ser verdadero o falso." }),
    status: z.enum(CATALOG_STATUSES, { error: "El estado debe ser active, inactive o draft." }),
    demo_url: optionalUrl("La URL de demo"),
    documentation_url: optionalUrl("La URL de documentación"),
    image: optionalImage("La imagen principal"),
    order_index: orderField,
    gallery_images: imageList("La galería"),
    videos: listOf("Videos", urlEntry("Videos")),
    specifications: listOf("Especificaciones", textEntry("Especificaciones")),
    benefits: listOf("Beneficios", textEntry("Beneficios")),
    use_cases: listOf("Casos de uso", textEntry("Casos de uso")),
    faq: listOf("Preguntas frecuentes", textEntry("Preguntas frecuentes", CATALOG_LIMITS.faqEntry)),
    contact_email: singleLineText({ error: "Ingresa un correo electrónico válido." })
      .max(CATALOG_LIMITS.email, "El correo electrónico es demasiado largo.")
      .refine((value) => value === "" || z.email().safeParse(value).success, "Ingresa un correo electrónico válido.")
      .nullish()
      .transform((value) => (value ? value.toLowerCase() : null)),
    contact_phone: singleLineText({ error: PHONE_MESSAGE })
      .max(CATALOG_LIMITS.phone, `El teléfono no puede superar los ${CATALOG_LIMITS.phone} caracteres.`)
      .refine((value) => value === "" || /^\+?[\d\s()-]{6,}$/.test(value), PHONE_MESSAGE)
      .nullish()
      .transform((value) => (value ? value : null)),
    meta_title: optionalText(CATALOG_LIMITS.metaTitle, tooLong("El título SEO", CATALOG_LIMITS.metaTitle), `El título SEO debe ser texto.`),
    meta_description: optionalText(CATALOG_LIMITS.metaDescription, tooLong("La descripción SEO", CATALOG_LIMITS.metaDescription), `La descripción SEO debe ser texto.`),
    meta_keywords: optionalText(CATALOG_LIMITS.metaKeywords, tooLong("Las palabras clave", CATALOG_LIMITS.metaKeywords), `Las palabras clave debe ser texto.`),
  };
}

/** POST /api/v1/admin/{products,services} and the "Nuevo" forms: name, slug and description required; CATALOG_DEFAULTS. */
export function catalogItemInputSchema(kind: CatalogKind) {
  const fields = catalogFields(kind);
  return z.object({
    ...fields,
    currency: fields.currency.default(CATALOG_DEFAULTS.currency),
    billing_period: fields.billing_period.default(CATALOG_DEFAULTS.billing_period),
    is_featured: fields.is_featured.default(CATALOG_DEFAULTS.is_featured),
    status: fields.status.default(CATALOG_DEFAULTS.status),
  });
}

/** PUT …/{id}: the same body; every field optional, a field left out keeps its value. */
export function catalogItemUpdateSchema(kind: CatalogKind) {
  // From the fields WITHOUT the create defaults: zod 4 applies a .default() even under .partial(),
  // so a PUT renaming a draft would otherwise set it back to "active" (and unfeature it, reset its currency…).
  return z.object(catalogFields(kind)).partial();
}

export type CatalogItemInput = z.output<ReturnType<typeof catalogItemInputSchema>>;
export type CatalogItemUpdate = z.output<ReturnType<typeof catalogItemUpdateSchema>>;
/** What the API accepts (list fields as arrays of strings). */
export type CatalogItemPayload = z.input<ReturnType<typeof catalogItemInputSchema>>;

// ---------------------------------------------------------------------------------------
// Lists, bulk actions
// ---------------------------------------------------------------------------------------

export const CATALOG_SORTS = ["name", "slug", "price_from", "category", "status", "is_featured", "order_index", "updated_at", "created_at"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** GET /api/v1/admin/{products,services}: ?page&per_page, ?status, ?category, ?q, ?sort&dir. */
export function adminCatalogListQuerySchema(kind: CatalogKind) {
  const categories = CATALOG_CATEGORIES[kind] as unknown as readonly [string, ...string[]];
  return z.object({
    ...pageParams,
    status: oneOfParam(CATALOG_STATUSES, "El parámetro status debe ser active, inactive o draft."),
    category: oneOfParam(categories, `La categoría no es válida. Categorías: ${categories.join(", ")}.`),
    q: textParam(200, "La búsqueda no puede superar los 200 caracteres."),
    sort: oneOfParam(CATALOG_SORTS, `El parámetro sort debe ser ${CATALOG_SORTS.join(", ")}.`),
    dir: oneOfParam(["asc", "desc"], "El parámetro dir debe ser asc o desc."),
  });
}
export type AdminCatalogListQuery = z.output<ReturnType<typeof adminCatalogListQuerySchema>>;

/** Bulk actions: set one of the statuses, or delete. */
export const CATALOG_BULK_ACTIONS = ["active", "inactive", "draft", "delete"] as const;
export type CatalogBulkAction = (typeof CATALOG_BULK_ACTIONS)[number];
export const CATALOG_BULK_MAX = 100;

export const catalogBulkSchema = z.object({
  ids: z
    .array(z.number({ error: "Cada id debe ser un número entero positivo." }).int().positive().max(999_999_999), {
      error: "ids debe ser una lista de ids.",
    })
    .min(1, "Selecciona al menos un elemento.")
    .max(CATALOG_BULK_MAX, `Como máximo ${CATALOG_BULK_MAX} elementos a la vez.`),
  action: z.enum(CATALOG_BULK_ACTIONS, { error: "La acción debe ser active, inactive, draft o delete." }),
});
export type CatalogBulk = z.output<typeof catalogBulkSchema>;
