import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { z } from "@/lib/zod";
import { deleteTestimonial, updateTestimonial } from "@/lib/testimonials/service";

type Params = { id: string };

/** PUT /api/v1/admin/testimonials/{id} (same payload as POST; fields left out keep their value) → { data }. */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateTestimonial(actorFromCaller(request, caller, "admin"), id, body));
});

/** DELETE /api/v1/admin/testimonials/{id} → { data: { id } }. */
export const DELETE = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  return dataResponse(await deleteTestimonial(actorFromCaller(request, caller, "admin"), id));
});
