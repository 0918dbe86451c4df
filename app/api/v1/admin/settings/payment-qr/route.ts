import { actorFromCaller } from "@/lib/auth/actor";
import { removePaymentQr, uploadPaymentQr } from "@/lib/billing/collection-settings";
import { COLLECTION_LIMITS, COLLECTION_MESSAGES } from "@/lib/billing/collection-settings-schema";
import { invalid } from "@/lib/errors";
import { authRoute } from "@/lib/http/auth-route";
import { HttpError } from "@/lib/http/errors";
import { readMultipartUpload } from "@/lib/http/multipart";
import { dataResponse } from "@/lib/http/route";

/**
 * POST /api/v1/admin/settings/payment-qr, multipart with `image` (PNG, JPEG or WebP by its bytes,
 * ≤ 2 MB) → { data } (the collection settings, with the new qr_url). 413 as soon as the file passes
 * 2 MB, 415 for a body that is not multipart, 422 on `image` for anything else.
 */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  let upload;
  try {
    upload = await readMultipartUpload(request, { fileField: "image", maxFileBytes: COLLECTION_LIMITS.qrBytes });
  } catch (error) {
    if (error instanceof HttpError && error.status === 415) throw new HttpError(415, "Envía la imagen como multipart/form-data (campo «image»).");
    throw error;
  }
  if (!upload.file) throw invalid({ image: [COLLECTION_MESSAGES.qrMissing] }, COLLECTION_MESSAGES.qrMissing);
  return dataResponse(await uploadPaymentQr(actor, upload.file.data));
});

/** DELETE /api/v1/admin/settings/payment-qr → { data } without the image (none stored: the same answer, nothing written). */
export const DELETE = authRoute("admin", async (request, _context, caller) => dataResponse(await removePaymentQr(actorFromCaller(request, caller, "admin"))));
