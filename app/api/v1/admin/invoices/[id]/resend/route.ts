import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { resendInvoiceDocument } from "@/lib/billing/sunat-resend";

type Params = { id: string };

/**
 * POST /api/v1/admin/invoices/{id}/resend → { data: invoice } after sending its electronic document
 * now; 404 unknown, 409 when SUNAT already answered (an answer is final).
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  return dataResponse(await resendInvoiceDocument(actorFromCaller(request, caller, "admin"), id));
});
