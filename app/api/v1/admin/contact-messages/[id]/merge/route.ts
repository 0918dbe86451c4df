import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { routeId } from "@/lib/http/route-id";
import { contactMergeSchema } from "@/lib/contact/admin-schema";
import { mergeContactMessage } from "@/lib/contact/inbox";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";

/**
 * POST /{id}/merge `{ into }` → `{ data: the other conversation }`: this conversation's entries move
 * into `into` (same sender only, else 409) and this one is closed with merged_into_id.
 */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const id = await routeId(context, MESSAGE_NOT_FOUND);
  return dataResponse(await mergeContactMessage(actor, id, await readJsonBody(request, contactMergeSchema)));
});
