import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { replyResponse } from "@/lib/contact/admin-response";
import { routeId } from "@/lib/http/route-id";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";
import { resendContactReply } from "@/lib/contact/reply-delivery";

/**
 * POST /{id}/resend ("Reenviar") → `{ data, email: { sent, error }, message }`: e-mails the stored
 * reply again. 409 when there is no reply or it was already sent.
 */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  return replyResponse(await resendContactReply(actor, await routeId(context, MESSAGE_NOT_FOUND)));
});
