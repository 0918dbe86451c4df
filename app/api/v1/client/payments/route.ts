import { listRoute } from "@/lib/http/list-route";
import { clientPaymentListQuerySchema, listClientPayments } from "@/lib/billing/queries";

/**
 * GET /api/v1/client/payments → `{ data: [...] }`: the caller's payment history, newest first
 * (`?limit=` 1–100, default 100); with `?page=` / `?per_page=` the paged shape.
 */
export const GET = listRoute("user", {
  query: clientPaymentListQuerySchema,
  read: (query, page, caller) => listClientPayments(caller.user.id, query, page),
});
