import "server-only";
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { JsonLd } from "@/components/seo/json-ld";
import { listPublicCatalogItems, findPublicCatalogItem } from "@/lib/catalog/queries";
import { catalogSlugOrIdSchema } from "@/lib/catalog/schema";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import { getSiteSettings } from "@/lib/content/settings";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CatalogDetail } from "./catalog-detail";
import { CATALOG_PAGES, catalogItemPath } from "./catalog-kinds";
import { catalogItemJsonLd, catalogItemMetadata } from "./seo";

// The shared logic of /productos/[slug] and /servicios/[slug]; the route files stay thin.

export type DetailParams = { params: Promise<{ slug: string }> };

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The URL's slug or id; a value no slug can have (NUL, "%", upper case…) never reaches the database. */
async function findItemOfParams(kind: CatalogKind, params: DetailParams["params"]) {
  const param = decodeParam((await params).slug);
  const slug = catalogSlugOrIdSchema.safeParse(param);
  return { param, item: slug.success ? await findPublicCatalogItem(kind, slug.data) : null };
}

/**
 * The active item named by the URL (slug, or numeric id from links such as the solutions
 * page). Unknown → 404; any URL that is not the item's own slug URL → 308 to it.
 */
async function loadItem(kind: CatalogKind, params: DetailParams["params"]): Promise<CatalogItemContract> {
  const { param, item } = await findItemOfParams(kind, params);
  if (!item) notFound();
  if (item.slug !== param) permanentRedirect(catalogItemPath(kind, item.slug));
  return item;
}

/** Every active item is pre-rendered; others (new ones, ids) render on first request. */
export async function catalogStaticParams(kind: CatalogKind): Promise<{ slug: string }[]> {
  const items = await listPublicCatalogItems(kind);
  return items.map((item) => ({ slug: item.slug }));
}

/**
 * Metadata never redirects or throws 404 itself: the page does (doing it in both sends the
 * Location header twice on a first, uncached render).
 */
export async function catalogDetailMetadata(kind: CatalogKind, { params }: DetailParams): Promise<Metadata> {
  const { item } = await findItemOfParams(kind, params);
  if (!item) return { title: CATALOG_PAGES[kind].notFoundText, robots: { index: false } };
  return catalogItemMetadata(kind, item);
}

export async function CatalogDetailPage({ kind, params }: { kind: CatalogKind; params: DetailParams["params"] }) {
  const [item, settings] = await Promise.all([loadItem(kind, params), getSiteSettings()]);
  return (
    <>
      {catalogItemJsonLd(kind, item, settings.companyName).map((data, index) => (
        <JsonLd key={index} data={data} />
      ))}
      <CatalogDetail kind={kind} item={item} />
    </>
  );
}
