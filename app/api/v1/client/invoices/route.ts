import { listRoute } from "@/lib/http/list-route";
import { clientInvoiceListQuerySchema, listClientInvoices } from "@/lib/billing/queries";

/**
 * GET /api/v1/client/invoices (also /api/client/invoices, where the portal's clients call it) →
 * `{ data: [...] }`: the caller's own invoices, newest first; `?limit=5` (1–100, default 100) as
 * Mi Portal asks, `?status=pending|partially_paid|overdue|paid|cancelled` (the state each invoice
 * shows on today's Lima date); with `?page=` / `?per_page=` the paged shape.
 */
export const GET = listRoute("user", {
  query: clientInvoiceListQuerySchema,
  read: (query, page, caller) => listClientInvoices(caller.user.id, query, page),
});
