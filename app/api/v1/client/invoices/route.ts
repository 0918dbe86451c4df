import { pageRequest } from "@/lib/list/paging";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readQuery } from "@/lib/http/body";
import { clientInvoiceListQuerySchema, listClientInvoices, listClientInvoicesPage, wantsPage } from "@/lib/billing/queries";

/**
 * GET /api/v1/client/invoices (also /api/client/invoices, spec §7) → `{ data: [...] }`: the
 * caller's own invoices, newest first; `?limit=5` (1–100, default 100) as Mi Portal asks,
 * `?status=pending|paid|cancelled`; with `?page=` / `?per_page=` the paged shape.
 */
export const GET = authRoute("user", async (request, _context, caller) => {
  const query = readQuery(request, clientInvoiceListQuerySchema);
  const headers = { "Cache-Control": "no-store" };
  if (wantsPage(query)) return dataResponse(await listClientInvoicesPage(caller.user.id, { status: query.status }, pageRequest(query)), { headers });
  return dataResponse(await listClientInvoices(caller.user.id, { status: query.status, limit: query.limit }), { headers });
});
