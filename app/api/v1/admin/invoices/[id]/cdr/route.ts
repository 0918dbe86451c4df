import { authRoute } from "@/lib/http/auth-route";
import { fileResponse } from "@/lib/http/file-response";
import { parseInvoiceId } from "@/lib/billing/invoices";
import { cdrFile } from "@/lib/sunat/files";

type Params = { id: string };

/** GET /api/v1/admin/invoices/{id}/cdr: SUNAT's answer (CDR) as received, a ZIP; 404 unknown or no answer yet. */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id } = await context.params;
  return fileResponse(await cdrFile({ invoiceId: parseInvoiceId(id) }));
});
