import { authRoute } from "@/lib/http/auth-route";
import { fileResponse } from "@/lib/http/file-response";
import { parseInvoiceId } from "@/lib/billing/invoices";
import { signedXmlFile } from "@/lib/sunat/files";

type Params = { id: string };

/** GET /api/v1/admin/invoices/{id}/xml: the signed UBL XML as sent to SUNAT; 404 unknown or not signed yet. */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id } = await context.params;
  return fileResponse(await signedXmlFile({ invoiceId: parseInvoiceId(id) }));
});
