import type { CatalogItem } from "@/lib/generated/prisma/client";

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
  image: string | null;
  order_index: number;
  gallery_images: string[];
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

export function serializeCatalogItem(item: CatalogItem): CatalogItemContract {
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
    image: item.image,
    order_index: item.orderIndex,
    gallery_images: item.galleryImages,
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
