import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { routeId } from "@/lib/http/route-id";
import { replyResponse } from "@/lib/contact/admin-response";
import { contactReplyBodySchema } from "@/lib/contact/admin-schema";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";
import { replyToContactMessage } from "@/lib/contact/reply-delivery";

/**
 * POST /{id}/replies `{ body }` → `{ data, email: { sent, status, error }, message }`: one more staff
 * reply, on any open conversation (new, read or replied; 409 when closed or archived). The reply is
 * stored before it is e-mailed, so the answer is 200 whatever the mail server did.
 */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const id = await routeId(context, MESSAGE_NOT_FOUND);
  return replyResponse(await replyToContactMessage(actor, id, await readJsonBody(request, contactReplyBodySchema)));
});
