import { authRoute } from "@/lib/http/auth-route";
import { readQuery } from "@/lib/http/body";
import { subscriptionsCsv } from "@/lib/billing/admin-export";
import { subscriptionListQuerySchema } from "@/lib/billing/schema";

/** GET /api/v1/admin/subscriptions/export?status&user_id&q → the list's rows as CSV (money as "149.90" + a currency column). */
export const GET = authRoute("admin", async (request) => {
  const query = readQuery(request, subscriptionListQuerySchema);
  return subscriptionsCsv({ status: query.status, user_id: query.user_id, q: query.q });
});
