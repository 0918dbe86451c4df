import { exportRoute } from "@/lib/http/list-route";
import { TICKET_CSV } from "@/lib/support/csv";
import { exportAdminTickets } from "@/lib/support/queries";
import { adminTicketListQuerySchema } from "@/lib/support/schema";

/**
 * GET /api/v1/admin/tickets/export?status&priority&user_id&assigned_to&q&sort&dir → the tickets of
 * that filter as CSV (text/csv, UTF-8 with BOM, Spanish header row, formula-like cells
 * neutralised). assigned_to=me is the caller's, as in the list.
 */
export const GET = exportRoute({
  query: adminTicketListQuerySchema,
  batches: (query, batchSize, caller) => exportAdminTickets(query, batchSize, caller.user.id),
  csv: TICKET_CSV,
});
