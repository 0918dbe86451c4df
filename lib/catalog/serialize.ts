import type { CatalogItem, CatalogItemGalleryImage, MediaItem, Prisma } from "@/lib/generated/prisma/client";
import { imageSetOf, type MediaImageSet } from "@/lib/media/serialize";

/** What every read of a product or service includes: its main image and gallery from the media library. */
export const CATALOG_MEDIA_INCLUDE = {
  image: true,
  gallery: { orderBy: { position: "asc" }, include: { media: true } },
} as const;

export type CatalogItemRow = CatalogItem & { image: MediaItem | null; gallery: (CatalogItemGalleryImage & { media: MediaItem })[] };

/**
 * A product or a service as the contract shows it (one shared field set).
 * Plain JSON, so it can be cached and sent as is.
 */
export type CatalogItemContract = {
  id: number;
  name: string;
  slug: string;
  description: string;
  long_description: string | null;
  content_html: string | null;
  features: string[];
  price_from: number | null;
  currency: CatalogItem["currency"];
  billing_period: CatalogItem["billingPeriod"];
  category: string | null;
  is_featured: boolean;
  status: CatalogItem["status"];
  demo_url: string | null;
  documentation_url: string | null;
  /** The main image's URL (what older clients read); the full set is in image_set. */
  image: string | null;
  image_id: number | null;
  image_set: MediaImageSet | null;
  order_index: number;
  /** The gallery's URLs, in order; the full sets are in gallery_image_sets. */
  gallery_images: string[];
  gallery_image_ids: number[];
  gallery_image_sets: MediaImageSet[];
  videos: string[];
  specifications: string[];
  benefits: string[];
  use_cases: string[];
  faq: string[];
  contact_email: string | null;
  contact_phone: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  created_at: string;
  updated_at: string;
};

/**
 * What the admin lists of products and services show of an item. Their pages hand only this to the
 * browser: the whole contract carries the content, the gallery and the SEO fields, kilobytes a row
 * that the list never shows.
 */
export type CatalogListRow = Pick<CatalogItemContract, "id" | "name" | "slug" | "features" | "price_from" | "currency" | "category" | "status" | "is_featured">;

/** The columns a CatalogListRow is read from. */
export const CATALOG_LIST_ROW_SELECT = {
  id: true,
  name: true,
  slug: true,
  features: true,
  priceFrom: true,
  currency: true,
  category: true,
  status: true,
  isFeatured: true,
} satisfies Prisma.CatalogItemSelect;

export function serializeCatalogListRow(row: Prisma.CatalogItemGetPayload<{ select: typeof CATALOG_LIST_ROW_SELECT }>): CatalogListRow {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    features: row.features,
    price_from: row.priceFrom === null ? null : row.priceFrom.toNumber(),
    currency: row.currency,
    category: row.category,
    status: row.status,
    is_featured: row.isFeatured,
  };
}

export function serializeCatalogItem(item: CatalogItemRow): CatalogItemContract {
  const imageSet = item.image ? imageSetOf(item.image) : null;
  const gallery = item.gallery.map((entry) => imageSetOf(entry.media));
  return {
    id: item.id,
    name: item.name,
    slug: item.slug,
    description: item.description,
    long_description: item.longDescription,
    content_html: item.contentHtml,
    features: item.features,
    price_from: item.priceFrom === null ? null : item.priceFrom.toNumber(),
    currency: item.currency,
    billing_period: item.billingPeriod,
    category: item.category,
    is_featured: item.isFeatured,
    status: item.status,
    demo_url: item.demoUrl,
    documentation_url: item.documentationUrl,
    image: imageSet?.src ?? null,
    image_id: item.imageId,
    image_set: imageSet,
    order_index: item.orderIndex,
    gallery_images: gallery.map((set) => set.src),
    gallery_image_ids: gallery.map((set) => set.id),
    gallery_image_sets: gallery,
    videos: item.videos,
    specifications: item.specifications,
    benefits: item.benefits,
    use_cases: item.useCases,
    faq: item.faq,
    contact_email: item.contactEmail,
    contact_phone: item.contactPhone,
    meta_title: item.metaTitle,
    meta_description: item.metaDescription,
    meta_keywords: item.metaKeywords,
    created_at: item.createdAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
  };
}
