import { authRoute } from "@/lib/api/auth";
import { dataResponse } from "@/lib/api/handler";
import { readJsonBody } from "@/lib/api/request";
import { userActorFromCaller } from "@/lib/auth/actor";
import { replyAsClient } from "@/lib/support/service";
import { z } from "@/lib/zod";

type Params = { id: string };

/** POST /api/v1/client/tickets/{id}/replies `{ body }` → 201 { data: TicketDetail }; 404 unless the caller's, 409 when closed. */
export const POST = authRoute<Params>("user", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await replyAsClient(userActorFromCaller(request, caller), id, body), { status: 201 });
});
