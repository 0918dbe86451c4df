import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { listRoute } from "@/lib/http/list-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { listClientTickets } from "@/lib/support/queries";
import { clientTicketListQuerySchema } from "@/lib/support/schema";
import { openTicket } from "@/lib/support/service";
import { z } from "@/lib/zod";

/**
 * GET /api/v1/client/tickets?status → { data: TicketSummary[] }, the caller's own tickets, most
 * recent activity first; with ?page (and ?per_page ≤ 100) → the paged shape.
 */
export const GET = listRoute("user", {
  query: clientTicketListQuerySchema,
  read: (query, page, caller) => listClientTickets(caller.user.id, query, page),
});

/** POST /api/v1/client/tickets `{ subject, message }` → 201 { data: TicketDetail }. */
export const POST = authRoute("user", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await openTicket(actorFromCaller(request, caller), body), { status: 201 });
});
