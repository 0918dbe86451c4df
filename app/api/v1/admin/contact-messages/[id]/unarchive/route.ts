import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { routeId } from "@/lib/http/route-id";
import { unarchiveContactMessage } from "@/lib/contact/inbox";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";

/** POST /{id}/unarchive ("Desarchivar") → `{ data: message }`: back to the status it had before the archive. 409 unless archived. */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  return dataResponse(await unarchiveContactMessage(actor, await routeId(context, MESSAGE_NOT_FOUND)));
});
