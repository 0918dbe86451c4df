import "server-only";
import { paged, pageWindow, type Paged, type PageRequest } from "@/lib/list/paging";
import { db } from "@/lib/db";
import type { CatalogKind, Prisma } from "@/lib/generated/prisma/client";
import type { AdminCatalogListQuery, CatalogSort } from "./admin-schema";
import { serializeCatalogItem, type CatalogItemContract } from "./serialize";

// The admin lists of products and services ("Gestión de Productos", "Gestión de Servicios"):
// every status, filtered by status and category, searched by name, slug or description,
// sorted by any column, one page at a time (DESIGN §4).

export type AdminCatalogFilter = Pick<AdminCatalogListQuery, "status" | "category" | "q" | "sort" | "dir">;

/** The most rows an unpaged list (GET without ?page) or an export answers. */
export const MAX_UNPAGED_CATALOG_ITEMS = 1000;

function adminWhere(kind: CatalogKind, filter: AdminCatalogFilter): Prisma.CatalogItemWhereInput {
  const q = filter.q?.trim();
  return {
    kind,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    ...(q
      ? {
          OR: [
            { name: { contains: q, mode: "insensitive" } },
            { slug: { contains: q, mode: "insensitive" } },
            { description: { contains: q, mode: "insensitive" } },
          ],
        }
      : {}),
  };
}

const SORT_COLUMNS: Record<CatalogSort, keyof Prisma.CatalogItemOrderByWithRelationInput> = {
  name: "name",
  slug: "slug",
  price_from: "priceFrom",
  category: "category",
  status: "status",
  is_featured: "isFeatured",
  order_index: "orderIndex",
  updated_at: "updatedAt",
  created_at: "createdAt",
};

/** Display order by default (order_index, then name); a chosen column first, id last so pages never overlap. */
function adminOrder(filter: AdminCatalogFilter): Prisma.CatalogItemOrderByWithRelationInput[] {
  const dir = filter.dir ?? "asc";
  const chosen: Prisma.CatalogItemOrderByWithRelationInput[] = filter.sort
    ? [{ [SORT_COLUMNS[filter.sort]]: filter.sort === "price_from" || filter.sort === "category" ? { sort: dir, nulls: "last" } : dir }]
    : [];
  return [...chosen, { orderIndex: "asc" }, { name: "asc" }, { id: "asc" }];
}

/** Every matching item (bounded), in list order. */
export async function listAdminCatalogItems(kind: CatalogKind, filter: AdminCatalogFilter = {}): Promise<CatalogItemContract[]> {
  const rows = await db.catalogItem.findMany({ where: adminWhere(kind, filter), orderBy: adminOrder(filter), take: MAX_UNPAGED_CATALOG_ITEMS });
  return rows.map(serializeCatalogItem);
}

/** One page of the list, in the paged shape. */
export async function listAdminCatalogItemsPage(
  kind: CatalogKind,
  filter: AdminCatalogFilter,
  page: PageRequest,
): Promise<Paged<CatalogItemContract>> {
  const where = adminWhere(kind, filter);
  const [rows, total] = await Promise.all([
    db.catalogItem.findMany({ where, orderBy: adminOrder(filter), ...pageWindow(page) }),
    db.catalogItem.count({ where }),
  ]);
  return paged(rows.map(serializeCatalogItem), total, page);
}

/**
 * Every matching item in list order, in batches (GET …/export with the list's filters, sort and
 * search). The order always ends with the id, so offset batches never skip or repeat a row.
 */
export async function* exportAdminCatalogItems(
  kind: CatalogKind,
  filter: AdminCatalogFilter = {},
  batchSize = 500,
): AsyncGenerator<CatalogItemContract[], void, unknown> {
  const where = adminWhere(kind, filter);
  const orderBy = adminOrder(filter);
  for (let skip = 0; ; skip += batchSize) {
    const rows = await db.catalogItem.findMany({ where, orderBy, skip, take: batchSize });
    if (rows.length > 0) yield rows.map(serializeCatalogItem);
    if (rows.length < batchSize) return;
  }
}
