"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import type { ComplaintDetailContract } from "@/lib/complaints/admin-queries";
import { answerComplaint, resendComplaintAnswer } from "@/lib/complaints/answer";

// The server actions of "Libro de Reclamaciones" (admins only): the answer to a sheet and
// "Reenviar" of its e-mail. Each calls the same function as the REST handler (lib/complaints/answer.ts),
// after checking the shape of its arguments: any other shape is a 422.

/** "Enviar respuesta", as POST /api/v1/admin/complaints/{id}/answer: `{ answer }`. */
export async function answerComplaintAction(...args: [id: number, values: unknown]): Promise<ActionResult<ComplaintDetailContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return answerComplaint(await requireActor("admin"), id, values);
  });
}

/** "Reenviar": the answer's e-mail again, as POST /api/v1/admin/complaints/{id}/resend. */
export async function resendComplaintAnswerAction(...args: [id: number]): Promise<ActionResult<ComplaintDetailContract>> {
  return runAction(async () => {
    const [id] = actionArguments(args, [idArgument]);
    return resendComplaintAnswer(await requireActor("admin"), id);
  });
}
