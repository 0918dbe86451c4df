"use server";

import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { requireUserActor } from "@/lib/auth/actor";
import { requestSubscriptionCancellation } from "@/lib/billing/service";
import type { SubscriptionContract } from "@/lib/billing/serialize";

// The client portal's billing writes: the same service function as
// POST /api/v1/client/subscriptions/{id}/cancel, validated there with the same schema as the form.
// runAdminAction is generic: it shapes any service call's outcome as an ActionResult.

export async function requestSubscriptionCancellationAction(id: number, values: unknown): Promise<ActionResult<SubscriptionContract>> {
  return runAdminAction(async () => requestSubscriptionCancellation(await requireUserActor(), id, values));
}
