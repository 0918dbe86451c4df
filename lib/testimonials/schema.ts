// Inputs of the public testimonials (zod 4). Pure: pages and client components may import it.
import { z } from "@/lib/zod";
import { booleanParam, integerParam, oneOfParam } from "@/lib/api/query-params";

export const TESTIMONIAL_STATUSES = ["draft", "published", "private"] as const;

/** Most testimonials one public request may ask for. */
export const MAX_PUBLIC_TESTIMONIALS = 50;

/**
 * GET /api/v1/testimonials: ?featured & sector_id & limit & status. Other parameters are ignored.
 *
 * `status` rule: the public only ever sees published, active testimonials. The spec's clients
 * may send `status=published`, so the parameter is accepted, and any of the three real
 * statuses is accepted too but never widens the result: `status=draft` or `status=private`
 * still answers the published ones (the parameter is validated, then ignored). A value that
 * is not a testimonial status at all is a 422.
 */
export const testimonialListQuerySchema = z.object({
  featured: booleanParam("featured"),
  sector_id: integerParam(1, 999_999_999, "El parámetro sector_id debe ser un número entero positivo."),
  limit: integerParam(1, MAX_PUBLIC_TESTIMONIALS, `El parámetro limit debe ser un número entero entre 1 y ${MAX_PUBLIC_TESTIMONIALS}.`),
  status: oneOfParam(TESTIMONIAL_STATUSES, "El parámetro status debe ser draft, published o private."),
});
