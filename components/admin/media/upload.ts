import { CSRF_HEADER_NAME, withCsrfToken } from "@/components/account/csrf";
import { ACCEPTED_MIME, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "@/lib/media/config";
import type { MediaDetail } from "@/lib/media/queries";

// The upload client of the media library and the image pickers: one file per request to
// POST /api/v1/admin/media, with XMLHttpRequest so the bytes sent can be reported while they go
// (fetch has no upload progress). The server decides what is an image; the checks here only
// answer at once what it would certainly refuse (too heavy, a name that is not an image).

export const MEDIA_UPLOAD_URL = "/api/v1/admin/media";

/** What the file input offers and the drop zone takes. */
export const MEDIA_ACCEPT = ACCEPTED_MIME.join(",");

export const UPLOAD_TEXT = {
  network: "No se pudo subir el archivo. Revisa tu conexión e inténtalo de nuevo.",
  cancelled: "Subida cancelada.",
  failed: "No se pudo subir el archivo. Inténtalo de nuevo en unos minutos.",
  tooMany: (seconds: number) => `Has subido demasiadas imágenes seguidas. Inténtalo de nuevo en ${seconds} segundos.`,
} as const;

const ACCEPTED_EXTENSIONS = new Set(["jpg", "jpeg", "jpe", "jfif", "png", "webp", "avif", "gif"]);

/** A refusal of an upload, in Spanish; `retryable` when sending the same file again may work. */
export class MediaUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "MediaUploadError";
  }
}

/**
 * What the server would certainly refuse, said before sending: over 10 MB, or a name whose
 * extension is not one of the accepted images (an SVG, a PDF). A file without extension is sent.
 */
export function precheckMediaFile(file: Pick<File, "name" | "size">): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge(file.size);
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  const dot = file.name.lastIndexOf(".");
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : "";
  if (extension && !ACCEPTED_EXTENSIONS.has(extension)) return UPLOAD_MESSAGES.notAccepted;
  return null;
}

export type UploadOptions = {
  alt?: string;
  /** 0 to 1 as the bytes leave; 1 means sent, the server is processing it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

type Answer = { status: number; body: unknown; retryAfter: string | null };

function send(file: File, token: string, { alt, onProgress, signal }: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new MediaUploadError(UPLOAD_TEXT.cancelled, 0, true));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener("abort", onAbort);
    xhr.open("POST", MEDIA_UPLOAD_URL);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader(CSRF_HEADER_NAME, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onload = () => {
      done();
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status decides the message.
      }
      resolve({ status: xhr.status, body, retryAfter: xhr.getResponseHeader("Retry-After") });
    };
    xhr.onerror = () => {
      done();
      reject(new MediaUploadError(UPLOAD_TEXT.network, 0, true));
    };
    xhr.onabort = () => {
      done();
      reject(new MediaUploadError(UPLOAD_TEXT.cancelled, 0, true));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const form = new FormData();
    // The text field first: the server reads it before the file's bytes.
    if (alt && alt.trim()) form.append("alt", alt.trim());
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

function messageOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  if (errors && typeof errors === "object") {
    const file = (errors as Record<string, unknown>).file;
    if (Array.isArray(file) && typeof file[0] === "string" && file[0]) return file[0];
  }
  return typeof message === "string" && message ? message : null;
}

/** The refusal of a finished request, with the server's own message when it gave one. */
function refusalOf(answer: Answer, file: File): MediaUploadError {
  const message = messageOf(answer.body);
  const { status } = answer;
  if (status === 429 || status === 503) {
    const seconds = Math.max(1, Math.min(3600, Number.parseInt(answer.retryAfter ?? "", 10) || 30));
    return new MediaUploadError(message ?? UPLOAD_TEXT.tooMany(seconds), status, true, seconds);
  }
  if (status === 413) return new MediaUploadError(message ?? UPLOAD_MESSAGES.tooLarge(file.size), status, false);
  if (status >= 400 && status < 500 && status !== 408 && status !== 419) return new MediaUploadError(message ?? UPLOAD_TEXT.failed, status, false);
  return new MediaUploadError(message && status < 500 ? message : UPLOAD_TEXT.failed, status, true);
}

/**
 * Uploads one image to the library: the new item (201) or a MediaUploadError with the Spanish
 * message to show (the server's, a network error's, or a 429's with when to retry).
 */
export async function uploadMediaFile(file: File, options: UploadOptions = {}): Promise<MediaDetail> {
  const refused = precheckMediaFile(file);
  if (refused) throw new MediaUploadError(refused, 0, false);
  const answer = await withCsrfToken((token) => send(file, token, options));
  if (answer.status === 201 || answer.status === 200) {
    const data = (answer.body as { data?: MediaDetail } | null)?.data;
    if (data && typeof data.id === "number") return data;
  }
  throw refusalOf(answer, file);
}
