import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { resendStaffReply } from "@/lib/support/service";
import { staffReplyResponse } from "../../../../reply-response";

type Params = { id: string; replyId: string };

/**
 * POST /api/v1/admin/tickets/{id}/replies/{replyId}/resend ("Reenviar") → `{ data, email: { sent,
 * status, error }, message }`: e-mails a staff reply again. 409 when it was already sent, a send is
 * in flight, outgoing mail is not configured, or the reply has no e-mail; 404 for another
 * ticket's reply or a client's.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id, replyId } = await context.params;
  return staffReplyResponse(await resendStaffReply(actorFromCaller(request, caller, "admin"), id, replyId));
});
