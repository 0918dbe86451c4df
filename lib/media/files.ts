import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { FORMAT_EXT, FORMAT_MIME, formatFor, type AcceptedMime, type MediaFormat } from "./config";
import { parseMediaId } from "./queries";
import { MEDIA_MESSAGES } from "./schema";
import { mediaFileUrl, publicFileKey, storedVariants } from "./serialize";
import { mediaStorage } from "./storage";

// Reading the library's files back: the public sizes for /media/… and, for admins, an original.

/** The public file names the service writes: slug-width-hash.ext. Anything else is not ours. */
const KEY = /^[a-f0-9]{8,32}$/;
const FILE = /^[a-z0-9-]{1,80}-\d{1,5}-[a-f0-9]{12}\.(avif|webp|jpg|png|gif)$/;

const MIME_OF_EXT = Object.fromEntries(
  (Object.keys(FORMAT_EXT) as MediaFormat[]).map((format) => [FORMAT_EXT[format], FORMAT_MIME[format]]),
) as Record<string, string>;

export const IMMUTABLE = "public, max-age=31536000, immutable";

function notFoundResponse() {
  return new Response("Imagen no encontrada.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * The answer for /media/{key}/{file}: the stored bytes with their type, immutable caching and
 * nosniff; 404 for a name we never write or a file that is not there. An ETag lets a browser
 * that still asks get a 304 (while the file exists).
 */
export async function mediaFileResponse(request: Request, key: string, file: string): Promise<Response> {
  const ext = FILE.exec(file)?.[1];
  if (!KEY.test(key) || !ext) return notFoundResponse();
  const etag = `"${file.slice(file.lastIndexOf("-") + 1, file.lastIndexOf("."))}"`;
  const headers = {
    "Content-Type": MIME_OF_EXT[ext],
    "Cache-Control": IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
    // An image, never a document: nothing in it may run if someone opens it directly.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  // This route answers images, not the API's JSON: a storage or database failure (the lookup of a
  // replaced size reads the database) is a plain 503, never an unhandled 500.
  let stored;
  try {
    stored = await mediaStorage().get(publicFileKey(key, file));
    if (!stored) return (await currentFileRedirect(key, file)) ?? notFoundResponse();
  } catch (error) {
    console.error(`[media] No se pudo leer ${key}/${file}:`, error);
    return new Response("El almacenamiento de imágenes no responde. Inténtalo de nuevo en unos segundos.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" },
    });
  }
  // Only a file that still exists is "not modified": a deleted one must stop being served.
  if (request.headers.get("if-none-match") === etag) {
    await stored.body.cancel().catch(() => {});
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : stored.body, { status: 200, headers: { ...headers, "Content-Length": String(stored.size) } });
}

/**
 * A size replaced by `npm run media:regenerate` (new content, new name) may still be named by a
 * page cached before it: that URL is sent, briefly cached, to the image's current file of the
 * same format and the nearest width, instead of a broken image.
 */
async function currentFileRedirect(key: string, file: string): Promise<Response | null> {
  const match = /-(\d{1,5})-[a-f0-9]{12}\.([a-z]+)$/.exec(file);
  if (!match) return null;
  const [width, ext] = [Number(match[1]), match[2]];
  const row = await db.mediaItem.findUnique({ where: { key }, select: { variants: true } });
  if (!row) return null;
  const candidates = storedVariants(row).filter((v) => FORMAT_EXT[v.format] === ext && v.file !== file);
  const nearest = candidates.sort((a, b) => Math.abs(a.width - width) - Math.abs(b.width - width))[0];
  if (!nearest) return null;
  return new Response(null, { status: 302, headers: { Location: mediaFileUrl(key, nearest.file), "Cache-Control": "public, max-age=300" } });
}

/** An upload's original, exactly as sent, for an admin's download. 404 for a site file or an unknown id. */
export async function readMediaOriginal(rawId: unknown): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  const id = parseMediaId(rawId);
  const row = await db.mediaItem.findUnique({ where: { id }, select: { originalKey: true, fileName: true, mime: true } });
  if (!row?.originalKey) throw notFound(MEDIA_MESSAGES.notFound);
  const body = await mediaStorage().read(row.originalKey);
  if (!body) throw notFound("El archivo original no está en el almacenamiento.");
  const ext = FORMAT_EXT[formatFor(row.mime as AcceptedMime)];
  const base = row.fileName.replace(/\.[^.]*$/, "");
  return { fileName: `${base}.${ext}`, contentType: row.mime, body };
}
