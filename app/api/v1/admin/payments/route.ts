import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { pageRequest } from "@/lib/list/paging";
import { readJsonBody, readQuery } from "@/lib/http/body";
import { listAdminPayments, listAdminPaymentsPage } from "@/lib/billing/admin-queries";
import { paymentListQuerySchema } from "@/lib/billing/schema";
import { recordPayment } from "@/lib/billing/payments";
import { z } from "@/lib/zod";

/**
 * GET /api/v1/admin/payments?method&user_id&invoice_id&q → { data: PaymentContract[] } (newest first);
 * with ?page (and ?per_page ≤ 100) → the paged shape.
 */
export const GET = authRoute("admin", async (request) => {
  const query = readQuery(request, paymentListQuerySchema);
  const filter = { method: query.method, user_id: query.user_id, invoice_id: query.invoice_id, q: query.q };
  const data =
    query.page === undefined && query.per_page === undefined
      ? await listAdminPayments(filter)
      : await listAdminPaymentsPage(filter, pageRequest(query));
  return dataResponse(data, { headers: { "Cache-Control": "no-store" } });
});

/**
 * POST /api/v1/admin/payments { invoice_id, amount, method, reference?, paid_at? } → 201 { data: payment,
 * invoice_status, balance }; 409 cancelled or paid invoice, 422 above the balance or bad input.
 */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await recordPayment(actorFromCaller(request, caller, "admin"), body), { status: 201 });
});
