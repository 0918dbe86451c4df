// The product and service forms' values. Pure: the forms, the history view and
// tests import it. A form edits text (the images excepted: library ids chosen with the media
// pickers); the ONE admin schema (lib/catalog/admin-schema.ts) decides what is valid, after the
// text list fields are split by the kind's rules (lib/catalog/lists.ts).
import { CATALOG_DEFAULTS, catalogItemInputSchema } from "@/lib/catalog/admin-schema";
import { CATALOG_LIST_FIELDS, CATALOG_LIST_SPLITS, joinList, splitList, type CatalogListField } from "@/lib/catalog/lists";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { z } from "@/lib/zod";

/**
 * What the form holds: every field as text (lists one entry per line), "featured" as a checkbox,
 * the main image and the gallery as Biblioteca de medios ids.
 */
export type CatalogFormValues = {
  name: string;
  slug: string;
  description: string;
  long_description: string;
  content_html: string;
  features: string;
  price_from: string;
  currency: string;
  billing_period: string;
  category: string;
  is_featured: boolean;
  status: string;
  demo_url: string;
  documentation_url: string;
  image: number | null;
  order_index: string;
  gallery_images: number[];
  videos: string;
  specifications: string;
  benefits: string;
  use_cases: string;
  faq: string;
  contact_email: string;
  contact_phone: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
};

export type CatalogFormField = keyof CatalogFormValues;

export { CATALOG_FIELD_LABELS } from "@/lib/catalog/labels";

/** An empty "Nuevo" form with the defaults (active, order 0, USD, monthly, not featured). */
export function emptyCatalogFormValues(): CatalogFormValues {
  return {
    name: "",
    slug: "",
    description: "",
    long_description: "",
    content_html: "",
    features: "",
    price_from: "",
    currency: CATALOG_DEFAULTS.currency,
    billing_period: CATALOG_DEFAULTS.billing_period,
    category: "",
    is_featured: CATALOG_DEFAULTS.is_featured,
    status: CATALOG_DEFAULTS.status,
    demo_url: "",
    documentation_url: "",
    image: null,
    order_index: String(CATALOG_DEFAULTS.order_index),
    gallery_images: [],
    videos: "",
    specifications: "",
    benefits: "",
    use_cases: "",
    faq: "",
    contact_email: "",
    contact_phone: "",
    meta_title: "",
    meta_description: "",
    meta_keywords: "",
  };
}

/**
 * A stored item as the edit form shows it (lists one entry per line, or comma-separated where the
 * kind splits on commas; images by their library ids).
 */
export function catalogItemToFormValues(kind: CatalogKind, item: Omit<CatalogItemContract, "id" | "created_at" | "updated_at">): CatalogFormValues {
  const rules = CATALOG_LIST_SPLITS[kind];
  const list = (field: CatalogListField) => joinList(item[field], rules[field]);
  return {
    name: item.name,
    slug: item.slug,
    description: item.description,
    long_description: item.long_description ?? "",
    content_html: item.content_html ?? "",
    features: list("features"),
    price_from: item.price_from === null ? "" : item.price_from.toFixed(2),
    currency: item.currency,
    billing_period: item.billing_period,
    category: item.category ?? "",
    is_featured: item.is_featured,
    status: item.status,
    demo_url: item.demo_url ?? "",
    documentation_url: item.documentation_url ?? "",
    image: item.image_id,
    order_index: String(item.order_index),
    gallery_images: [...item.gallery_image_ids],
    videos: list("videos"),
    specifications: list("specifications"),
    benefits: list("benefits"),
    use_cases: list("use_cases"),
    faq: list("faq"),
    contact_email: item.contact_email ?? "",
    contact_phone: item.contact_phone ?? "",
    meta_title: item.meta_title ?? "",
    meta_description: item.meta_description ?? "",
    meta_keywords: item.meta_keywords ?? "",
  };
}

/** The list fields the form edits as text (the gallery is a list of ids already). */
const TEXT_LIST_FIELDS = CATALOG_LIST_FIELDS.filter((field) => (field as string) !== "gallery_images");

/**
 * The form's schema: the admin input schema, with each text list field split by the kind's
 * rules first. Its output is the API's payload (lists as arrays), sent as is to the action.
 */
export function catalogFormSchema(kind: CatalogKind) {
  const base = catalogItemInputSchema(kind);
  const rules = CATALOG_LIST_SPLITS[kind];
  const shape: Record<string, z.ZodType> = { ...base.shape };
  for (const field of TEXT_LIST_FIELDS) {
    shape[field] = z.preprocess((value) => (typeof value === "string" ? splitList(value, rules[field]) : value), base.shape[field]);
  }
  return z.object(shape) as unknown as z.ZodType<z.output<typeof base>, CatalogFormValues>;
}

/** The slug suggested for a name: lower case, accents removed, words joined by hyphens. */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ñ/g, "n")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 200)
    .replace(/-+$/g, "");
}
