import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { answerComplaint } from "@/lib/complaints/answer";
import { z } from "@/lib/zod";

type Params = { id: string };

/**
 * POST /api/v1/admin/complaints/{id}/answer { answer } → 200 { data: the sheet, answered, with
 * `answer_email.status` (sent, failed, not_configured) } after e-mailing the answer and the sheet's
 * PDF to the consumer. 404 unknown, 409 already answered, 422 an empty or too long answer.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await answerComplaint(actorFromCaller(request, caller, "admin"), id, body));
});
