import "server-only";
import { cachedQuery, CACHE_TAGS } from "@/lib/cache";
import { db } from "@/lib/db";
import { readList, type ListOf, type PageRequest } from "@/lib/list/paging";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TestimonialStatus } from "./schema";
import { serializeTestimonial, TESTIMONIAL_MEDIA_INCLUDE, type TestimonialContract } from "./serialize";

/** The public only ever sees published, active testimonials. */
export type PublicTestimonialFilter = { featured?: boolean; sectorId?: number; limit?: number };

/** Published, active testimonials, newest first. */
export const listPublicTestimonials = cachedQuery(
  "testimonials:list",
  [CACHE_TAGS.testimonials],
  async (filter: PublicTestimonialFilter = {}): Promise<TestimonialContract[]> => {
    const rows = await db.testimonial.findMany({
      where: {
        status: "published",
        isActive: true,
        ...(filter.featured === undefined ? {} : { isFeatured: filter.featured }),
        ...(filter.sectorId === undefined ? {} : { sectorId: filter.sectorId }),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      include: TESTIMONIAL_MEDIA_INCLUDE,
      take: filter.limit,
    });
    return rows.map(serializeTestimonial);
  },
);

/** Testimonials shown on the home page: published, active and featured. */
export function listFeaturedTestimonials(limit = 3) {
  return listPublicTestimonials({ featured: true, limit });
}

// ---------------------------------------------------------------------------------------
// Admin reads ("Gestión de Testimonios", GET /api/v1/admin/testimonials): every status,
// newest first, never cached.
// ---------------------------------------------------------------------------------------

export type AdminTestimonialFilter = { status?: TestimonialStatus; q?: string };

/** Most rows the unpaged admin list answers (the admin's client asks for all of them). */
export const MAX_UNPAGED_TESTIMONIALS = 500;

function adminWhere(filter: AdminTestimonialFilter): Prisma.TestimonialWhereInput {
  const where: Prisma.TestimonialWhereInput = {};
  if (filter.status) where.status = filter.status;
  if (filter.q) {
    const contains = { contains: filter.q, mode: "insensitive" as const };
    where.OR = [{ clientName: contains }, { clientCompany: contains }, { clientPosition: contains }, { content: contains }];
  }
  return where;
}

const ADMIN_ORDER: Prisma.TestimonialOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/** The testimonials of the filter, newest first: one page, or (no page) up to MAX_UNPAGED_TESTIMONIALS. */
export function listAdminTestimonials<P extends PageRequest | undefined = undefined>(
  filter: AdminTestimonialFilter = {},
  page?: P,
): Promise<ListOf<TestimonialContract, P>> {
  const where = adminWhere(filter);
  return readList(page as P, {
    rows: async (window) => (await db.testimonial.findMany({ where, orderBy: ADMIN_ORDER, include: TESTIMONIAL_MEDIA_INCLUDE, ...window })).map(serializeTestimonial),
    count: (limit) => db.testimonial.count({ where, take: limit }),
    unpagedLimit: MAX_UNPAGED_TESTIMONIALS,
  });
}

/** One testimonial for the admin (any status), or null. */
export async function getAdminTestimonial(id: number): Promise<TestimonialContract | null> {
  const row = await db.testimonial.findUnique({ where: { id }, include: TESTIMONIAL_MEDIA_INCLUDE });
  return row ? serializeTestimonial(row) : null;
}
