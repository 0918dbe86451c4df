import { apiRoute } from "@/lib/http/route";
import { publicDataResponse } from "@/lib/http/public";
import { readQuery } from "@/lib/http/body";
import { listPublicTestimonials } from "@/lib/testimonials/queries";
import { testimonialListQuerySchema } from "@/lib/testimonials/schema";

/**
 * GET /api/v1/testimonials?featured&sector_id&limit&status → { data: TestimonialContract[] }.
 * Always published and active ones only: `status` is validated but never widens the result
 * (see testimonialListQuerySchema).
 */
export const GET = apiRoute(async (request) => {
  const query = readQuery(request, testimonialListQuerySchema);
  return publicDataResponse(
    await listPublicTestimonials({ featured: query.featured, sectorId: query.sector_id, limit: query.limit }),
  );
});
