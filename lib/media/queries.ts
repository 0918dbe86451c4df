import "server-only";
import { notFound } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_PER_PAGE, pageRequest, readList, type PageRequest, type Paged } from "@/lib/list/paging";
import { MEDIA_MESSAGES, MEDIA_TYPE_MIME, type MediaListQuery } from "./schema";
import { serializeMedia, thumbnailUrl, type MediaContract, type MediaUsage } from "./serialize";

// Reads of the media library for the admin screen and the REST contract.

/** A route's or action's `{id}`: digits only, otherwise it names no image (404). */
export function parseMediaId(raw: unknown): number {
  return parseRecordId(raw, MEDIA_MESSAGES.notFound);
}

/** An item of the library list: the contract plus what the grid shows. */
export type MediaListItem = MediaContract & { thumbnail_url: string; usage_count: number };

function listWhere(query: MediaListQuery): Prisma.MediaItemWhereInput {
  const where: Prisma.MediaItemWhereInput = {};
  if (query.type) where.mime = MEDIA_TYPE_MIME[query.type];
  if (query.q) {
    const contains = { contains: query.q, mode: "insensitive" as const };
    where.OR = [{ fileName: contains }, { alt: contains }];
  }
  return where;
}

const USAGE_COUNTS = { select: { catalogItems: true, galleries: true, testimonials: true } } as const;

/** The library, newest first, always one page (the first when none is asked for). */
export async function listMedia(query: MediaListQuery, page?: PageRequest): Promise<Paged<MediaListItem>> {
  const where = listWhere(query);
  return readList(page ?? pageRequest({}, DEFAULT_PER_PAGE), {
    rows: async (window) => {
      const rows = await db.mediaItem.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        include: { _count: USAGE_COUNTS },
        ...window,
      });
      return rows.map((row) => ({
        ...serializeMedia(row),
        thumbnail_url: thumbnailUrl(row),
        usage_count: row._count.catalogItems + row._count.galleries + row._count.testimonials,
      }));
    },
    count: (limit) => db.mediaItem.count({ where, take: limit }),
  });
}

const KIND_PATH = { product: "products", service: "services" } as const;

/** Which products, services and testimonials use the image (main image or gallery), with admin links. */
export async function mediaUsage(tx: Prisma.TransactionClient, mediaId: number): Promise<MediaUsage[]> {
  const [items, galleries, testimonials] = await Promise.all([
    tx.catalogItem.findMany({ where: { imageId: mediaId }, select: { id: true, kind: true, name: true } }),
    tx.catalogItemGalleryImage.findMany({ where: { mediaId }, select: { item: { select: { id: true, kind: true, name: true } } } }),
    tx.testimonial.findMany({ where: { imageId: mediaId }, select: { id: true, clientName: true } }),
  ]);
  const seen = new Set<number>();
  const catalog: MediaUsage[] = [];
  for (const item of [...items, ...galleries.map((g) => g.item)]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    catalog.push({ type: item.kind, id: item.id, name: item.name, url: `/admin/${KIND_PATH[item.kind]}/view/${item.id}` });
  }
  catalog.sort((a, b) => a.name.localeCompare(b.name, "es"));
  return [
    ...catalog,
    ...testimonials.map((t) => ({ type: "testimonial" as const, id: t.id, name: t.clientName, url: `/admin/testimonials?q=${encodeURIComponent(t.clientName)}` })),
  ];
}

/** One image with where it is used: GET /api/v1/admin/media/{id} and the edit panel. 404 when unknown. */
export type MediaDetail = MediaContract & { used_in: MediaUsage[] };

export async function getMedia(rawId: unknown): Promise<MediaDetail> {
  const id = parseMediaId(rawId);
  const row = await db.mediaItem.findUnique({ where: { id } });
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  return { ...serializeMedia(row), used_in: await mediaUsage(db, id) };
}

/** Items by id for the pickers (the chosen images of a form), in the order asked. */
export async function listMediaByIds(ids: number[]): Promise<MediaListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.mediaItem.findMany({ where: { id: { in: ids } }, include: { _count: USAGE_COUNTS } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ ...serializeMedia(row), thumbnail_url: thumbnailUrl(row), usage_count: row._count.catalogItems + row._count.galleries + row._count.testimonials }];
  });
}
