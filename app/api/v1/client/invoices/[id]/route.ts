import { authRoute } from "@/lib/api/auth";
import { notFound } from "@/lib/api/errors";
import { dataResponse } from "@/lib/api/handler";
import { getClientInvoice } from "@/lib/billing/queries";
import { BILLING_MESSAGES } from "@/lib/billing/schema";
import { parseInvoiceId } from "@/lib/billing/service";

/** GET /api/v1/client/invoices/{id} → `{ data }` with lines and payments; another client's id is a 404. */
export const GET = authRoute<{ id: string }>("user", async (_request, { params }, caller) => {
  const invoice = await getClientInvoice(caller.user.id, parseInvoiceId((await params).id));
  if (!invoice) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return dataResponse(invoice, { headers: { "Cache-Control": "no-store" } });
});
