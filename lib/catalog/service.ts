import "server-only";
import { parseRecordId } from "@/lib/ids";
import { notFound, conflict, parseWith } from "@/lib/errors";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { revalidateCatalog } from "@/lib/cache";
import { db } from "@/lib/db";
import { Prisma, type CatalogKind } from "@/lib/generated/prisma/client";
import {
  CATALOG_MESSAGES,
  catalogBulkSchema,
  catalogItemInputSchema,
  catalogItemUpdateSchema,
  catalogNotFoundMessage,
  type CatalogItemUpdate,
} from "./admin-schema";
import { sanitizeRichHtml } from "./sanitize";
import { resolveMediaReferences } from "@/lib/media/references";
import { CATALOG_MEDIA_INCLUDE, serializeCatalogItem, type CatalogItemContract } from "./serialize";

// The only writes of products and services: the admin screens' server actions and
// POST/PUT/DELETE /api/v1/admin/{products,services} (and …/bulk, …/versions/{n}/restore) all
// call these. Each validates with the shared schema, sanitizes the rich HTML, writes in one
// transaction together with its audit entry and a new version ("Historial"), then expires the
// public "catalog" tag so every public page that shows the item has the change on the next request.

/** The audit trail's entity type of each kind. */
export const CATALOG_ENTITY: Record<CatalogKind, string> = { product: "product", service: "service" };

/**
 * The contract fields a version keeps and a restore brings back (everything an admin edits).
 * Images are kept by reference (ids, and their URLs for a reader), not as full URL sets.
 */
export type CatalogSnapshot = Omit<CatalogItemContract, "id" | "created_at" | "updated_at" | "image_set" | "gallery_image_sets">;

/** A route's or action's `{id}`: digits only, otherwise it cannot name an item (404). */
export function parseCatalogId(kind: CatalogKind, raw: unknown): number {
  return parseRecordId(raw, catalogNotFoundMessage(kind));
}

export function snapshotOf(item: CatalogItemContract): CatalogSnapshot {
  const snapshot: Partial<CatalogItemContract> = { ...item };
  delete snapshot.id;
  delete snapshot.created_at;
  delete snapshot.updated_at;
  delete snapshot.image_set;
  delete snapshot.gallery_image_sets;
  return snapshot as CatalogSnapshot;
}

/**
 * Validated input with its rich HTML sanitized and its images resolved to library ids: exactly
 * what will be stored, in snapshot form.
 */
type CatalogChanges = Omit<CatalogItemUpdate, "price_from" | "image" | "gallery_images"> & {
  price_from?: number | null;
  image_id?: number | null;
  gallery_image_ids?: number[];
};

async function normalize(tx: Prisma.TransactionClient, input: CatalogItemUpdate): Promise<CatalogChanges> {
  const { image, gallery_images: gallery, ...rest } = input;
  const changes: CatalogChanges = { ...rest, price_from: input.price_from === undefined ? undefined : input.price_from === null ? null : Number(input.price_from) };
  if (input.price_from === undefined) delete changes.price_from;
  if (image !== undefined) changes.image_id = image === null ? null : (await resolveMediaReferences(tx, "image", [image], CATALOG_MESSAGES.invalid))[0];
  if (gallery !== undefined) changes.gallery_image_ids = await resolveMediaReferences(tx, "gallery_images", gallery, CATALOG_MESSAGES.invalid);
  if (input.long_description !== undefined) changes.long_description = sanitizeRichHtml(input.long_description);
  if (input.content_html !== undefined) changes.content_html = sanitizeRichHtml(input.content_html);
  return changes;
}

