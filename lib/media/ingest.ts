import { randomBytes } from "node:crypto";
import type { MediaItem, Prisma } from "@/lib/generated/prisma/client";
import { FORMAT_EXT, FORMAT_MIME, formatFor, type AcceptedMime } from "./config";
import { checkFileName, mediaSlug, processImage, type ProcessedImage } from "./process";
import { publicFileKey, storedVariants, type StoredVariant } from "./serialize";
import { mediaStorage } from "./storage";

// From bytes to stored files: the checks and processing of lib/media/process.ts, then the
// original (kept as sent, apart from the public files) and the derived sizes written to the
// media storage. No database here: the service (and the seed) write the row. Whoever gets an
// IngestedImage and fails to keep it removes its `files`.

/** Storage key of an original: outside public/, so /media never serves it. */
function originalKey(key: string, contentHash: string, mime: AcceptedMime) {
  return `originals/${key}/${contentHash}.${FORMAT_EXT[formatFor(mime)]}`;
}

/** Writes the derived sizes under public/{key}/, each named by its content hash. */
async function storeSizes(key: string, slug: string, processed: ProcessedImage, written: string[]): Promise<StoredVariant[]> {
  const storage = mediaStorage();
  const stored: StoredVariant[] = [];
  for (const variant of processed.variants) {
    const file = `${slug}-${variant.width}-${variant.hash.slice(0, 12)}.${FORMAT_EXT[variant.format]}`;
    const storageKey = publicFileKey(key, file);
    await storage.put(storageKey, variant.data, FORMAT_MIME[variant.format]);
    written.push(storageKey);
    stored.push({ width: variant.width, height: variant.height, format: variant.format, bytes: variant.data.length, file });
  }
  return stored;
}

/** Deletes files; a failure is logged, never thrown (the row is what matters, files can be swept). */
export async function removeStoredFiles(keys: readonly string[]) {
  if (keys.length === 0) return;
  try {
    await mediaStorage().delete(keys);
  } catch (error) {
    console.error(`[media] No se pudieron borrar ${keys.length} archivo(s) del almacenamiento:`, error);
  }
}

export type IngestedImage = {
  key: string;
  fileName: string;
  mime: AcceptedMime;
  bytes: number;
  width: number;
  height: number;
  contentHash: string;
  originalKey: string;
  variants: StoredVariant[];
  sizesSignature: string;
  placeholder: string;
  /** Every storage key written (sizes and original). */
  files: string[];
};

/**
 * Checks the file name and the bytes, processes the image and stores the original and its sizes
 * under a new random key. Refusals (`invalid` on `file`) happen before anything is written; a
 * storage failure removes what was written and rethrows.
 */
export async function ingestImage(data: Buffer, rawFileName: string): Promise<IngestedImage> {
  const fileName = checkFileName(rawFileName);
  const processed = await processImage(data);
  const key = randomBytes(8).toString("hex");
  const files: string[] = [];
  try {
    const variants = await storeSizes(key, mediaSlug(fileName), processed, files);
    const original = originalKey(key, processed.contentHash, processed.mime);
    await mediaStorage().put(original, data, processed.mime);
    files.push(original);
    return {
      key,
      fileName,
      mime: processed.mime,
      bytes: data.length,
      width: processed.width,
      height: processed.height,
      contentHash: processed.contentHash,
      originalKey: original,
      variants,
      sizesSignature: processed.signature,
      placeholder: processed.placeholder,
      files,
    };
  } catch (error) {
    await removeStoredFiles(files);
    throw error;
  }
}

/** The columns of a new library row for an ingested image (alt and uploader are the caller's). */
export function mediaItemData(image: IngestedImage) {
  return {
    source: "upload" as const,
    key: image.key,
    fileName: image.fileName,
    mime: image.mime,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    contentHash: image.contentHash,
    originalKey: image.originalKey,
    variants: image.variants as unknown as Prisma.InputJsonValue,
    sizesSignature: image.sizesSignature,
    placeholder: image.placeholder,
  };
}

/** Every storage key of an upload: its public sizes and its original. */
export function storedFilesOf(row: Pick<MediaItem, "key" | "originalKey" | "variants">): string[] {
  if (!row.key) return [];
  const key = row.key;
  return [...storedVariants(row).map((v) => publicFileKey(key, v.file)), ...(row.originalKey ? [row.originalKey] : [])];
}

export type RebuiltSizes = {
  data: Prisma.MediaItemUpdateInput;
  /** Files written now that the row did not list before (to remove if the row update fails). */
  added: string[];
  /** Files the row listed before and no longer does (to remove once the row is updated). */
  obsolete: string[];
};

/**
 * The sizes of one upload rebuilt from its original (never from a derived file) with the
 * current size configuration: `true`-like RebuiltSizes, `null` for a row with nothing to
 * rebuild (a site file), `false` when the original is missing from the storage.
 */
export async function rebuildSizes(row: MediaItem): Promise<RebuiltSizes | null | false> {
  if (row.source !== "upload" || !row.key || !row.originalKey) return null;
  const original = await mediaStorage().read(row.originalKey);
  if (!original) return false;
  const processed = await processImage(original);
  const before = new Set(storedFilesOf(row));
  const written: string[] = [];
  let variants: StoredVariant[];
  try {
    variants = await storeSizes(row.key, mediaSlug(row.fileName), processed, written);
  } catch (error) {
    await removeStoredFiles(written.filter((k) => !before.has(k)));
    throw error;
  }
  const now = new Set(written);
  return {
    data: {
      variants: variants as unknown as Prisma.InputJsonValue,
      sizesSignature: processed.signature,
      placeholder: processed.placeholder,
      width: processed.width,
      height: processed.height,
    },
    added: written.filter((k) => !before.has(k)),
    obsolete: [...before].filter((k) => k !== row.originalKey && !now.has(k)),
  };
}
