import { MEDIA_LIMITS, MEDIA_TYPE_LABELS, MEDIA_TYPE_MIME, type MediaTypeFilter } from "@/lib/media/labels";
import type { MediaContract } from "@/lib/media/serialize";

// How the library's screens write an image's facts (type, size, weight). Pure.

const decimal = new Intl.NumberFormat("es-PE", { maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat("es-PE");

/** "812 B", "38 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${integer.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${integer.format(Math.round(bytes / 1024))} KB`;
  return `${decimal.format(bytes / (1024 * 1024))} MB`;
}

const TYPE_OF_MIME = Object.fromEntries(Object.entries(MEDIA_TYPE_MIME).map(([type, mime]) => [mime, type])) as Record<string, MediaTypeFilter>;

/** "JPEG", "WebP", "SVG (del sitio)"… */
export function mediaTypeLabel(mime: string): string {
  const type = TYPE_OF_MIME[mime];
  return type ? MEDIA_TYPE_LABELS[type] : mime;
}

const FORMAT_LABELS: Record<string, string> = { avif: "AVIF", webp: "WebP", jpeg: "JPEG", png: "PNG", gif: "GIF" };

export function formatLabel(format: string): string {
  return FORMAT_LABELS[format] ?? format.toUpperCase();
}

/** "1600 × 1067 px", or "—" when unknown (a site file). */
export function dimensionsText(item: Pick<MediaContract, "width" | "height">): string {
  return item.width && item.height ? `${integer.format(item.width)} × ${integer.format(item.height)} px` : "—";
}

export function hasAlt(item: Pick<MediaContract, "alt">): boolean {
  return item.alt.trim() !== "";
}

/** Alt text is one line: a line break typed or pasted becomes a space. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").slice(0, MEDIA_LIMITS.alt);
}

export const ALT_HELP = "Describe la imagen para quien no puede verla. Obligatorio para usarla en páginas públicas.";
