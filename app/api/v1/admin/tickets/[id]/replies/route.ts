import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { replyAsStaff } from "@/lib/support/service";
import { z } from "@/lib/zod";
import { staffReplyResponse } from "../../reply-response";

type Params = { id: string };

/**
 * POST /api/v1/admin/tickets/{id}/replies `{ body }` → 201 `{ data: TicketDetail, email: { sent,
 * status, error }, message }`: the reply is stored, then e-mailed to the client; 409 when the
 * ticket is closed.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return staffReplyResponse(await replyAsStaff(actorFromCaller(request, caller, "admin"), id, body), { status: 201 });
});
