import type { Testimonial } from "@/lib/generated/prisma/client";

/** A testimonial as the contract shows it. Plain JSON. */
export type TestimonialContract = {
  id: number;
  client_name: string;
  client_position: string | null;
  client_company: string | null;
  content: string;
  rating: number;
  image: string | null;
  sector_id: number | null;
  is_active: boolean;
  is_featured: boolean;
  status: Testimonial["status"];
  created_at: string;
};

export function serializeTestimonial(row: Testimonial): TestimonialContract {
  return {
    id: row.id,
    client_name: row.clientName,
    client_position: row.clientPosition,
    client_company: row.clientCompany,
    content: row.content,
    rating: row.rating,
    image: row.image,
    sector_id: row.sectorId,
    is_active: row.isActive,
    is_featured: row.isFeatured,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
