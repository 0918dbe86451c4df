import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { actorFromCaller } from "@/lib/auth/actor";
import { replyAsClient } from "@/lib/support/service";
import { z } from "@/lib/zod";

type Params = { id: string };

/** POST /api/v1/client/tickets/{id}/replies `{ body }` → 201 { data: TicketDetail }; 404 unless the caller's, 409 when closed. */
export const POST = authRoute<Params>("user", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await replyAsClient(actorFromCaller(request, caller), id, body), { status: 201 });
});
