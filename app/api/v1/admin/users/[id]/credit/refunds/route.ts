import { actorFromCaller } from "@/lib/auth/actor";
import { refundCustomerCredit } from "@/lib/billing/customer-credit";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { z } from "@/lib/zod";

type Params = { id: string };

/**
 * POST /api/v1/admin/users/{id}/credit/refunds { amount, currency, reference } → 201 { data:
 * { entry, balances } }: money of the client's credit given back to them; 404 unknown user, 422
 * bad input or more than their credit in that currency.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await refundCustomerCredit(actorFromCaller(request, caller, "admin"), id, body), { status: 201 });
});
