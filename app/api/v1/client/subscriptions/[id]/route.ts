import { authRoute } from "@/lib/http/auth-route";
import { notFound } from "@/lib/errors";
import { dataResponse } from "@/lib/http/route";
import { getClientSubscription } from "@/lib/billing/queries";
import { BILLING_MESSAGES } from "@/lib/billing/schema";
import { parseSubscriptionId } from "@/lib/billing/subscriptions";

/** GET /api/v1/client/subscriptions/{id} → `{ data }` with its invoices; another client's id is a 404. */
export const GET = authRoute<{ id: string }>("user", async (_request, { params }, caller) => {
  const subscription = await getClientSubscription(caller.user.id, parseSubscriptionId((await params).id));
  if (!subscription) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
  return dataResponse(subscription, { headers: { "Cache-Control": "no-store" } });
});
