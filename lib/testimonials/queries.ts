import "server-only";
import { db } from "@/lib/db";

/** What a public testimonial card needs. */
export type PublicTestimonial = {
  id: number;
  clientName: string;
  clientPosition: string | null;
  clientCompany: string | null;
  content: string;
  rating: number;
  image: string | null;
  createdAt: Date;
};

/**
 * Testimonials shown on the home page: published, active and featured, newest first.
 * `limit` is clamped to 1..50.
 */
export async function listFeaturedTestimonials(limit = 3): Promise<PublicTestimonial[]> {
  const take = Math.min(Math.max(Math.trunc(limit) || 1, 1), 50);
  return db.testimonial.findMany({
    where: { status: "published", isActive: true, isFeatured: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      clientName: true,
      clientPosition: true,
      clientCompany: true,
      content: true,
      rating: true,
      image: true,
      createdAt: true,
    },
  });
}
