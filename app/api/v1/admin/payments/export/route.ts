import { authRoute } from "@/lib/http/auth-route";
import { readQuery } from "@/lib/http/body";
import { paymentsCsv } from "@/lib/billing/admin-export";
import { paymentListQuerySchema } from "@/lib/billing/schema";

/** GET /api/v1/admin/payments/export?method&user_id&invoice_id&q → the list's rows as CSV (money as "117.99" + a currency column). */
export const GET = authRoute("admin", async (request) => {
  const query = readQuery(request, paymentListQuerySchema);
  return paymentsCsv({ method: query.method, user_id: query.user_id, invoice_id: query.invoice_id, q: query.q });
});
