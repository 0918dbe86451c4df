import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { actorFromCaller } from "@/lib/auth/actor";
import { requestSubscriptionCancellation } from "@/lib/billing/subscriptions";
import { z } from "@/lib/zod";

/**
 * POST /api/v1/client/subscriptions/{id}/cancel `{ reason? }` → `{ data }` (the subscription, still
 * active, with cancel_requested_at): the client asks to cancel at the end of the period. 409 when
 * it is not active or already asked; 404 when it is not the caller's. An empty body is `{}`.
 */
export const POST = authRoute<{ id: string }>("user", async (request, { params }, caller) => {
  const { id } = await params;
  const hasBody = request.headers.has("content-type") || !["", "0", null].includes(request.headers.get("content-length"));
  // The service validates the body with the shared schema (422 with per-field errors).
  const input = hasBody ? await readJsonBody(request, z.unknown()) : {};
  return dataResponse(await requestSubscriptionCancellation(actorFromCaller(request, caller), id, input));
});
