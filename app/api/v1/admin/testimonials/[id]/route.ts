import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { dataResponse } from "@/lib/api/handler";
import { readJsonBody } from "@/lib/api/request";
import { z } from "@/lib/zod";
import { deleteTestimonial, updateTestimonial } from "@/lib/testimonials/service";

type Params = { id: string };

/** PUT /api/v1/admin/testimonials/{id} (same payload as POST; fields left out keep their value) → { data }. */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateTestimonial(actorFromCaller(request, caller), id, body));
});

/** DELETE /api/v1/admin/testimonials/{id} → { data: { id } }. */
export const DELETE = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  return dataResponse(await deleteTestimonial(actorFromCaller(request, caller), id));
});
