import "server-only";
import { notFound, unavailable } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { mediaStorage } from "@/lib/media/storage";
import { findTicketAttachment } from "./queries";
import { SUPPORT_MESSAGES } from "./schema";

// The files that came attached to a client's e-mail on a ticket, for the admins' download. They
// sit in the media storage (local disk or S3) under the key the inbound pipeline stored.

export type TicketAttachmentFile = { fileName: string; contentType: string; size: number; body: ReadableStream<Uint8Array> };

/** A MIME type as a header may carry it ("type/subtype", with parameters); anything else is served as bytes. */
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}(\s*;\s*[a-z0-9_-]+=("[^"\r\n]*"|[a-z0-9_.-]+))*$/i;

/** Attachment `rawAttachmentId` of ticket `rawTicketId`, streamed from storage; 404 when the ticket has no such file. */
export async function readTicketAttachment(rawTicketId: unknown, rawAttachmentId: unknown): Promise<TicketAttachmentFile> {
  const ticketId = parseRecordId(rawTicketId, SUPPORT_MESSAGES.notFound);
  const attachmentId = parseRecordId(rawAttachmentId, SUPPORT_MESSAGES.attachmentNotFound);
  const row = await findTicketAttachment(ticketId, attachmentId);
  if (!row) throw notFound(SUPPORT_MESSAGES.attachmentNotFound);
  let stored;
  try {
    stored = await mediaStorage().get(row.storageKey);
  } catch (error) {
    console.error(`[support] No se pudo leer el adjunto ${attachmentId} del ticket ${ticketId}:`, error);
    throw unavailable("El almacenamiento de archivos no responde. Inténtalo de nuevo en unos segundos.", 5);
  }
  if (!stored) throw notFound("El archivo adjunto ya no está en el almacenamiento.");
  return { fileName: row.fileName, contentType: MIME.test(row.mime) ? row.mime : "application/octet-stream", size: stored.size, body: stored.body };
}

/**
 * Content-Disposition for a download named `fileName`: an ASCII stand-in for old clients and the
 * real name (RFC 5987) for the others; quotes, line breaks and path separators never pass.
 */
export function attachmentDisposition(fileName: string): string {
  const clean = fileName.replace(/[\u0000-\u001f\u007f"\\/]/g, "_").trim() || "adjunto";
  const ascii = clean.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/[^\w.() -]/g, "_").trim() || "adjunto";
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
