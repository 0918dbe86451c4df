import "server-only";
import { randomUUID } from "node:crypto";
import { notFound } from "@/lib/errors";
import { mediaStorage } from "@/lib/media/storage";

// Files that came attached to an inbound e-mail: kept in the media storage (local disk or S3)
// under mail/…, a prefix /media never serves, and downloaded by staff only through the
// conversation's or the ticket's own route, always as an attachment.

/** The storage key of a new attachment: mail/<uuid>/<safe file name>. */
export function mailAttachmentKey(fileName: string): string {
  const safe =
    fileName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, 120) || "adjunto";
  return `mail/${randomUUID()}/${safe}`;
}

/** Stores the bytes under a fresh key; returns the key. */
export async function storeMailAttachment(fileName: string, mime: string, content: Uint8Array): Promise<string> {
  const key = mailAttachmentKey(fileName);
  await mediaStorage().put(key, content, mime);
  return key;
}

/** Removes stored attachments (best effort: a failure is logged, never thrown). */
export async function removeMailAttachments(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await mediaStorage().delete(keys);
  } catch (error) {
    console.error("[mail] No se pudieron borrar adjuntos del almacenamiento:", (error as Error).message);
  }
}

/** The file of an attachment row, for a download response; 404 when the storage lost it. */
export async function readMailAttachment(
  row: { storageKey: string; fileName: string; mime: string },
  missing: string,
): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  const body = await mediaStorage().read(row.storageKey);
  if (!body) throw notFound(missing);
  return { fileName: row.fileName, contentType: row.mime, body };
}
