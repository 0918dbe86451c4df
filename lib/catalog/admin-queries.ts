import "server-only";
import { db } from "@/lib/db";
import type { CatalogKind } from "@/lib/generated/prisma/client";
import { CATALOG_MEDIA_INCLUDE, serializeCatalogItem, type CatalogItemContract } from "./serialize";
import { parseCatalogId, type CatalogSnapshot } from "./service";
import { notFound } from "@/lib/errors";
import { catalogNotFoundMessage } from "./admin-schema";

// Admin reads of one product or service and its history (any status: drafts and inactive
// items are the admin's to see). Lists and exports live in admin-list.ts.

/** One item of the kind by id, any status. 404 (Spanish "no encontrado") for an unknown or malformed id. */
export async function getAdminCatalogItem(kind: CatalogKind, id: unknown): Promise<CatalogItemContract> {
  const itemId = parseCatalogId(kind, id);
  const row = await db.catalogItem.findFirst({ where: { id: itemId, kind }, include: CATALOG_MEDIA_INCLUDE });
  if (!row) throw notFound(catalogNotFoundMessage(kind));
  return serializeCatalogItem(row);
}

export type CatalogVersionContract = {
  version: number;
  created_at: string;
  author: { id: string; name: string; email: string } | null;
  changed_fields: string[];
  restored_from: number | null;
  snapshot: CatalogSnapshot;
};

/** The item's saved versions, newest first ("Historial"). 404 for an unknown item. */
export async function listCatalogVersions(kind: CatalogKind, id: unknown): Promise<CatalogVersionContract[]> {
  const itemId = parseCatalogId(kind, id);
  const item = await db.catalogItem.findFirst({ where: { id: itemId, kind }, select: { id: true } });
  if (!item) throw notFound(catalogNotFoundMessage(kind));
  const rows = await db.catalogItemVersion.findMany({
    where: { itemId },
    orderBy: { version: "desc" },
    take: 200,
    include: { author: { select: { id: true, name: true, email: true } } },
  });
  return rows.map((row) => ({
    version: row.version,
    created_at: row.createdAt.toISOString(),
    author: row.author,
    changed_fields: row.changedFields,
    restored_from: row.restoredFrom,
    snapshot: row.snapshot as unknown as CatalogSnapshot,
  }));
}
