import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata, type Sharp } from "sharp";
import { invalid } from "@/lib/errors";
import { textProblem } from "@/lib/zod";
import {
  type AcceptedMime,
  type MediaFormat,
  type MediaSizesConfig,
  formatFor,
  isAcceptedMime,
  MAX_FILE_NAME_LENGTH,
  MAX_PIXELS,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  MEDIA_SIZES,
  sizesSignature,
} from "./config";

// An upload is judged by its bytes only: its name and declared type are never trusted. Every
// size is re-encoded from decoded pixels, so nothing but the image itself (no EXIF, GPS, ICC,
// comments, trailing bytes of a polyglot) reaches a public file.

export type ImageInfo = { mime: AcceptedMime; width: number; height: number };

export type ProcessedVariant = {
  width: number;
  height: number;
  format: MediaFormat;
  data: Buffer;
  /** First 16 hex digits of the SHA-256 of `data`: the file's name changes whenever its bytes do. */
  hash: string;
};

export type ProcessedImage = {
  mime: AcceptedMime;
  /** After EXIF orientation. */
  width: number;
  height: number;
  /** Size of the uploaded original. */
  bytes: number;
  /** SHA-256 (hex) of the uploaded original's bytes. */
  contentHash: string;
  /** A tiny blurred WebP as a data URL, shown while a size loads. */
  placeholder: string;
  variants: ProcessedVariant[];
  /** sizesSignature of the configuration the variants were derived with. */
  signature: string;
};

function refuse(message: string) {
  return invalid({ file: [message] }, message);
}

/** The loader libvips must pick for each accepted type (AVIF is read by its HEIF loader). */
const SHARP_FORMAT: Record<AcceptedMime, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "heif",
  "image/gif": "gif",
};

/**
 * Checks an upload without decoding its pixels: size, type by its bytes, header readable, at
 * most MAX_PIXELS (first frame of an animation). Width and height are after EXIF orientation.
 */
export async function inspectImage(data: Buffer): Promise<ImageInfo> {
  if (!Buffer.isBuffer(data) || data.length === 0) throw refuse(UPLOAD_MESSAGES.empty);
  if (data.length > MAX_UPLOAD_BYTES) throw refuse(UPLOAD_MESSAGES.tooLarge(data.length));

  const type = await fileTypeFromBuffer(data).catch(() => undefined);
  if (!type || !isAcceptedMime(type.mime)) throw refuse(UPLOAD_MESSAGES.notAccepted);
  const mime = type.mime;

  // Header only. sharp's own pixel limit would refuse a huge header without telling its size,
  // so the limit is checked here, and enforced again by the decoder in processImage.
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw refuse(UPLOAD_MESSAGES.damaged);
  }
  if (metadata.format !== SHARP_FORMAT[mime]) throw refuse(UPLOAD_MESSAGES.notAccepted);

  const width = metadata.width;
  const height = metadata.pageHeight ?? metadata.height;
  if (!(width > 0 && height > 0)) throw refuse(UPLOAD_MESSAGES.damaged);
  if (width * height > MAX_PIXELS) throw refuse(UPLOAD_MESSAGES.tooManyPixels(width * height));

  // Orientations 5–8 turn the image a quarter: the displayed width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  return { mime, width: turned ? height : width, height: turned ? width : height };
}

/** The widths to derive: each configured width the image reaches, or its own width if it reaches none. */
function targetWidths(config: MediaSizesConfig, imageWidth: number): number[] {
  const widths = [...new Set(config.widths)].filter((width) => Number.isInteger(width) && width > 0 && width <= imageWidth);
  return widths.length ? widths.sort((a, b) => a - b) : [imageWidth];
}

function targetFormats(config: MediaSizesConfig, original: MediaFormat): MediaFormat[] {
  return [...new Set(config.formats.map((format) => (format === "original" ? original : format)))];
}

type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

