import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { confirmPaymentReport } from "@/lib/billing/payment-reports";

type Params = { id: string };

/**
 * POST /api/v1/admin/payment-reports/{id}/confirm (no body) → 200 { data: PaymentReportContract }
 * with `payment_id`: the payment is recorded on the invoice. 404 unknown, 409 already confirmed or
 * rejected or the invoice paid or cancelled, 422 above the invoice's current balance.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  return dataResponse(await confirmPaymentReport(actorFromCaller(request, caller, "admin"), (await context.params).id));
});
