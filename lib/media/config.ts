// The media library's limits and derived sizes, in one place. Pure (no sharp, no node:crypto):
// client components import it for the upload form's limits and the accepted types.

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
export const MAX_FILE_NAME_LENGTH = 255;

export const ACCEPTED_MIME = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;
export type AcceptedMime = (typeof ACCEPTED_MIME)[number];
export type MediaFormat = "avif" | "webp" | "jpeg" | "png" | "gif";

export const ACCEPTED_TYPES_LABEL = "JPEG, PNG, WebP, AVIF o GIF";

// Digits as the rest of the app prints them (es-PE: "10,000", "41.3").
const decimal = new Intl.NumberFormat("es-PE", { maximumFractionDigits: 1 });

/** Rounded up to one decimal, so a value just over a limit never prints as the limit itself. */
function upToTenth(value: number): string {
  return decimal.format(Math.ceil(value * 10) / 10);
}

/** The refusals of an upload, worded once for the server and for a form's own checks. */
export const UPLOAD_MESSAGES = {
  empty: "El archivo está vacío.",
  tooLarge: (bytes: number) =>
    `El archivo pesa ${upToTenth(bytes / (1024 * 1024))} MB; el máximo es ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.`,
  notAccepted: `El archivo no es una imagen admitida. Solo se aceptan imágenes ${ACCEPTED_TYPES_LABEL}.`,
  tooManyPixels: (pixels: number) =>
    `La imagen tiene ${upToTenth(pixels / 1_000_000)} megapíxeles; el máximo es ${MAX_PIXELS / 1_000_000}.`,
  damaged: "El archivo está dañado o incompleto. Vuelve a exportar la imagen e inténtalo de nuevo.",
  nameEmpty: "El archivo debe tener un nombre.",
  nameTooLong: `El nombre del archivo es demasiado largo (máximo ${MAX_FILE_NAME_LENGTH} caracteres).`,
  nameSeparator: "El nombre del archivo no puede contener «/» ni «\\».",
  nameDots: "El nombre del archivo no puede contener «..».",
} as const;

export type MediaSizesConfig = {
  /** Widths derived from each image (never wider than the image itself). */
  widths: readonly number[];
  /** "original" is the uploaded image's own format. */
  formats: readonly ("avif" | "webp" | "original")[];
  quality: { avif: number; webp: number; jpeg: number };
  /**
   * Encoder CPU effort: AVIF 0 (fastest) to 9, WebP 0 to 6. Low enough that a 12-megapixel photo
   * is ready in a few seconds on two cores; `npm run bench:media` shows the figures.
   */
  effort: { avif: number; webp: number };
  /** Width of the blurred placeholder shown while a size loads. */
  placeholderWidth: number;
};

/** The derived sizes, named in one place. Changing this and running `npm run media:regenerate` rebuilds every size. */
export const MEDIA_SIZES = {
  widths: [320, 640, 1024, 1600],
  formats: ["avif", "webp", "original"],
  quality: { avif: 50, webp: 75, jpeg: 80 },
  // AVIF effort 4 measured several times slower than 3 for files no smaller.
  effort: { avif: 3, webp: 4 },
  placeholderWidth: 16,
} as const satisfies MediaSizesConfig;

const FORMAT_OF_MIME: Record<AcceptedMime, MediaFormat> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};

/** The format an upload of this type keeps as its "original" size. */
export function formatFor(mime: AcceptedMime): MediaFormat {
  return FORMAT_OF_MIME[mime];
}

export const FORMAT_MIME: Record<MediaFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

export const FORMAT_EXT: Record<MediaFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
  png: "png",
  gif: "gif",
};

export function isAcceptedMime(value: string): value is AcceptedMime {
  return (ACCEPTED_MIME as readonly string[]).includes(value);
}

/** JSON with object keys sorted, so the same settings always give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * A short, stable fingerprint of a sizes configuration (8 hex digits, FNV-1a over its canonical
 * JSON). Stored with each image, it tells which images were derived with older settings.
 */
export function sizesSignature(config: MediaSizesConfig): string {
  const text = canonicalJson(config);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
