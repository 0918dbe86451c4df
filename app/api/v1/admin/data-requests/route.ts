import { listRoute } from "@/lib/http/list-route";
import { pageRequest } from "@/lib/list/paging";
import { listDataRequests } from "@/lib/privacy/data-request-queries";
import { dataRequestListQuerySchema } from "@/lib/privacy/data-request-schema";

/**
 * GET /api/v1/admin/data-requests?status=pending|completed|rejected&kind=…&page&per_page → always
 * the paged shape `{ data: { data: DataRequest[], current_page, per_page, total, last_page } }`:
 * pending first, nearest due date first (each with due_date and days_left, business days, negative
 * once late); answered ones latest answer first. 422 for a malformed query.
 */
export const GET = listRoute("admin", {
  query: dataRequestListQuerySchema,
  read: (query, page) => listDataRequests(query, page ?? pageRequest(query)),
});
