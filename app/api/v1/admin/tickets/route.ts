import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { pageRequest } from "@/lib/list/paging";
import { readQuery } from "@/lib/http/body";
import { listAdminTickets, listAdminTicketsPage } from "@/lib/support/queries";
import { adminTicketListQuerySchema } from "@/lib/support/schema";

/**
 * GET /api/v1/admin/tickets?status&priority&user_id&q&sort&dir → { data: TicketSummary[] };
 * with ?page (and ?per_page ≤ 100) → the paged shape { data: { data, current_page, per_page, total, last_page } }.
 */
export const GET = authRoute("admin", async (request) => {
  const query = readQuery(request, adminTicketListQuerySchema);
  const filter = { status: query.status, priority: query.priority, userId: query.user_id, q: query.q, sort: query.sort, dir: query.dir };
  if (query.page === undefined && query.per_page === undefined) return dataResponse(await listAdminTickets(filter));
  return dataResponse(await listAdminTicketsPage(filter, pageRequest(query)));
});
