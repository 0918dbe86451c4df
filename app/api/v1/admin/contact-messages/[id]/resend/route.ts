import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { replyResponse } from "@/lib/contact/admin-response";
import { contactResendSchema } from "@/lib/contact/admin-schema";
import { readJsonBody } from "@/lib/http/body";
import { routeId } from "@/lib/http/route-id";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";
import { resendContactReply } from "@/lib/contact/reply-delivery";

/**
 * POST /{id}/resend ("Reenviar"), optionally `{ entry_id }` (the latest reply without it) →
 * `{ data, email: { sent, error }, message }`: e-mails the stored reply again. 409 when there is
 * no reply or it was already sent.
 */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const id = await routeId(context, MESSAGE_NOT_FOUND);
  // A body is optional: without one, the latest reply is the one resent.
  const input = request.headers.get("content-type") ? await readJsonBody(request, contactResendSchema) : {};
  return replyResponse(await resendContactReply(actor, id, input));
});