/** Contract fields (snake_case) → Prisma columns; fields left out stay out. */
function toData(input: CatalogChanges): Prisma.CatalogItemUncheckedUpdateInput {
  const data: Prisma.CatalogItemUncheckedUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.slug !== undefined) data.slug = input.slug;
  if (input.description !== undefined) data.description = input.description;
  if (input.long_description !== undefined) data.longDescription = input.long_description;
  if (input.content_html !== undefined) data.contentHtml = input.content_html;
  if (input.features !== undefined) data.features = input.features;
  if (input.price_from !== undefined) data.priceFrom = input.price_from === null ? null : new Prisma.Decimal(input.price_from.toFixed(2));
  if (input.currency !== undefined) data.currency = input.currency;
  if (input.billing_period !== undefined) data.billingPeriod = input.billing_period;
  if (input.category !== undefined) data.category = input.category;
  if (input.is_featured !== undefined) data.isFeatured = input.is_featured;
  if (input.status !== undefined) data.status = input.status;
  if (input.demo_url !== undefined) data.demoUrl = input.demo_url;
  if (input.documentation_url !== undefined) data.documentationUrl = input.documentation_url;
  if (input.image_id !== undefined) data.imageId = input.image_id;
  if (input.order_index !== undefined) data.orderIndex = input.order_index;
  if (input.videos !== undefined) data.videos = input.videos;
  if (input.specifications !== undefined) data.specifications = input.specifications;
  if (input.benefits !== undefined) data.benefits = input.benefits;
  if (input.use_cases !== undefined) data.useCases = input.use_cases;
  if (input.faq !== undefined) data.faq = input.faq;
  if (input.contact_email !== undefined) data.contactEmail = input.contact_email;
  if (input.contact_phone !== undefined) data.contactPhone = input.contact_phone;
  if (input.meta_title !== undefined) data.metaTitle = input.meta_title;
  if (input.meta_description !== undefined) data.metaDescription = input.meta_description;
  if (input.meta_keywords !== undefined) data.metaKeywords = input.meta_keywords;
  return data;
}

/** Replaces the item's gallery with `ids`, in order (the same image may appear once per position). */
async function writeGallery(tx: Prisma.TransactionClient, itemId: number, ids: number[] | undefined) {
  if (ids === undefined) return;
  await tx.catalogItemGalleryImage.deleteMany({ where: { itemId } });
  if (ids.length > 0) await tx.catalogItemGalleryImage.createMany({ data: ids.map((mediaId, position) => ({ itemId, position, mediaId })) });
}

/** The item as stored, with its images, for the contract. */
function readItem(tx: Prisma.TransactionClient, id: number) {
  return tx.catalogItem.findUniqueOrThrow({ where: { id }, include: CATALOG_MEDIA_INCLUDE });
}

