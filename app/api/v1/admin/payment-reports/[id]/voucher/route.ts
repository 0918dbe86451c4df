import { authRoute } from "@/lib/http/auth-route";
import { fileResponse } from "@/lib/http/file-response";
import { readPaymentReportVoucher } from "@/lib/billing/payment-report-queries";

type Params = { id: string };

/**
 * GET /api/v1/admin/payment-reports/{id}/voucher → the voucher of any report, as a download
 * (nosniff, a sandboxing Content-Security-Policy, never cached). 404 unknown, without a voucher,
 * or its file gone from storage.
 */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const response = fileResponse(await readPaymentReportVoucher((await context.params).id));
  // A client's file, never a page of ours: nothing in it runs if it is opened directly.
  response.headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  return response;
});
