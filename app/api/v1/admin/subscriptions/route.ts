import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { listRoute } from "@/lib/http/list-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { listAdminSubscriptions } from "@/lib/billing/admin-queries";
import { subscriptionListQuerySchema } from "@/lib/billing/schema";
import { createSubscription } from "@/lib/billing/subscriptions";
import { z } from "@/lib/zod";

/**
 * GET /api/v1/admin/subscriptions?status&user_id&q → { data: SubscriptionContract[] } (newest first);
 * with ?page (and ?per_page ≤ 100) → the paged shape { data: { data, current_page, per_page, total, last_page } }.
 */
export const GET = listRoute("admin", { query: subscriptionListQuerySchema, read: listAdminSubscriptions });

/** POST /api/v1/admin/subscriptions { user_id, catalog_item_id, plan_name, amount, currency, billing_period, next_billing_date } → 201 { data }. */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await createSubscription(actorFromCaller(request, caller, "admin"), body), { status: 201 });
});
