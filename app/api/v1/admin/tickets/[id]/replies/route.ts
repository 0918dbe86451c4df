import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { dataResponse } from "@/lib/api/handler";
import { readJsonBody } from "@/lib/api/request";
import { replyAsStaff } from "@/lib/support/service";
import { z } from "@/lib/zod";

type Params = { id: string };

/** POST /api/v1/admin/tickets/{id}/replies `{ body }` → 201 { data: TicketDetail }; 409 when the ticket is closed. */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await replyAsStaff(actorFromCaller(request, caller), id, body), { status: 201 });
});
