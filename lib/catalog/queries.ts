import "server-only";
import { cachedQuery, CACHE_TAGS } from "@/lib/cache";
import { db } from "@/lib/db";
import type { CatalogKind, Prisma } from "@/lib/generated/prisma/client";
import { CATALOG_MEDIA_INCLUDE, serializeCatalogItem, type CatalogItemContract } from "./serialize";

/** What the public sees: only active items. */
const PUBLIC = { status: "active" } as const satisfies Prisma.CatalogItemWhereInput;
const ORDER: Prisma.CatalogItemOrderByWithRelationInput[] = [{ orderIndex: "asc" }, { name: "asc" }, { id: "asc" }];

export type PublicCatalogFilter = { featured?: boolean; category?: string; limit?: number };

/** Active products or services, optionally only featured ones or one category, in display order. */
export const listPublicCatalogItems = cachedQuery(
  "catalog:list",
  [CACHE_TAGS.catalog],
  async (kind: CatalogKind, filter: PublicCatalogFilter = {}): Promise<CatalogItemContract[]> => {
    const rows = await db.catalogItem.findMany({
      where: {
        kind,
        ...PUBLIC,
        ...(filter.featured === undefined ? {} : { isFeatured: filter.featured }),
        ...(filter.category ? { category: filter.category } : {}),
      },
      orderBy: ORDER,
      include: CATALOG_MEDIA_INCLUDE,
      take: filter.limit,
    });
    return rows.map(serializeCatalogItem);
  },
);

/** Featured, active products or services for the home page. */
export function listFeaturedCatalogItems(kind: CatalogKind, limit = 3) {
  return listPublicCatalogItems(kind, { featured: true, limit });
}

/**
 * One active product or service by slug, or by numeric id (links by id from the
 * solutions page resolve too; callers redirect those to the slug URL).
 */
export const findPublicCatalogItem = cachedQuery(
  "catalog:one",
  [CACHE_TAGS.catalog],
  async (kind: CatalogKind, slugOrId: string): Promise<CatalogItemContract | null> => {
    const bySlug = await db.catalogItem.findFirst({ where: { kind, ...PUBLIC, slug: slugOrId }, include: CATALOG_MEDIA_INCLUDE });
    const row =
      bySlug ?? (/^\d{1,9}$/.test(slugOrId) ? await db.catalogItem.findFirst({ where: { kind, ...PUBLIC, id: Number(slugOrId) }, include: CATALOG_MEDIA_INCLUDE }) : null);
    return row ? serializeCatalogItem(row) : null;
  },
);

/**
 * Draft-mode preview only (components/site/catalog/detail-route.tsx, after it has checked the admin
 * session): one product or service by slug or id in ANY status, straight from the database (never
 * cached, so no draft can leak into the public cache).
 */
export async function findPreviewCatalogItem(kind: CatalogKind, slugOrId: string): Promise<CatalogItemContract | null> {
  const bySlug = await db.catalogItem.findFirst({ where: { kind, slug: slugOrId }, include: CATALOG_MEDIA_INCLUDE });
  const row = bySlug ?? (/^\d{1,9}$/.test(slugOrId) ? await db.catalogItem.findFirst({ where: { kind, id: Number(slugOrId) }, include: CATALOG_MEDIA_INCLUDE }) : null);
  return row ? serializeCatalogItem(row) : null;
}
