import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readInvoiceDetail } from "@/lib/billing/invoice-reader";

/** GET /api/v1/client/invoices/{id} → `{ data }` with lines and payments; another client's id is a 404. */
export const GET = authRoute<{ id: string }>("user", async (_request, { params }, caller) => {
  const invoice = await readInvoiceDetail((await params).id, caller.user.id);
  return dataResponse(invoice, { headers: { "Cache-Control": "no-store" } });
});
