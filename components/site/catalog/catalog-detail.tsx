import { parseSpecification } from "@/lib/catalog/lists";
import { sanitizeRichHtml } from "@/lib/catalog/sanitize";
import { latin1Html } from "@/lib/latin1-html";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import { billingPeriodLabel, priceSuffix } from "@/lib/format";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { isLocalImage } from "../media";
import { CATALOG_PAGES } from "./catalog-kinds";
import { DetailCover, DetailGallery } from "./detail-media";
import { CatalogDetailView, type CatalogDetailData } from "./detail-view";
import { safeExternalUrl, videoSource } from "./media-urls";
import { catalogBreadcrumb, faqEntries } from "./seo";

const nonBlank = (values: string[]) => values.map((value) => value.trim()).filter(Boolean);

const CURRENCY_NAMES: Record<string, string> = { USD: "dólares estadounidenses", PEN: "soles", EUR: "euros" };

/** What the detail page shows of an item: blanks dropped, URLs checked, rich HTML sanitized, money formatted. */
export function catalogDetailData(kind: CatalogKind, item: CatalogItemContract): CatalogDetailData {
  const page = CATALOG_PAGES[kind];
  const contentHtml = item.content_html?.trim();
  const longDescription = item.long_description?.trim();
  // Sanitized when it was saved and again here, so a row written around the service
  // (SQL by hand, an old backup) still cannot run script.
  const richHtml = contentHtml || longDescription ? latin1Html(sanitizeRichHtml(contentHtml || longDescription || "") ?? "") : null;
  return {
    kind,
    name: item.name,
    description: item.description,
    category: item.category || null,
    isFeatured: item.is_featured,
    periodLabel: billingPeriodLabel(item.billing_period),
    price:
      item.price_from === null
        ? null
        : {
            amount: String(item.price_from),
            suffix: priceSuffix(item.billing_period),
            currency: item.currency,
            currencyName: CURRENCY_NAMES[item.currency] ?? item.currency,
          },
    demoUrl: safeExternalUrl(item.demo_url),
    documentationUrl: safeExternalUrl(item.documentation_url),
    image: item.image_set && isLocalImage(item.image_set.src) ? item.image_set : null,
    breadcrumb: catalogBreadcrumb(kind, item),
    content: richHtml === null ? null : { html: richHtml, titled: !contentHtml },
    features: nonBlank(item.features),
    benefits: nonBlank(item.benefits),
    useCases: nonBlank(item.use_cases),
    specifications: nonBlank(item.specifications).map(parseSpecification),
    email: item.contact_email?.trim() || null,
    phone: item.contact_phone?.trim() || null,
    gallery: item.gallery_image_sets.filter((image) => isLocalImage(image.src)),
    videos: item.videos.filter((video) => videoSource(video) !== null),
    faq: faqEntries(item),
    seeAll: { href: page.basePath, label: page.seeAllText },
  };
}

/** The detail page of a product or a service, drawn by CatalogDetailView; its images are drawn here, on the server. */
export function CatalogDetail({ kind, item }: { kind: CatalogKind; item: CatalogItemContract }) {
  const { image, gallery, ...data } = catalogDetailData(kind, item);
  return (
    <CatalogDetailView
      item={data}
      cover={<DetailCover image={image} kind={kind} />}
      gallery={gallery.length > 0 ? <DetailGallery images={gallery} itemName={item.name} /> : null}
    />
  );
}
