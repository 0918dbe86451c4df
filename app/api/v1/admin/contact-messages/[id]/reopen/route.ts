import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { routeId } from "@/lib/http/route-id";
import { reopenContactMessage } from "@/lib/contact/inbox";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";

/** POST /{id}/reopen ("Reabrir") → `{ data: message }`: a closed conversation becomes read again. 409 unless it is closed. */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  return dataResponse(await reopenContactMessage(actor, await routeId(context, MESSAGE_NOT_FOUND)));
});