/** A duplicate slug of the same kind is a 409 with a message on the slug field. */
async function assertSlugFree(tx: Prisma.TransactionClient, kind: CatalogKind, slug: string | undefined, exceptId?: number) {
  if (slug === undefined) return;
  const other = await tx.catalogItem.findFirst({ where: { kind, slug, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
  if (other) throw conflict(CATALOG_MESSAGES.slugTaken, { slug: [CATALOG_MESSAGES.slugTaken] });
}

function changedFields(before: CatalogSnapshot | null, after: CatalogSnapshot): string[] {
  if (!before) return [];
  return (Object.keys(after) as (keyof CatalogSnapshot)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/** Keeps the saved state as the item's next version. */
async function saveVersion(
  tx: Prisma.TransactionClient,
  actor: AdminActor,
  item: CatalogItemContract,
  previous: CatalogSnapshot | null,
  restoredFrom: number | null = null,
) {
  const last = await tx.catalogItemVersion.findFirst({ where: { itemId: item.id }, orderBy: { version: "desc" }, select: { version: true } });
  const snapshot = snapshotOf(item);
  await tx.catalogItemVersion.create({
    data: {
      itemId: item.id,
      version: (last?.version ?? 0) + 1,
      snapshot: snapshot as unknown as Prisma.InputJsonValue,
      changedFields: changedFields(previous, snapshot),
      restoredFrom,
      authorId: actor.id,
    },
  });
}

/** Creates a product or service (CATALOG_DEFAULTS for what is left out). 422 on bad input, 409 on a taken slug. */
export async function createCatalogItem(actor: AdminActor, kind: CatalogKind, input: unknown): Promise<CatalogItemContract> {
  const data = parseWith(catalogItemInputSchema(kind), input, CATALOG_MESSAGES.invalid);
  const created = await db.$transaction(async (tx) => {
    await assertSlugFree(tx, kind, data.slug);
    const changes = await normalize(tx, data);
    const created = await tx.catalogItem.create({ data: { ...(toData(changes) as Prisma.CatalogItemUncheckedCreateInput), kind }, select: { id: true } });
    await writeGallery(tx, created.id, changes.gallery_image_ids);
    const row = await readItem(tx, created.id);
    const contract = serializeCatalogItem(row);
    await recordAudit(tx, actor, { action: `${CATALOG_ENTITY[kind]}.create`, entityType: CATALOG_ENTITY[kind], entityId: row.id, after: snapshotOf(contract) });
    await saveVersion(tx, actor, contract, null);
    return contract;
  });
  revalidateCatalog();
  return created;
}

/**
 * Applies validated changes to one item inside `tx`: audit entry and new version when anything
 * changed. Shared by update and restore (a restore is a save of an old state).
 */
async function applyUpdate(
  tx: Prisma.TransactionClient,
  actor: AdminActor,
  kind: CatalogKind,
  id: number,
  data: CatalogItemUpdate,
  restoredFrom: number | null,
): Promise<CatalogItemContract> {
  // Two saves of one item at once: the second waits, then sees the first's result (its audit
  // "before" is right and it takes the next version number instead of colliding on it).
  await tx.$queryRaw`SELECT id FROM catalog_items WHERE id = ${id} FOR UPDATE`;
  const before = await tx.catalogItem.findFirst({ where: { id, kind }, include: CATALOG_MEDIA_INCLUDE });
  if (!before) throw notFound(catalogNotFoundMessage(kind));
  await assertSlugFree(tx, kind, data.slug, id);
  const beforeContract = serializeCatalogItem(before);
  const beforeSnapshot = snapshotOf(beforeContract);
  const changes = await normalize(tx, data);
  // Saving an unchanged form is a no-op: no write, no audit entry, no version.
  if (changedFields(beforeSnapshot, { ...beforeSnapshot, ...changes } as CatalogSnapshot).length === 0) return beforeContract;
  await tx.catalogItem.update({ where: { id }, data: toData(changes) });
  await writeGallery(tx, id, changes.gallery_image_ids);
  const row = await readItem(tx, id);
  const afterContract = serializeCatalogItem(row);
  const afterSnapshot = snapshotOf(afterContract);
  await recordAudit(tx, actor, {
    action: restoredFrom === null ? `${CATALOG_ENTITY[kind]}.update` : `${CATALOG_ENTITY[kind]}.restore`,
    entityType: CATALOG_ENTITY[kind],
    entityId: id,
    before: beforeSnapshot,
    after: { ...afterSnapshot, ...(restoredFrom === null ? {} : { restored_version: restoredFrom }) },
  });
  await saveVersion(tx, actor, afterContract, beforeSnapshot, restoredFrom);
  return afterContract;
}

/** Updates a product or service; fields left out keep their value. 404 unknown id, 422 bad input, 409 taken slug. */
export async function updateCatalogItem(actor: AdminActor, kind: CatalogKind, id: unknown, input: unknown): Promise<CatalogItemContract> {
  const itemId = parseCatalogId(kind, id);
  const data = parseWith(catalogItemUpdateSchema(kind), input, CATALOG_MESSAGES.invalid);
  const updated = await db.$transaction((tx) => applyUpdate(tx, actor, kind, itemId, data, null));
  revalidateCatalog();
  return updated;
}

/**
 * "Restaurar": saves version `version` of the item again, as a new version (audited as a restore).
 * 404 for an unknown item or version; 409 when its slug is now taken by another item.
 */
export async function restoreCatalogVersion(actor: AdminActor, kind: CatalogKind, id: unknown, version: unknown): Promise<CatalogItemContract> {
  const itemId = parseCatalogId(kind, id);
  const versionText = typeof version === "number" ? String(version) : typeof version === "string" ? version.trim() : "";
  if (!/^\d{1,9}$/.test(versionText)) throw notFound(CATALOG_MESSAGES.versionNotFound);
  const restored = await db.$transaction(async (tx) => {
    const row = await tx.catalogItemVersion.findFirst({ where: { itemId, version: Number(versionText), item: { kind } } });
    if (!row) {
      const exists = await tx.catalogItem.findFirst({ where: { id: itemId, kind }, select: { id: true } });
      throw notFound(exists ? CATALOG_MESSAGES.versionNotFound : catalogNotFoundMessage(kind));
    }
    // The stored snapshot goes through today's schema (and sanitizer) like any save. Its images
    // by id where it has them (older versions named them by URL, which resolve the same way).
    const data = parseWith(catalogItemUpdateSchema(kind), snapshotAsInput(row.snapshot), CATALOG_MESSAGES.invalid);
    return applyUpdate(tx, actor, kind, itemId, data, row.version);
  });
  revalidateCatalog();
  return restored;
}

function snapshotAsInput(snapshot: unknown): unknown {
  if (!snapshot || typeof snapshot !== "object" || Array.isArray(snapshot)) return snapshot;
  const input: Record<string, unknown> = { ...(snapshot as Record<string, unknown>) };
  if ("image_id" in input) input.image = input.image_id;
  if ("gallery_image_ids" in input) input.gallery_images = input.gallery_image_ids;
  delete input.image_id;
  delete input.gallery_image_ids;
  return input;
}

/** Deletes a product or service (its versions go with it; the audit trail keeps its last state). 404 unknown id. */
export async function deleteCatalogItem(actor: AdminActor, kind: CatalogKind, id: unknown): Promise<{ id: number }> {
  const itemId = parseCatalogId(kind, id);
  await db.$transaction(async (tx) => {
    const before = await tx.catalogItem.findFirst({ where: { id: itemId, kind }, include: CATALOG_MEDIA_INCLUDE });
    if (!before) throw notFound(catalogNotFoundMessage(kind));
    await tx.catalogItem.delete({ where: { id: itemId } });
    await recordAudit(tx, actor, {
      action: `${CATALOG_ENTITY[kind]}.delete`,
      entityType: CATALOG_ENTITY[kind],
      entityId: itemId,
      before: snapshotOf(serializeCatalogItem(before)),
    });
  });
  revalidateCatalog();
  return { id: itemId };
}

/**
 * Bulk status change or delete of items of one kind (ids of the other kind or unknown ids are
 * skipped). Each changed item gets its audit entry (and a version for a status change).
 */
export async function bulkCatalogItems(actor: AdminActor, kind: CatalogKind, input: unknown): Promise<{ affected: number }> {
  const { ids, action } = parseWith(catalogBulkSchema, input, CATALOG_MESSAGES.invalid);
  const affected = await db.$transaction(async (tx) => {
    const rows = await tx.catalogItem.findMany({ where: { kind, id: { in: ids } }, orderBy: { id: "asc" }, include: CATALOG_MEDIA_INCLUDE });
    let count = 0;
    for (const row of rows) {
      if (action === "delete") {
        await tx.catalogItem.delete({ where: { id: row.id } });
        await recordAudit(tx, actor, {
          action: `${CATALOG_ENTITY[kind]}.delete`,
          entityType: CATALOG_ENTITY[kind],
          entityId: row.id,
          before: snapshotOf(serializeCatalogItem(row)),
        });
        count += 1;
      } else if (row.status !== action) {
        await applyUpdate(tx, actor, kind, row.id, { status: action }, null);
        count += 1;
      }
    }
    return count;
  });
  if (affected > 0) revalidateCatalog();
  return { affected };
}
