import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readCustomerCredit } from "@/lib/billing/customer-credit";

type Params = { id: string };

/**
 * GET /api/v1/admin/users/{id}/credit → { data: { user_id, balances: [{ currency, amount }],
 * entries: [latest 50] } }: the client's credit (saldo a favor) per currency; 404 unknown user.
 */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id } = await context.params;
  return dataResponse(await readCustomerCredit(id));
});
