import { authRoute } from "@/lib/http/auth-route";
import { readInvoiceDetail } from "@/lib/billing/invoice-reader";
import { invoicePdfFile } from "@/lib/billing/pdf";
import { fileResponse } from "@/lib/http/file-response";

type Params = { id: string };

/** GET /api/v1/admin/invoices/{id}/pdf: any invoice as a PDF download; 404 unknown id. */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id } = await context.params;
  return fileResponse(await invoicePdfFile(await readInvoiceDetail(id)));
});
