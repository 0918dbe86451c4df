import { authRoute } from "@/lib/http/auth-route";
import { readInvoiceDetail } from "@/lib/billing/invoice-reader";
import { invoicePdfFile } from "@/lib/billing/pdf";
import { fileResponse } from "@/lib/http/file-response";

type Params = { id: string };

/**
 * GET /api/v1/client/invoices/{id}/pdf: the signed-in user's own invoice as a PDF download
 * ("F001-00000143.pdf"). Anyone else's invoice, or an unknown id, is the same 404.
 */
export const GET = authRoute<Params>("user", async (_request, context, caller) => {
  const { id } = await context.params;
  return fileResponse(await invoicePdfFile(await readInvoiceDetail(id, caller.user.id)));
});
