import { pageRequest } from "@/lib/list/paging";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readQuery } from "@/lib/http/body";
import { clientPaymentListQuerySchema, listClientPayments, listClientPaymentsPage, wantsPage } from "@/lib/billing/queries";

/**
 * GET /api/v1/client/payments → `{ data: [...] }`: the caller's payment history, newest first
 * (`?limit=` 1–100, default 100); with `?page=` / `?per_page=` the paged shape.
 */
export const GET = authRoute("user", async (request, _context, caller) => {
  const query = readQuery(request, clientPaymentListQuerySchema);
  const headers = { "Cache-Control": "no-store" };
  if (wantsPage(query)) return dataResponse(await listClientPaymentsPage(caller.user.id, pageRequest(query)), { headers });
  return dataResponse(await listClientPayments(caller.user.id, query.limit), { headers });
});
