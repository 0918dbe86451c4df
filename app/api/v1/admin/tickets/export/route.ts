import { authRoute } from "@/lib/http/auth-route";
import { csvResponse } from "@/lib/http/csv-response";
import { readQuery } from "@/lib/http/body";
import { ticketCsvFileName, TICKET_CSV_HEADER, ticketCsvRow } from "@/lib/support/csv";
import { exportAdminTickets } from "@/lib/support/queries";
import { adminTicketListQuerySchema } from "@/lib/support/schema";

/**
 * GET /api/v1/admin/tickets/export?status&priority&user_id&q&sort&dir → the tickets of that filter
 * as CSV (text/csv, UTF-8 with BOM, Spanish header row, formula-like cells neutralised).
 */
export const GET = authRoute("admin", async (request) => {
  const query = readQuery(request, adminTicketListQuerySchema);
  return csvResponse({
    header: TICKET_CSV_HEADER,
    batches: exportAdminTickets({ status: query.status, priority: query.priority, userId: query.user_id, q: query.q, sort: query.sort, dir: query.dir }),
    toRow: ticketCsvRow,
    fileName: ticketCsvFileName(),
    logLabel: "tickets",
  });
});
