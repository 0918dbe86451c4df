import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { rejectPaymentReport } from "@/lib/billing/payment-reports";
import { z } from "@/lib/zod";

type Params = { id: string };

/**
 * POST /api/v1/admin/payment-reports/{id}/reject { reason } (3–500 characters, the client reads it)
 * → 200 { data: PaymentReportContract }. 404 unknown, 409 already confirmed or rejected, 422 without a reason.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await rejectPaymentReport(actorFromCaller(request, caller, "admin"), (await context.params).id, body));
});
