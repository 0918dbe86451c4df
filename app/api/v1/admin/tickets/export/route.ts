import { exportRoute } from "@/lib/http/list-route";
import { TICKET_CSV } from "@/lib/support/csv";
import { exportAdminTickets } from "@/lib/support/queries";
import { adminTicketListQuerySchema } from "@/lib/support/schema";

/**
 * GET /api/v1/admin/tickets/export?status&priority&user_id&q&sort&dir → the tickets of that filter
 * as CSV (text/csv, UTF-8 with BOM, Spanish header row, formula-like cells neutralised).
 */
export const GET = exportRoute({ query: adminTicketListQuerySchema, batches: exportAdminTickets, csv: TICKET_CSV });
