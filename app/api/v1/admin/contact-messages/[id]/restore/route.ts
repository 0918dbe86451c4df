import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { dataResponse } from "@/lib/api/handler";
import { routeId } from "@/lib/contact/admin-route";
import { MESSAGE_NOT_FOUND, restoreContactMessage } from "@/lib/contact/admin-service";

/**
 * POST /{id}/restore ("Deshacer") → `{ data: message }`: brings back a message deleted moments
 * ago. 409 when it is not deleted or the undo window has passed; 404 when it no longer exists.
 */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller);
  return dataResponse(await restoreContactMessage(actor, await routeId(context, MESSAGE_NOT_FOUND)));
});