function encode(pixels: Pixels, format: MediaFormat, config: MediaSizesConfig): Promise<Buffer> {
  const image = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });
  switch (format) {
    case "avif":
      return image.avif({ quality: config.quality.avif, effort: config.effort.avif }).toBuffer();
    case "webp":
      return image.webp({ quality: config.quality.webp, effort: config.effort.webp }).toBuffer();
    case "jpeg":
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: config.quality.jpeg, mozjpeg: true }).toBuffer();
    case "png":
      return image.png().toBuffer();
    case "gif":
      return image.gif().toBuffer();
  }
}

function sha256(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Runs one sharp step; a decoder's complaint (truncated, corrupt data) becomes the "damaged" refusal. */
async function decoding<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw refuse(UPLOAD_MESSAGES.damaged);
  }
}

/**
 * Inspects, then derives every configured size of an image: turned upright by its EXIF
 * orientation, in sRGB, without any metadata, never wider than the image; plus a blurred
 * placeholder. Sizes are made one after another from one decoding pipeline, so memory stays
 * bounded by one image and one size at a time.
 */
export async function processImage(data: Buffer, config: MediaSizesConfig = MEDIA_SIZES): Promise<ProcessedImage> {
  const info = await inspectImage(data);
  const formats = targetFormats(config, formatFor(info.mime));

  // failOn "error": a truncated or corrupt image is refused instead of stored half grey.
  // pages 1: an animation keeps its first frame only.
  const upright: Sharp = sharp(data, { failOn: "error", limitInputPixels: MAX_PIXELS, pages: 1 }).autoOrient();

  const variants: ProcessedVariant[] = [];
  for (const width of targetWidths(config, info.width)) {
    const { data: pixels, info: raw } = await decoding(() =>
      upright
        .clone()
        .resize({ width, withoutEnlargement: true })
        .toColourspace("srgb")
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true }),
    );
    const frame: Pixels = { data: pixels, width: raw.width, height: raw.height, channels: raw.channels };
    for (const format of formats) {
      const encoded = await encode(frame, format, config);
      variants.push({ width: raw.width, height: raw.height, format, data: encoded, hash: sha256(encoded).slice(0, 16) });
    }
  }

  const placeholder = await decoding(() =>
    upright
      .clone()
      .resize({ width: config.placeholderWidth, withoutEnlargement: true })
      .blur(1)
      .toColourspace("srgb")
      .webp({ quality: 40, effort: 4 })
      .toBuffer(),
  );

  return {
    mime: info.mime,
    width: info.width,
    height: info.height,
    bytes: data.length,
    contentHash: sha256(data),
    placeholder: `data:image/webp;base64,${placeholder.toString("base64")}`,
    variants,
    signature: sizesSignature(config),
  };
}

/** A readable, trimmed upload name; refuses what could act as a path or hide characters. */
export function checkFileName(name: string): string {
  if (typeof name !== "string") throw refuse(UPLOAD_MESSAGES.nameEmpty);
  const trimmed = name.trim();
  if (!trimmed) throw refuse(UPLOAD_MESSAGES.nameEmpty);
  // Length in characters (an emoji is one), counted only once the text is known to be short.
  if (trimmed.length > MAX_FILE_NAME_LENGTH && (trimmed.length > 2 * MAX_FILE_NAME_LENGTH || [...trimmed].length > MAX_FILE_NAME_LENGTH)) {
    throw refuse(UPLOAD_MESSAGES.nameTooLong);
  }
  const problem = textProblem(trimmed, { multiline: false });
  if (problem) {
    const message = `El nombre del archivo ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`;
    throw refuse(message);
  }
  if (/[/\\]/.test(trimmed)) throw refuse(UPLOAD_MESSAGES.nameSeparator);
  if (trimmed.includes("..")) throw refuse(UPLOAD_MESSAGES.nameDots);
  return trimmed;
}

const SLUG_MAX_LENGTH = 60;

/** An ASCII slug of a file name without its extension, for readable public URLs ("imagen" when nothing is left). */
export function mediaSlug(name: string): string {
  const text = String(name ?? "").slice(0, 1000).trim();
  const withoutExtension = text.replace(/\.[^./\\\s]{1,10}$/, "");
  const slug = withoutExtension
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
  return slug || "imagen";
}
