import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { resolveDataRequest } from "@/lib/privacy/data-requests";
import { z } from "@/lib/zod";

type Params = { id: string };

/**
 * POST /api/v1/admin/data-requests/{id}/resolve `{ outcome: "completed" | "rejected", resolution }`
 * (1–2000 characters, e-mailed to the person) → 200 `{ data }` (the detail, with `erasure`: what
 * was erased, for a completed cancellation from an account). 404 unknown, 409 already answered,
 * 422 without a resolution.
 */
export const POST = authRoute<Params>("admin", async (request, context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await resolveDataRequest(actorFromCaller(request, caller, "admin"), (await context.params).id, body));
});
