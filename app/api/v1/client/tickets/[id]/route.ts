import { authRoute } from "@/lib/http/auth-route";
import { notFound } from "@/lib/errors";
import { dataResponse } from "@/lib/http/route";
import { getClientTicket } from "@/lib/support/queries";
import { SUPPORT_MESSAGES } from "@/lib/support/schema";
import { parseTicketId } from "@/lib/support/service";

type Params = { id: string };

/** GET /api/v1/client/tickets/{id} → { data: TicketDetail } (with its conversation); 404 unless it is the caller's. */
export const GET = authRoute<Params>("user", async (_request, context, caller) => {
  const { id } = await context.params;
  const ticket = await getClientTicket(caller.user.id, parseTicketId(id));
  if (!ticket) throw notFound(SUPPORT_MESSAGES.notFound);
  return dataResponse(ticket);
});
