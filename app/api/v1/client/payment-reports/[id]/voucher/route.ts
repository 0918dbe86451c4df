import { authRoute } from "@/lib/http/auth-route";
import { fileResponse } from "@/lib/http/file-response";
import { readPaymentReportVoucher } from "@/lib/billing/payment-report-queries";

type Params = { id: string };

/**
 * GET /api/v1/client/payment-reports/{id}/voucher → the voucher the signed-in client attached to
 * its own report, as a download (nosniff, a sandboxing Content-Security-Policy, never cached).
 * Anyone else's report, one without a voucher, or an unknown id is a 404.
 */
export const GET = authRoute<Params>("user", async (_request, context, caller) => {
  const response = fileResponse(await readPaymentReportVoucher((await context.params).id, caller.user.id));
  // A client's file, never a page of ours: nothing in it runs if it is opened directly.
  response.headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  return response;
});
