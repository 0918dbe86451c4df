import type { MediaItem, Testimonial } from "@/lib/generated/prisma/client";
import { imageSetOf, type MediaImageSet } from "@/lib/media/serialize";

/** What every read of a testimonial includes: the client's photo from the media library. */
export const TESTIMONIAL_MEDIA_INCLUDE = { image: true } as const;

export type TestimonialRow = Testimonial & { image: MediaItem | null };

/** A testimonial as the contract shows it. Plain JSON. */
export type TestimonialContract = {
  id: number;
  client_name: string;
  client_position: string | null;
  client_company: string | null;
  content: string;
  rating: number;
  /** The photo's URL (what older clients read); the full set is in image_set. */
  image: string | null;
  image_id: number | null;
  image_set: MediaImageSet | null;
  sector_id: number | null;
  is_active: boolean;
  is_featured: boolean;
  status: Testimonial["status"];
  created_at: string;
};

export function serializeTestimonial(row: TestimonialRow): TestimonialContract {
  const imageSet = row.image ? imageSetOf(row.image) : null;
  return {
    id: row.id,
    client_name: row.clientName,
    client_position: row.clientPosition,
    client_company: row.clientCompany,
    content: row.content,
    rating: row.rating,
    image: imageSet?.src ?? null,
    image_id: row.imageId,
    image_set: imageSet,
    sector_id: row.sectorId,
    is_active: row.isActive,
    is_featured: row.isFeatured,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
