import { listRoute } from "@/lib/http/list-route";
import { listAdminTickets } from "@/lib/support/queries";
import { adminTicketListQuerySchema } from "@/lib/support/schema";

/**
 * GET /api/v1/admin/tickets?status&priority&user_id&assigned_to&q&sort&dir → { data: TicketSummary[] }
 * (assigned_to: me, none or an admin's id); with ?page (and ?per_page ≤ 100) → the paged shape
 * { data: { data, current_page, per_page, total, last_page } }.
 */
export const GET = listRoute("admin", {
  query: adminTicketListQuerySchema,
  read: (query, page, caller) => listAdminTickets(query, page, caller.user.id),
});
