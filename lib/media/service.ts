import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { revalidateCatalog, revalidateTestimonials } from "@/lib/cache";
import { db } from "@/lib/db";
import { conflict, invalid, notFound, parseWith, rateLimited } from "@/lib/errors";
import type { MediaItem, Prisma } from "@/lib/generated/prisma/client";
import { hitRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { ingestImage, mediaItemData, rebuildSizes, removeStoredFiles, storedFilesOf } from "./ingest";
import { mediaUsage, parseMediaId, type MediaDetail } from "./queries";
import { MEDIA_MESSAGES, mediaUpdateSchema, mediaUploadFieldsSchema } from "./schema";
import { serializeMedia } from "./serialize";

// The only writes of the media library: the upload route (POST /api/v1/admin/media, which the
// library screen also uses), the edit and delete of the screen's server actions and of
// PUT/DELETE /api/v1/admin/media/{id}, and the size regeneration. Files go to the media storage
// first (lib/media/ingest.ts), then the row and its audit entry in one transaction; a failed
// write removes the files.

/** Uploads per admin: generous for a real session, a wall for a script hammering the endpoint. */
export const MEDIA_UPLOAD_RATE_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 60 };

/** Uploads this process reads and processes at once; a few more may wait, the rest are told to retry. */
const UPLOAD_SLOTS = 2;
const UPLOAD_QUEUE = 6;

let running = 0;
const waiting: (() => void)[] = [];

export type UploadSlot = { release: () => void };

/**
 * Takes one of the process's upload slots for an admin about to send a file, after the admin's
 * rate limit: a burst of uploads waits its turn instead of decoding forty images at once, and
 * one beyond the queue is refused (429) before its body is read.
 */
export async function beginUpload(actor: AdminActor): Promise<UploadSlot> {
  const limit = await hitRateLimit(`media-upload:${actor.id}`, MEDIA_UPLOAD_RATE_LIMIT);
  if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds, `Has subido demasiadas imágenes seguidas. Inténtalo de nuevo en ${limit.retryAfterSeconds} segundos.`);
  if (running >= UPLOAD_SLOTS) {
    if (waiting.length >= UPLOAD_QUEUE) throw rateLimited(5, "Hay demasiadas imágenes procesándose ahora mismo. Inténtalo de nuevo en unos segundos.");
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    },
  };
}

export type MediaUpload = { data: Buffer; fileName: string; alt?: unknown };

/**
 * Adds an image to the library: checks the name and the bytes (type by magic numbers, size,
 * megapixels), keeps the original untouched, stores the derived sizes, then the row with its
 * audit entry. Refusals are `invalid` on the field `file` (or `alt`) and leave nothing behind.
 */
export async function createMedia(actor: AdminActor, upload: MediaUpload): Promise<MediaDetail> {
  const { alt } = parseWith(mediaUploadFieldsSchema, { alt: upload.alt ?? undefined }, MEDIA_MESSAGES.invalid);
  const image = await ingestImage(upload.data, upload.fileName);
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.mediaItem.create({ data: { ...mediaItemData(image), alt: alt ?? "", uploadedById: actor.id } });
      await recordAudit(tx, actor, { action: "media.upload", entityType: "media", entityId: created.id, after: auditable(created) });
      return created;
    });
    return { ...serializeMedia(row), used_in: [] };
  } catch (error) {
    await removeStoredFiles(image.files);
    throw error;
  }
}

/** What the audit trail keeps of an item (no placeholder or file list: they say nothing to a reader). */
function auditable(row: MediaItem) {
  return {
    file_name: row.fileName,
    mime: row.mime,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    alt: row.alt,
    focal_point: row.focalX === null ? null : { x: row.focalX, y: row.focalY },
  };
}

async function lockedRow(tx: Prisma.TransactionClient, id: number): Promise<MediaItem> {
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM media_items WHERE id = ${id} FOR UPDATE`;
  const row = locked.length ? await tx.mediaItem.findUnique({ where: { id } }) : null;
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  return row;
}

function revalidateUsers(usage: { type: string }[]) {
  if (usage.some((u) => u.type !== "testimonial")) revalidateCatalog();
  if (usage.some((u) => u.type === "testimonial")) revalidateTestimonials();
}

/** Alt text and focal point. An image in use keeps a non-empty alt text; pages that show it are refreshed. */
export async function updateMedia(actor: AdminActor, rawId: unknown, input: unknown): Promise<MediaDetail> {
  const id = parseMediaId(rawId);
  const changes = parseWith(mediaUpdateSchema, input, MEDIA_MESSAGES.invalid);
  const result = await db.$transaction(async (tx) => {
    const before = await lockedRow(tx, id);
    const usage = await mediaUsage(tx, id);
    if (changes.alt !== undefined && changes.alt === "" && usage.length > 0) {
      throw invalid({ alt: [MEDIA_MESSAGES.altRequiredInUse] }, MEDIA_MESSAGES.altRequiredInUse);
    }
    const data: Prisma.MediaItemUpdateInput = {};
    if (changes.alt !== undefined) data.alt = changes.alt;
    if (changes.focal_point !== undefined) {
      data.focalX = changes.focal_point?.x ?? null;
      data.focalY = changes.focal_point?.y ?? null;
    }
    const row = await tx.mediaItem.update({ where: { id }, data });
    const [b, a] = [auditable(before), auditable(row)];
    if (JSON.stringify(b) !== JSON.stringify(a)) {
      await recordAudit(tx, actor, { action: "media.update", entityType: "media", entityId: id, before: b, after: a });
    }
    return { detail: { ...serializeMedia(row), used_in: usage }, usage };
  });
  revalidateUsers(result.usage);
  return result.detail;
}

/** The 409 of a refused delete: the message and `errors.used_in` list every page that uses the image. */
function inUse(usage: { type: string; name: string }[]) {
  const label = { product: "Producto", service: "Servicio", testimonial: "Testimonio" } as Record<string, string>;
  const list = usage.map((u) => `${label[u.type]} «${u.name}»`);
  return conflict(`No se puede eliminar: la imagen está en uso en ${list.join(", ")}. Quítala de allí primero.`, { used_in: list });
}

/** Deletes an image no record uses (409 with the list otherwise), then its files. */
export async function deleteMedia(actor: AdminActor, rawId: unknown): Promise<void> {
  const id = parseMediaId(rawId);
  const removed = await db.$transaction(async (tx) => {
    const row = await lockedRow(tx, id);
    const usage = await mediaUsage(tx, id);
    if (usage.length > 0) throw inUse(usage);
    await tx.mediaItem.delete({ where: { id } });
    await recordAudit(tx, actor, { action: "media.delete", entityType: "media", entityId: id, before: auditable(row) });
    return row;
  });
  await removeStoredFiles(storedFilesOf(removed));
}

/**
 * Rebuilds the sizes of one upload from its original with the current configuration and drops
 * the files of sizes no longer named. False when the original is missing from the storage.
 */
export async function regenerateMediaSizes(row: MediaItem): Promise<boolean> {
  const rebuilt = await rebuildSizes(row);
  if (!rebuilt) return rebuilt === null;
  try {
    await db.mediaItem.update({ where: { id: row.id }, data: rebuilt.data });
  } catch (error) {
    await removeStoredFiles(rebuilt.added);
    throw error;
  }
  await removeStoredFiles(rebuilt.obsolete);
  return true;
}
