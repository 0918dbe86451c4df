import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { listRoute } from "@/lib/http/list-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { listAdminPayments } from "@/lib/billing/admin-queries";
import { paymentListQuerySchema } from "@/lib/billing/schema";
import { recordPayment } from "@/lib/billing/payments";
import { z } from "@/lib/zod";

/**
 * GET /api/v1/admin/payments?method&user_id&invoice_id&q → { data: PaymentContract[] } (newest first);
 * with ?page (and ?per_page ≤ 100) → the paged shape.
 */
export const GET = listRoute("admin", { query: paymentListQuerySchema, read: listAdminPayments });

/**
 * POST /api/v1/admin/payments { invoice_id, amount, method, reference?, paid_at? } → 201 { data: payment,
 * invoice_status, balance }; 409 cancelled or paid invoice, 422 above the balance or bad input.
 */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await recordPayment(actorFromCaller(request, caller, "admin"), body), { status: 201 });
});
