import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { routeId } from "@/lib/http/route-id";
import { restoreContactMessage } from "@/lib/contact/inbox";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";

/**
 * POST /{id}/restore ("Deshacer") → `{ data: message }`: brings back a message deleted moments
 * ago. 409 when it is not deleted or the undo window has passed; 404 when it no longer exists.
 */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  return dataResponse(await restoreContactMessage(actor, await routeId(context, MESSAGE_NOT_FOUND)));
});
