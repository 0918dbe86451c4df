import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { listRoute } from "@/lib/http/list-route";
import { dataResponse } from "@/lib/http/route";
import { z } from "@/lib/zod";
import { listAdminTestimonials } from "@/lib/testimonials/queries";
import { adminTestimonialListQuerySchema } from "@/lib/testimonials/schema";
import { createTestimonial } from "@/lib/testimonials/service";

/**
 * GET /api/v1/admin/testimonials?status&q → { data: TestimonialContract[] } (newest first);
 * with ?page (and ?per_page ≤ 100) → the paged shape { data: { data, current_page, per_page, total, last_page } }.
 */
export const GET = listRoute("admin", { query: adminTestimonialListQuerySchema, read: listAdminTestimonials });

/** POST /api/v1/admin/testimonials (a testimonial's fields) → 201 { data: TestimonialContract }. */
export const POST = authRoute("admin", async (request, _context, caller) => {
  // The body is validated by the service (one schema); here it only has to be JSON.
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await createTestimonial(actorFromCaller(request, caller, "admin"), body), { status: 201 });
});
