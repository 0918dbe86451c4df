import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { listClientSubscriptions } from "@/lib/billing/queries";

/**
 * GET /api/v1/client/subscriptions (also /api/client/subscriptions) → `{ data: [...] }`:
 * the caller's own subscriptions, active first (id, product.name, amount, billing_period,
 * next_billing_date, and the rest of the billing contract).
 */
export const GET = authRoute("user", async (_request, _context, caller) =>
  dataResponse(await listClientSubscriptions(caller.user.id), { headers: { "Cache-Control": "no-store" } }),
);
