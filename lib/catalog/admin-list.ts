import "server-only";
import { keysetAfter, keysetBatches, keysetOrderBy, type KeysetColumn, type KeysetOrder } from "@/lib/list/keyset";
import { readList, type ListOf, type PageRequest, type Paged } from "@/lib/list/paging";
import { db } from "@/lib/db";
import type { CatalogItem, CatalogKind, Prisma } from "@/lib/generated/prisma/client";
import { CATALOG_STATUSES, type AdminCatalogListQuery, type CatalogSort } from "./admin-schema";
import {
  CATALOG_LIST_ROW_SELECT,
  CATALOG_MEDIA_INCLUDE,
  serializeCatalogItem,
  serializeCatalogListRow,
  type CatalogItemContract,
  type CatalogItemRow,
  type CatalogListRow,
} from "./serialize";

// The admin lists of products and services ("Gestión de Productos", "Gestión de Servicios"):
// every status, filtered by status and category, searched by name, slug or description,
// sorted by any column, one page at a time; the CSV export reads the same order in keyset batches.

export type AdminCatalogFilter = Pick<AdminCatalogListQuery, "status" | "category" | "q" | "sort" | "dir">;

/** The most rows an unpaged list (GET without ?page) answers. */
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

/** Each sortable column of the list, as its order reads it (the nullable ones sort their blanks last either way). */
const SORT_COLUMNS: Record<CatalogSort, Omit<KeysetColumn<CatalogItem>, "dir">> = {
  name: { field: "name" },
  slug: { field: "slug" },
  price_from: { field: "priceFrom", nulls: "last" },
  category: { field: "category", nulls: "last" },
  status: { field: "status", values: CATALOG_STATUSES },
  is_featured: { field: "isFeatured", values: [false, true] },
  order_index: { field: "orderIndex" },
  updated_at: { field: "updatedAt" },
  created_at: { field: "createdAt" },
};

/** Display order by default (order_index, then name); a chosen column first, id last so pages never overlap. */
function adminOrder(filter: AdminCatalogFilter): KeysetOrder<CatalogItem> {
  const chosen: KeysetOrder<CatalogItem> = filter.sort ? [{ ...SORT_COLUMNS[filter.sort], dir: filter.dir ?? "asc" }] : [];
  return [...chosen, { field: "orderIndex", dir: "asc" }, { field: "name", dir: "asc" }, { field: "id", dir: "asc" }];
}

/** The filter's rows in list order, read by `find` (a select of its own): one page, or (no page) up to MAX_UNPAGED_CATALOG_ITEMS. */
function readAdminCatalog<T, P extends PageRequest | undefined>(
  kind: CatalogKind,
  filter: AdminCatalogFilter,
  page: P,
  find: (query: { where: Prisma.CatalogItemWhereInput; orderBy: Prisma.CatalogItemOrderByWithRelationInput[]; skip?: number; take?: number }) => Promise<T[]>,
): Promise<ListOf<T, P>> {
  const where = adminWhere(kind, filter);
  const orderBy = keysetOrderBy<Prisma.CatalogItemOrderByWithRelationInput>(adminOrder(filter));
  return readList(page, {
    rows: (window) => find({ where, orderBy, ...window }),
    count: (limit) => db.catalogItem.count({ where, take: limit }),
    unpagedLimit: MAX_UNPAGED_CATALOG_ITEMS,
  });
}

/** The items of the filter in list order, whole (the API's contract). */
export function listAdminCatalogItems<P extends PageRequest | undefined = undefined>(
  kind: CatalogKind,
  filter: AdminCatalogFilter = {},
  page?: P,
): Promise<ListOf<CatalogItemContract, P>> {
  return readAdminCatalog(kind, filter, page as P, async (query) => (await db.catalogItem.findMany({ ...query, include: CATALOG_MEDIA_INCLUDE })).map(serializeCatalogItem));
}

/**
 * The same rows as the list screens show them (CatalogListRow): only those columns are read, not
 * the content (up to 200,000 characters of HTML an item), the gallery or the SEO fields.
 */
export function listAdminCatalogRows(kind: CatalogKind, filter: AdminCatalogFilter, page: PageRequest): Promise<Paged<CatalogListRow>> {
  return readAdminCatalog(kind, filter, page, async (query) => (await db.catalogItem.findMany({ ...query, select: CATALOG_LIST_ROW_SELECT })).map(serializeCatalogListRow));
}

/** Items are large (rich HTML of up to 200,000 characters): an export reads fewer per batch. */
const EXPORT_BATCH = 500;

/**
 * Every matching item in list order (GET …/export with the list's filters, sort and search), in
 * keyset batches.
 */
export function exportAdminCatalogItems(
  kind: CatalogKind,
  filter: AdminCatalogFilter = {},
  batchSize = EXPORT_BATCH,
): AsyncGenerator<CatalogItemContract[], void, unknown> {
  const where = adminWhere(kind, filter);
  const order = adminOrder(filter);
  const orderBy = keysetOrderBy<Prisma.CatalogItemOrderByWithRelationInput>(order);
  return keysetBatches({
    fetchAfter: (last: CatalogItemRow | null, take) =>
      db.catalogItem.findMany({ where: last ? { AND: [where, keysetAfter<Prisma.CatalogItemWhereInput, CatalogItemRow>(order, last)] } : where, orderBy, include: CATALOG_MEDIA_INCLUDE, take }),
    toItem: serializeCatalogItem,
    batchSize,
  });
}
