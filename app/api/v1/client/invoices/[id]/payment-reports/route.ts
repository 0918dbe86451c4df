import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { HttpError } from "@/lib/http/errors";
import { readMultipartUpload } from "@/lib/http/multipart";
import { dataResponse } from "@/lib/http/route";
import { listInvoicePaymentReports } from "@/lib/billing/payment-report-queries";
import { VOUCHER_MAX_BYTES } from "@/lib/billing/payment-report-schema";
import { reportPayment } from "@/lib/billing/payment-reports";

type Params = { id: string };

/** GET /api/v1/client/invoices/{id}/payment-reports → { data: PaymentReportContract[] }, newest first; another client's invoice is a 404. */
export const GET = authRoute<Params>("user", async (_request, context, caller) => {
  return dataResponse(await listInvoicePaymentReports((await context.params).id, caller.user.id));
});

/**
 * POST /api/v1/client/invoices/{id}/payment-reports, multipart/form-data with amount, paid_at
 * (YYYY-MM-DD), method, reference (optional) and voucher (optional file: PNG, JPEG, WebP, GIF or
 * PDF by its bytes, ≤ 5 MB) → 201 { data: PaymentReportContract }. 404 unknown or another
 * client's invoice, 409 paid or cancelled, 413 as soon as the voucher passes 5 MB (the body is
 * read as it streams, never whole), 415 not multipart, 422 per field, 429 too many reports.
 */
export const POST = authRoute<Params>("user", async (request, context, caller) => {
  const { id } = await context.params;
  let upload;
  try {
    upload = await readMultipartUpload(request, { fileField: "voucher", maxFileBytes: VOUCHER_MAX_BYTES });
  } catch (error) {
    if (error instanceof HttpError && error.status === 415) {
      throw new HttpError(415, "Envía el pago como multipart/form-data: amount, paid_at, method, reference y, si quieres, el comprobante en el campo «voucher».");
    }
    throw error;
  }
  const voucher = upload.file ? { data: upload.file.data, fileName: upload.file.fileName } : null;
  const report = await reportPayment(actorFromCaller(request, caller), id, upload.fields, voucher);
  return dataResponse(report, { status: 201 });
});
