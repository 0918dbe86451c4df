import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { pageRequest } from "@/lib/list/paging";
import { readJsonBody, readQuery } from "@/lib/http/body";
import { actorFromCaller } from "@/lib/auth/actor";
import { listClientTickets, listClientTicketsPage } from "@/lib/support/queries";
import { clientTicketListQuerySchema } from "@/lib/support/schema";
import { openTicket } from "@/lib/support/service";
import { z } from "@/lib/zod";

/**
 * GET /api/v1/client/tickets?status → { data: TicketSummary[] }, the caller's own tickets, most
 * recent activity first; with ?page (and ?per_page ≤ 100) → the paged shape.
 */
export const GET = authRoute("user", async (request, _context, caller) => {
  const query = readQuery(request, clientTicketListQuerySchema);
  const filter = { status: query.status };
  if (query.page === undefined && query.per_page === undefined) return dataResponse(await listClientTickets(caller.user.id, filter));
  return dataResponse(await listClientTicketsPage(caller.user.id, filter, pageRequest(query)));
});

/** POST /api/v1/client/tickets `{ subject, message }` → 201 { data: TicketDetail }. */
export const POST = authRoute("user", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await openTicket(actorFromCaller(request, caller), body), { status: 201 });
});
