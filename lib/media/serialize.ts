import type { MediaItem } from "@/lib/generated/prisma/client";
import { FORMAT_MIME, type MediaFormat } from "./config";

// Rows of the media library → the shapes the contract and the pages read. Pure: client
// components import the types, server code the functions.

/** One derived file of an upload, as kept in media_items.variants. */
export type StoredVariant = { width: number; height: number; format: MediaFormat; bytes: number; file: string };

/** Where the public files of an upload are served: /media/{key}/{file}. */
export function mediaFileUrl(key: string, file: string): string {
  return `/media/${key}/${file}`;
}

/** The storage key of a public (derived) file; the /media route reads exactly these. */
export function publicFileKey(key: string, file: string): string {
  return `public/${key}/${file}`;
}

export function storedVariants(row: Pick<MediaItem, "variants">): StoredVariant[] {
  return Array.isArray(row.variants) ? (row.variants as unknown as StoredVariant[]) : [];
}

/** The fallback format of an upload: its original's format (a GIF's first frame stays a GIF), else WebP. */
function fallbackFormat(variants: StoredVariant[]): MediaFormat {
  const others = variants.filter((v) => v.format !== "avif" && v.format !== "webp");
  return others[0]?.format ?? "webp";
}

function byWidth(variants: StoredVariant[], format: MediaFormat) {
  return variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
}

function srcsetOf(key: string, variants: StoredVariant[]) {
  return variants.map((v) => `${mediaFileUrl(key, v.file)} ${v.width}w`).join(", ");
}

/** The file a plain `src` points at: the largest size up to 1,024 px wide of the fallback format. */
function mainVariant(variants: StoredVariant[]): StoredVariant | undefined {
  const fallback = byWidth(variants, fallbackFormat(variants));
  return fallback.filter((v) => v.width <= 1024).at(-1) ?? fallback[0];
}

export type FocalPoint = { x: number; y: number };

function focalOf(row: Pick<MediaItem, "focalX" | "focalY">): FocalPoint | null {
  return row.focalX === null || row.focalY === null ? null : { x: row.focalX, y: row.focalY };
}

/**
 * What a public page (and the public JSON) needs to show an image: `src`/`srcset` in the
 * fallback format, `<source>` sets for AVIF and WebP, the intrinsic size (no layout shift),
 * the alt text, the focal point for crops and a blurred placeholder.
 */
export type MediaImageSet = {
  id: number;
  src: string;
  srcset: string;
  sources: { type: string; srcset: string }[];
  width: number | null;
  height: number | null;
  alt: string;
  focal_point: FocalPoint | null;
  placeholder: string | null;
};

export type MediaImageRow = Pick<MediaItem, "id" | "source" | "key" | "sitePath" | "width" | "height" | "alt" | "focalX" | "focalY" | "variants" | "placeholder">;

export function imageSetOf(row: MediaImageRow): MediaImageSet {
  const base = { id: row.id, alt: row.alt, focal_point: focalOf(row), placeholder: row.placeholder };
  const variants = storedVariants(row);
  const main = mainVariant(variants);
  if (row.source === "site" || !row.key || !main) {
    return { ...base, src: row.sitePath ?? "", srcset: "", sources: [], width: row.width, height: row.height };
  }
  const key = row.key;
  const fallback = byWidth(variants, main.format);
  const largest = fallback.at(-1) ?? main;
  const sources = (["avif", "webp"] as const)
    .filter((format) => format !== main.format)
    .map((format) => ({ format, list: byWidth(variants, format) }))
    .filter(({ list }) => list.length > 0)
    .map(({ format, list }) => ({ type: FORMAT_MIME[format], srcset: srcsetOf(key, list) }));
  return {
    ...base,
    src: mediaFileUrl(key, main.file),
    srcset: srcsetOf(key, fallback),
    sources,
    width: largest.width,
    height: largest.height,
  };
}

/** Where an image is used, for "En uso en" and the 409 of a refused delete. */
export type MediaUsage = { type: "product" | "service" | "testimonial"; id: number; name: string; url: string };

/** An item of the library as the admin contract shows it. */
export type MediaContract = {
  id: number;
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
  mime: string;
  sizes: { width: number; height: number; format: MediaFormat; bytes: number; url: string }[];
  source: MediaItem["source"];
  file_name: string;
  bytes: number;
  focal_point: FocalPoint | null;
  placeholder: string | null;
  created_at: string;
  updated_at: string;
};

export function serializeMedia(row: MediaItem): MediaContract {
  const key = row.key;
  const variants = storedVariants(row);
  return {
    id: row.id,
    url: imageSetOf(row).src,
    alt: row.alt,
    width: row.width,
    height: row.height,
    mime: row.mime,
    sizes: key ? variants.map((v) => ({ width: v.width, height: v.height, format: v.format, bytes: v.bytes, url: mediaFileUrl(key, v.file) })) : [],
    source: row.source,
    file_name: row.fileName,
    bytes: row.bytes,
    focal_point: focalOf(row),
    placeholder: row.placeholder,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A thumbnail for admin screens: the smallest WebP (or any smallest size), else the site path. */
export function thumbnailUrl(row: MediaImageRow): string {
  const variants = storedVariants(row);
  if (!row.key || variants.length === 0) return row.sitePath ?? "";
  const webp = byWidth(variants, "webp");
  const smallest = webp[0] ?? [...variants].sort((a, b) => a.width - b.width)[0];
  return mediaFileUrl(row.key, smallest.file);
}
