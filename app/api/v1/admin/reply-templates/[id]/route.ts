import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { routeId } from "@/lib/http/route-id";
import { replyTemplateSchema } from "@/lib/contact/admin-schema";
import { deleteReplyTemplate, TEMPLATE_NOT_FOUND, updateReplyTemplate } from "@/lib/contact/reply-templates";

type Params = { id: string };

/** PUT /{id} `{ name, body }` → `{ data: template }`; 404 missing, 409 name taken. */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const id = await routeId(context, TEMPLATE_NOT_FOUND);
  const body = await readJsonBody(request, replyTemplateSchema);
  return dataResponse(await updateReplyTemplate(actor, id, body));
});

/** DELETE /{id} → 204. */
export const DELETE = authRoute<Params>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  await deleteReplyTemplate(actor, await routeId(context, TEMPLATE_NOT_FOUND));
  return new Response(null, { status: 204 });
});
