import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { readInvoiceDetail } from "@/lib/billing/invoice-reader";
import { updateInvoice } from "@/lib/billing/invoices";
import { z } from "@/lib/zod";

type Params = { id: string };

/** GET /api/v1/admin/invoices/{id} → { data: invoice with lines and payments }; 404 unknown. */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id } = await context.params;
  return dataResponse(await readInvoiceDetail(id), { headers: { "Cache-Control": "no-store" } });
});

/**
 * PUT /api/v1/admin/invoices/{id} { status: "cancelled", cancel_reason? } or { due_date } → { data };
 * 404 unknown, 409 already cancelled or with payments, 422 bad input ("paid" included).
 */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateInvoice(actorFromCaller(request, caller, "admin"), id, body));
});
