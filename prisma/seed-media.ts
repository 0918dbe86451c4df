// The seed's media library: the site's own SVG illustrations (public/images) as "site" items,
// which the seeded products, services and testimonials reference, and three demo uploads made
// through the real upload pipeline (checks, sizes, storage), so the library, its badges and a
// product gallery with AVIF/WebP sizes show from the first start.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Prisma, PrismaClient } from "../lib/generated/prisma/client";
import { ingestImage, mediaItemData, removeStoredFiles, type IngestedImage } from "../lib/media/ingest";

const PUBLIC_DIR = path.join(process.cwd(), "public");

/** Width, height and <title> of one of the site's SVGs (null when unreadable). */
function svgFacts(sitePath: string): { width: number | null; height: number | null; title: string | null } {
  try {
    const text = readFileSync(path.join(PUBLIC_DIR, sitePath), "utf8").slice(0, 4000);
    const box = /viewBox="\s*[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s*"/.exec(text);
    const title = /<title[^>]*>([^<]{1,300})<\/title>/.exec(text)?.[1]?.trim() ?? null;
    return { width: box ? Math.round(Number(box[1])) : null, height: box ? Math.round(Number(box[2])) : null, title };
  } catch {
    return { width: null, height: null, title: null };
  }
}

const MIME_OF_EXT: Record<string, string> = { svg: "image/svg+xml", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp" };

/**
 * The library item of a site file (created on first use, never changed after: an admin may have
 * edited its alt text). Its alt text is the SVG's own title, else `fallbackAlt`.
 */
export async function siteImageId(tx: Prisma.TransactionClient, sitePath: string, fallbackAlt: string): Promise<number> {
  const existing = await tx.mediaItem.findUnique({ where: { sitePath }, select: { id: true } });
  if (existing) return existing.id;
  const facts = svgFacts(sitePath);
  const fileName = sitePath.slice(sitePath.lastIndexOf("/") + 1);
  const created = await tx.mediaItem.create({
    data: {
      source: "site",
      sitePath,
      fileName,
      mime: MIME_OF_EXT[fileName.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream",
      width: facts.width,
      height: facts.height,
      alt: (facts.title ?? fallbackAlt).slice(0, 300),
    },
    select: { id: true },
  });
  return created.id;
}

/** The demo uploads: raster images drawn from the site's illustrations, as an admin would upload photos. */
const DEMO_UPLOADS = [
  {
    fileName: "panel-ventas-erp.jpg",
    from: "/images/gallery/panel-ventas.svg",
    format: "jpeg",
    alt: "Panel de ventas de Lumen ERP Pyme con gráficos de barras y totales del mes",
    galleryOf: { kind: "product" as const, slug: "lumen-erp-pyme" },
  },
  { fileName: "tablero-reportes-bi.png", from: "/images/gallery/reportes-bi.svg", format: "png", alt: "Tablero de reportes con indicadores de negocio" },
  // No alt text yet: the library shows it as "Sin texto alternativo" and the pickers ask for one.
  { fileName: "checkout-pagos.jpg", from: "/images/gallery/checkout-pagos.svg", format: "jpeg", alt: "" },
] as const;

export type PreparedUploads = { image: IngestedImage; upload: (typeof DEMO_UPLOADS)[number] }[];

/**
 * Makes and stores the files of the demo uploads the library does not have yet (before the
 * seed's transaction: files are not transactional). The caller hands the result to
 * seedDemoUploads, or to discardDemoUploads if its transaction fails.
 */
export async function prepareDemoUploads(db: PrismaClient): Promise<PreparedUploads> {
  const existing = new Set(
    (await db.mediaItem.findMany({ where: { source: "upload", fileName: { in: DEMO_UPLOADS.map((u) => u.fileName) } }, select: { fileName: true } })).map(
      (row) => row.fileName,
    ),
  );
  const prepared: PreparedUploads = [];
  for (const upload of DEMO_UPLOADS) {
    if (existing.has(upload.fileName)) continue;
    const svg = readFileSync(path.join(PUBLIC_DIR, upload.from));
    const raster = sharp(svg, { density: 192 }).resize({ width: 1600 }).flatten({ background: "#ffffff" });
    const data = upload.format === "png" ? await raster.png().toBuffer() : await raster.jpeg({ quality: 88 }).toBuffer();
    prepared.push({ image: await ingestImage(data, upload.fileName), upload });
  }
  return prepared;
}

export async function discardDemoUploads(prepared: PreparedUploads) {
  await removeStoredFiles(prepared.flatMap((p) => p.image.files));
}

/** The rows of the prepared demo uploads (and the gallery entry of the one a product shows). Returns how many. */
export async function seedDemoUploads(tx: Prisma.TransactionClient, prepared: PreparedUploads, adminId: string): Promise<number> {
  for (const { image, upload } of prepared) {
    const row = await tx.mediaItem.create({ data: { ...mediaItemData(image), alt: upload.alt, uploadedById: adminId }, select: { id: true } });
    if ("galleryOf" in upload) {
      const item = await tx.catalogItem.findUnique({ where: { kind_slug: upload.galleryOf }, select: { id: true, gallery: { select: { position: true } } } });
      if (item) {
        const position = Math.max(-1, ...item.gallery.map((g) => g.position)) + 1;
        await tx.catalogItemGalleryImage.create({ data: { itemId: item.id, position, mediaId: row.id } });
      }
    }
  }
  return prepared.length;
}
