import { authRoute } from "@/lib/http/auth-route";
import { readQuery } from "@/lib/http/body";
import { invoicesCsv } from "@/lib/billing/admin-export";
import { invoiceListQuerySchema } from "@/lib/billing/schema";

/** GET /api/v1/admin/invoices/export?status&currency&user_id&q → the list's rows as CSV (money as "117.99" + a currency column). */
export const GET = authRoute("admin", async (request) => {
  const query = readQuery(request, invoiceListQuerySchema);
  return invoicesCsv({ status: query.status, currency: query.currency, user_id: query.user_id, q: query.q });
});
