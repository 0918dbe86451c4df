// The media library as its screens show it: the fields' limits and the type filter's names and
// formats. Pure, without zod (lib/media/schema.ts holds the schemas and re-exports these), so the
// library's list and panels load no schema.

export const MEDIA_LIMITS = { alt: 300, q: 200 } as const;

/** The type filter of the library: the original's format. */
export const MEDIA_TYPE_FILTERS = ["jpeg", "png", "webp", "avif", "gif", "svg"] as const;
export type MediaTypeFilter = (typeof MEDIA_TYPE_FILTERS)[number];

export const MEDIA_TYPE_LABELS: Record<MediaTypeFilter, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  avif: "AVIF",
  gif: "GIF",
  svg: "SVG (del sitio)",
};

export const MEDIA_TYPE_MIME: Record<MediaTypeFilter, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  svg: "image/svg+xml",
};
