import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { routeId } from "@/lib/http/route-id";
import { undoContactStatus } from "@/lib/contact/inbox";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";

/** POST /{id}/undo ("Deshacer" after a close or an archive) → `{ data: message }` in its previous status. 409 once the undo window has passed. */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  return dataResponse(await undoContactStatus(actor, await routeId(context, MESSAGE_NOT_FOUND)));
});
