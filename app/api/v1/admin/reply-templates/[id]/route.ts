import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { dataResponse } from "@/lib/api/handler";
import { readJsonBody } from "@/lib/api/request";
import { routeId } from "@/lib/contact/admin-route";
import { replyTemplateSchema } from "@/lib/contact/admin-schema";
import { deleteReplyTemplate, TEMPLATE_NOT_FOUND, updateReplyTemplate } from "@/lib/contact/admin-service";

type Params = { id: string };

/** PUT /{id} `{ name, body }` → `{ data: template }`; 404 missing, 409 name taken. */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller);
  const id = await routeId(context, TEMPLATE_NOT_FOUND);
  const body = await readJsonBody(request, replyTemplateSchema);
  return dataResponse(await updateReplyTemplate(actor, id, body));
});

/** DELETE /{id} → 204. */
export const DELETE = authRoute<Params>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller);
  await deleteReplyTemplate(actor, await routeId(context, TEMPLATE_NOT_FOUND));
  return new Response(null, { status: 204 });
});
