import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { replyResponse } from "@/lib/contact/admin-response";
import { routeId } from "@/lib/contact/admin-route";
import { MESSAGE_NOT_FOUND, resendContactReply } from "@/lib/contact/admin-service";

/**
 * POST /{id}/resend ("Reenviar") → `{ data, email: { sent, error }, message }`: e-mails the stored
 * reply again. 409 when there is no reply or it was already sent.
 */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller);
  return replyResponse(await resendContactReply(actor, await routeId(context, MESSAGE_NOT_FOUND)));
});
