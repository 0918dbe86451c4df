import "server-only";
import { cachedQuery, CACHE_TAGS } from "@/lib/cache";
import { db } from "@/lib/db";
import { serializeTestimonial, type TestimonialContract } from "./serialize";

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
      take: filter.limit,
    });
    return rows.map(serializeTestimonial);
  },
);

/** Testimonials shown on the home page: published, active and featured. */
export function listFeaturedTestimonials(limit = 3) {
  return listPublicTestimonials({ featured: true, limit });
}
