import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { resendComplaintAnswer } from "@/lib/complaints/answer";

type Params = { id: string };

/**
 * POST /api/v1/admin/complaints/{id}/resend (no body) → 200 { data: the sheet } after sending the
 * answer's e-mail again. 404 unknown; 409 not answered yet, already sent, or a send under way.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  return dataResponse(await resendComplaintAnswer(actorFromCaller(request, caller, "admin"), id));
});
