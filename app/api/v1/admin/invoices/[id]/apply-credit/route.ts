import { actorFromCaller } from "@/lib/auth/actor";
import { applyCustomerCredit } from "@/lib/billing/customer-credit";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { z } from "@/lib/zod";

type Params = { id: string };

/**
 * POST /api/v1/admin/invoices/{id}/apply-credit { amount? } → { data: invoice }: pays the invoice
 * with its client's credit in the invoice's currency (without amount, the smaller of the balance
 * due and the credit); 404 unknown invoice, 409 not pending, 422 more than the balance or the
 * credit. An empty body is `{}`.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const hasBody = request.headers.has("content-type") || !["", "0", null].includes(request.headers.get("content-length"));
  const body = hasBody ? await readJsonBody(request, z.unknown()) : {};
  return dataResponse(await applyCustomerCredit(actorFromCaller(request, caller, "admin"), id, body));
});
