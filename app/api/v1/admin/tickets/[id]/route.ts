import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { notFound } from "@/lib/errors";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { getAdminTicket } from "@/lib/support/queries";
import { SUPPORT_MESSAGES } from "@/lib/support/schema";
import { parseTicketId, updateTicket } from "@/lib/support/service";
import { z } from "@/lib/zod";

type Params = { id: string };

/** GET /api/v1/admin/tickets/{id} → { data: TicketDetail } (with its conversation, its thread `entries` and its assignee). */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id } = await context.params;
  const ticket = await getAdminTicket(parseTicketId(id));
  if (!ticket) throw notFound(SUPPORT_MESSAGES.notFound);
  return dataResponse(ticket);
});

/**
 * PUT /api/v1/admin/tickets/{id} `{ status?, priority?, assigned_to? }` → { data: TicketDetail };
 * assigned_to is an admin's user id or null (422 "El usuario no es administrador." otherwise).
 */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateTicket(actorFromCaller(request, caller, "admin"), id, body));
});
