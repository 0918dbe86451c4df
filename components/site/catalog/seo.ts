// Metadata and structured data of a product or service detail page.
import type { Metadata } from "next";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import { parseFaqEntry } from "@/lib/catalog/lists";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { breadcrumbJsonLd, faqJsonLd, pageMetadata } from "@/lib/seo";
import { absoluteUrl, siteUrl } from "@/lib/site-url";
import { isLocalImage, largestImageFile } from "../media";
import { CATALOG_PAGES, catalogItemPath } from "./catalog-kinds";

/** The path of the item's share image: the widest file of its main image, when served by this site. */
function shareImagePath(item: Pick<CatalogItemContract, "image_set">): string | null {
  const path = item.image_set ? largestImageFile(item.image_set) : null;
  return isLocalImage(path) ? path : null;
}

/** Title, description, keywords, canonical slug URL and share image of a detail page. */
export function catalogItemMetadata(kind: CatalogKind, item: CatalogItemContract): Metadata {
  const title = item.meta_title?.trim() || item.name;
  const metadata = pageMetadata({
    title,
    description: item.meta_description?.trim() || item.description,
    keywords: item.meta_keywords?.trim() || null,
    path: catalogItemPath(kind, item.slug),
    image: shareImagePath(item),
  });
  // An SEO title set by an admin is the whole title; otherwise the layout adds the site name when it fits.
  return item.meta_title?.trim() ? { ...metadata, title: { absolute: title } } : metadata;
}

/** The FAQ entries that can be shown: "question: answer", blanks dropped. */
export function faqEntries(item: Pick<CatalogItemContract, "faq">) {
  return item.faq.map(parseFaqEntry).filter((entry) => entry.question !== "");
}

/** The breadcrumb trail: Inicio › Productos|Servicios › name. */
export function catalogBreadcrumb(kind: CatalogKind, item: Pick<CatalogItemContract, "name" | "slug">) {
  const page = CATALOG_PAGES[kind];
  return [
    { name: "Inicio", path: "/" },
    { name: page.listLabel, path: page.basePath },
    { name: item.name, path: catalogItemPath(kind, item.slug) },
  ];
}

/**
 * schema.org data of a detail page: a Product (with an Offer when priced) or a Service
 * (provided by the organization, served in Peru), the BreadcrumbList and, when the item has
 * questions with answers, an FAQPage.
 */
export function catalogItemJsonLd(kind: CatalogKind, item: CatalogItemContract, organizationName: string): object[] {
  const url = absoluteUrl(catalogItemPath(kind, item.slug));
  const image = shareImagePath(item);
  const organization = { "@type": "Organization", name: organizationName, url: siteUrl() };
  const offers =
    item.price_from === null
      ? undefined
      : {
          "@type": "Offer",
          price: item.price_from.toFixed(2),
          priceCurrency: item.currency,
          url,
          availability: "https://schema.org/InStock",
          seller: organization,
        };
  const common = {
    "@context": "https://schema.org",
    name: item.name,
    description: item.description,
    url,
    image: image ? absoluteUrl(image) : undefined,
    category: item.category ?? undefined,
    offers,
  };
  const main =
    kind === "product"
      ? { ...common, "@type": "Product", sku: item.slug, brand: { "@type": "Brand", name: organizationName } }
      : {
          ...common,
          "@type": "Service",
          serviceType: item.category ?? undefined,
          provider: organization,
          areaServed: { "@type": "Country", name: "Perú" },
        };
  const faq = faqEntries(item).filter((entry) => entry.answer !== "");
  return [main, breadcrumbJsonLd(catalogBreadcrumb(kind, item)), ...(faq.length ? [faqJsonLd(faq)] : [])];
}
