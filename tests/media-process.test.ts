// Image inspection and processing (lib/media/process.ts) against the media corpus
// (tests/fixtures/media/corpus.ts): hostile files are refused with a clear Spanish message or come
// out as plain re-encoded images; good images give every configured size that fits, upright, in
// the right formats, without any of the original's metadata.
import { createHash } from "node:crypto";
import exifr from "exifr";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { MEDIA_SIZES, type MediaFormat, type MediaSizesConfig, sizesSignature } from "@/lib/media/config";
import { checkFileName, inspectImage, mediaSlug, processImage, type ProcessedImage } from "@/lib/media/process";
import { GOOD_IMAGES, HOSTILE_FILES, PRIVATE_METADATA, type GoodImage } from "./fixtures/media/corpus";

async function refusalOf(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("se esperaba un rechazo");
}

function refusalOfSync(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("se esperaba un rechazo");
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** The loader sharp reports for each format it decodes. */
const SHARP_FORMAT: Record<MediaFormat, string> = { avif: "heif", webp: "webp", jpeg: "jpeg", png: "png", gif: "gif" };

/** The RGB of one pixel of an encoded image. */
async function pixelAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

function containsBytes(haystack: Buffer, needle: string): boolean {
  return haystack.includes(Buffer.from(needle, "latin1"));
}

describe("hostile files", () => {
  it.each(HOSTILE_FILES.filter((file) => file.expected === "refused").map((file) => [file.name, file] as const))(
    "%s: refused with a clear message",
    async (_name, file) => {
      if (file.expected !== "refused") return;
      const error = await refusalOf(processImage(await file.build()));
      expect(error.kind).toBe("invalid");
      expect(error.message).toMatch(file.message);
      expect(error.fieldErrors).toEqual({ file: [error.message] });
    },
  );

  it.each(HOSTILE_FILES.filter((file) => file.expected === "neutralised").map((file) => [file.name, file] as const))(
    "%s: accepted as an image, none of the payload left in any size",
    async (_name, file) => {
      if (file.expected !== "neutralised") return;
      const source = await file.build();
      // The payload really is in what was uploaded.
      for (const needle of file.mustNotSurvive) expect(containsBytes(source, needle), needle).toBe(true);

      const result = await processImage(source);
      expect(result.variants.length).toBeGreaterThan(0);
      for (const variant of result.variants) {
        for (const needle of file.mustNotSurvive) expect(containsBytes(variant.data, needle), `${variant.format} ${variant.width}: ${needle}`).toBe(false);
        const metadata = await sharp(variant.data).metadata();
        expect(metadata.format).toBe(SHARP_FORMAT[variant.format]);
        expect(metadata.comments ?? []).toEqual([]);
      }
      expect(containsBytes(Buffer.from(result.placeholder), "<script")).toBe(false);
    },
  );

  it("refuses the 10-gigapixel header from the header alone, naming its megapixels", async () => {
    const bomb = HOSTILE_FILES.find((file) => file.fileName === "bomba.png")!;
    const error = await refusalOf(inspectImage(await bomb.build()));
    expect(error.message).toBe("La imagen tiene 10,000 megapíxeles; el máximo es 40.");
  });
});

describe("good images", () => {
  const results = new Map<string, { source: Buffer; result: ProcessedImage }>();

  beforeAll(async () => {
    for (const [key, image] of Object.entries(GOOD_IMAGES)) {
      const source = await image.build();
      results.set(key, { source, result: await processImage(source) });
    }
  }, 120_000);

  it.each(Object.entries(GOOD_IMAGES).map(([key, image]) => [image.name, key, image as GoodImage] as const))(
    "%s: every size that fits, in AVIF, WebP and its own format",
    async (_name, key, image) => {
      const { source, result } = results.get(key)!;
      expect(result).toMatchObject({ mime: image.mime, width: image.width, height: image.height, bytes: source.length, contentHash: sha256(source) });
      expect(result.signature).toBe(sizesSignature(MEDIA_SIZES));

      const fitting = MEDIA_SIZES.widths.filter((width) => width <= image.width);
      const widths = fitting.length ? fitting : [image.width];
      const own = ({ "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp", "image/avif": "avif", "image/gif": "gif" } as const)[image.mime];
      const formats = [...new Set<MediaFormat>(["avif", "webp", own])].sort();
      expect(result.variants.map((variant) => `${variant.width} ${variant.format}`).sort()).toEqual(
        widths.flatMap((width) => formats.map((format) => `${width} ${format}`)).sort(),
      );

      for (const variant of result.variants) {
        // No size is wider than the image: nothing is upscaled.
        expect(variant.width).toBeLessThanOrEqual(image.width);
        expect(variant.height).toBe(Math.round((variant.width * image.height) / image.width));
        expect(variant.hash).toBe(sha256(variant.data).slice(0, 16));
        // What the bytes say, decoded: the format and size claimed, one frame, no metadata at all.
        const metadata = await sharp(variant.data, { pages: -1 }).metadata();
        expect(metadata.format).toBe(SHARP_FORMAT[variant.format]);
        expect([metadata.width, metadata.pageHeight ?? metadata.height]).toEqual([variant.width, variant.height]);
        expect(metadata.pages ?? 1).toBe(1);
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.iptc).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
      }

      // The placeholder: a tiny WebP data URL under 1 KB.
      expect(result.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
      expect(result.placeholder.length).toBeLessThan(1024);
      const placeholder = await sharp(Buffer.from(result.placeholder.split(",")[1], "base64")).metadata();
      expect(placeholder.format).toBe("webp");
      expect(placeholder.width).toBe(Math.min(MEDIA_SIZES.placeholderWidth, image.width));
    },
  );

  it("turns a photo upright by its EXIF orientation (a 400×300 stored, 6-oriented photo comes out 300 wide)", async () => {
    const { result } = results.get("exif")!;
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual(result.variants.map(() => [300, 400]));
    for (const variant of result.variants) {
      // Stored left red / right blue; turned 90° clockwise that is red on top, blue below.
      const [topRed, , topBlue] = await pixelAt(variant.data, 150, 20);
      const [bottomRed, , bottomBlue] = await pixelAt(variant.data, 150, 380);
      expect(topRed, variant.format).toBeGreaterThan(150);
      expect(topBlue, variant.format).toBeLessThan(80);
      expect(bottomBlue, variant.format).toBeGreaterThan(150);
      expect(bottomRed, variant.format).toBeLessThan(80);
    }
  });

  it("leaves no GPS position, camera make or model, comment or any EXIF in any size", async () => {
    const { source, result } = results.get("exif")!;
    // The upload does carry them.
    const original = await exifr.parse(source, { gps: true, ifd0: { pick: ["Make", "Model"] } });
    expect(original).toMatchObject({ Make: PRIVATE_METADATA.make, Model: PRIVATE_METADATA.model });
    expect(original.latitude).toBeCloseTo(PRIVATE_METADATA.latitude, 3);
    expect(original.longitude).toBeCloseTo(PRIVATE_METADATA.longitude, 3);
    expect(containsBytes(source, PRIVATE_METADATA.comment)).toBe(true);

    for (const variant of result.variants) {
      for (const text of [PRIVATE_METADATA.make, PRIVATE_METADATA.model, PRIVATE_METADATA.comment, "Exif\0\0", "Firmware"]) {
        expect(containsBytes(variant.data, text), `${variant.format}: ${JSON.stringify(text)}`).toBe(false);
      }
      // exifr reads EXIF from JPEG, PNG and AVIF (not WebP nor GIF, whose lack of EXIF sharp checked above).
      if (variant.format === "jpeg" || variant.format === "avif") {
        expect(await exifr.gps(variant.data), variant.format).toBeUndefined();
        expect(await exifr.parse(variant.data, { tiff: true, gps: true, xmp: true, iptc: true, icc: true }), variant.format).toBeUndefined();
      }
    }
  });

  it.each(["gif", "animatedWebp"])("keeps only the first (red) frame of an animation: %s", async (key) => {
    const { source, result } = results.get(key)!;
    expect((await sharp(source).metadata()).pages).toBe(2);
    for (const variant of result.variants) {
      const [red, green] = await pixelAt(variant.data, 10, 10);
      expect(red, variant.format).toBeGreaterThan(180);
      expect(green, variant.format).toBeLessThan(80);
    }
  });

  it("converts a CMYK JPEG to sRGB with its colours (red stays red)", async () => {
    const { source, result } = results.get("cmyk")!;
    expect((await sharp(source).metadata()).space).toBe("cmyk");
    for (const variant of result.variants) {
      expect((await sharp(variant.data).metadata()).space, variant.format).toBe("srgb");
      const [red, green, blue] = await pixelAt(variant.data, 100, 100);
      expect(red, variant.format).toBeGreaterThan(180);
      expect(Math.max(green, blue), variant.format).toBeLessThan(80);
    }
  });

  it("keeps a PNG's transparency in AVIF, WebP and PNG", async () => {
    const { result } = results.get("png")!;
    for (const variant of result.variants) expect((await sharp(variant.data).metadata()).hasAlpha, variant.format).toBe(true);
  });
});

describe("processImage with another configuration", () => {
  it("derives exactly the configured widths and formats, and signs them differently", async () => {
    const config: MediaSizesConfig = { widths: [250, 100], formats: ["webp", "original"], quality: { avif: 40, webp: 60, jpeg: 70 }, effort: { avif: 0, webp: 0 }, placeholderWidth: 8 };
    const result = await processImage(await GOOD_IMAGES.jpeg.build(), config);
    expect(result.variants.map((variant) => `${variant.width} ${variant.format}`)).toEqual(["100 webp", "100 jpeg", "250 webp", "250 jpeg"]);
    expect(result.signature).toBe(sizesSignature(config));
    expect(result.signature).not.toBe(sizesSignature(MEDIA_SIZES));
  });

  it("signs equal settings alike whatever their key order, and any change differently", () => {
    const reordered: MediaSizesConfig = { placeholderWidth: 16, effort: { webp: 4, avif: 3 }, quality: { jpeg: 80, webp: 75, avif: 50 }, formats: ["avif", "webp", "original"], widths: [320, 640, 1024, 1600] };
    expect(sizesSignature(reordered)).toBe(sizesSignature(MEDIA_SIZES));
    expect(sizesSignature(MEDIA_SIZES)).toMatch(/^[0-9a-f]{8}$/);
    expect(sizesSignature({ ...MEDIA_SIZES, quality: { ...MEDIA_SIZES.quality, avif: 51 } })).not.toBe(sizesSignature(MEDIA_SIZES));
    expect(sizesSignature({ ...MEDIA_SIZES, widths: [320, 640, 1024] })).not.toBe(sizesSignature(MEDIA_SIZES));
  });
});

describe("checkFileName", () => {
  it("accepts an ordinary name and trims it", () => {
    expect(checkFileName("Foto oficina.jpg")).toBe("Foto oficina.jpg");
    expect(checkFileName("  Fotografía Óptima 2026.JPG ")).toBe("Fotografía Óptima 2026.JPG");
    expect(checkFileName(`${"ñ".repeat(251)}.jpg`)).toHaveLength(255);
    // Characters, not UTF-16 units: 255 emoji are 255 characters.
    expect(checkFileName("📷".repeat(255))).toBe("📷".repeat(255));
  });

  it.each([
    ["../x.jpg", "El nombre del archivo no puede contener «/» ni «\\»."],
    ["fotos\\x.jpg", "El nombre del archivo no puede contener «/» ni «\\»."],
    ["..", "El nombre del archivo no puede contener «..»."],
    ["foto\0.jpg", "El nombre del archivo contiene caracteres de control no permitidos."],
    ["foto\u001b[31m.jpg", "El nombre del archivo contiene caracteres de control no permitidos."],
    ["foto\nnueva.jpg", "El nombre del archivo no puede contener saltos de línea ni tabulaciones."],
    ["factura\u202Egpj.exe", "El nombre del archivo contiene caracteres invisibles que cambian la dirección del texto."],
    [`${"a".repeat(296)}.jpg`, "El nombre del archivo es demasiado largo (máximo 255 caracteres)."],
    [`${"📷".repeat(256)}`, "El nombre del archivo es demasiado largo (máximo 255 caracteres)."],
    ["", "El archivo debe tener un nombre."],
    ["   ", "El archivo debe tener un nombre."],
  ])("refuses %j", (name, message) => {
    const error = refusalOfSync(() => checkFileName(name));
    expect(error.kind).toBe("invalid");
    expect(error.message).toBe(message);
    expect(error.fieldErrors).toEqual({ file: [message] });
  });
});

describe("mediaSlug", () => {
  it.each([
    ["Fotografía Óptima 2026.JPG", "fotografia-optima-2026"],
    ["Año Ñandú — equipo.png", "ano-nandu-equipo"],
    ["IMG_2041.JPG", "img-2041"],
    ["foto.final.v2.webp", "foto-final-v2"],
    ["!!!.jpg", "imagen"],
    [".jpg", "imagen"],
    ["写真.png", "imagen"],
    ["../../etc/passwd", "etc-passwd"],
  ])("%j → %j", (name, slug) => {
    expect(mediaSlug(name)).toBe(slug);
  });

  it("is at most 60 characters and never ends in a hyphen", () => {
    const slug = mediaSlug(`${"palabra ".repeat(40)}.jpg`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(mediaSlug("x".repeat(100_000))).toBe("x".repeat(60));
  });
});
