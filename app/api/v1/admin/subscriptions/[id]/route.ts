import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { getAdminSubscription } from "@/lib/billing/admin-queries";
import { parseSubscriptionId, updateSubscription } from "@/lib/billing/subscriptions";
import { z } from "@/lib/zod";

type Params = { id: string };

/** GET /api/v1/admin/subscriptions/{id} → { data: SubscriptionContract }; 404 unknown. */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id } = await context.params;
  return dataResponse(await getAdminSubscription(parseSubscriptionId(id)), { headers: { "Cache-Control": "no-store" } });
});

/** PUT /api/v1/admin/subscriptions/{id} (only the fields sent change) → { data }; 404 unknown, 422 bad input. */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateSubscription(actorFromCaller(request, caller, "admin"), id, body));
});
