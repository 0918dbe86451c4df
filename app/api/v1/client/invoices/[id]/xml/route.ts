import { authRoute } from "@/lib/http/auth-route";
import { fileResponse } from "@/lib/http/file-response";
import { parseInvoiceId } from "@/lib/billing/invoices";
import { signedXmlFile } from "@/lib/sunat/files";

type Params = { id: string };

/** GET /api/v1/client/invoices/{id}/xml: the signed XML of the caller's own invoice; anyone else's is the same 404. */
export const GET = authRoute<Params>("user", async (_request, context, caller) => {
  const { id } = await context.params;
  return fileResponse(await signedXmlFile({ invoiceId: parseInvoiceId(id) }, caller.user.id));
});
