import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { replyAsStaff } from "@/lib/support/service";
import { z } from "@/lib/zod";

type Params = { id: string };

/** POST /api/v1/admin/tickets/{id}/replies `{ body }` → 201 { data: TicketDetail }; 409 when the ticket is closed. */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await replyAsStaff(actorFromCaller(request, caller, "admin"), id, body), { status: 201 });
});
