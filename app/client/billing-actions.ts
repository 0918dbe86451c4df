"use server";

import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { requireActor } from "@/lib/auth/actor";
import { requestSubscriptionCancellation } from "@/lib/billing/subscriptions";
import type { SubscriptionContract } from "@/lib/billing/serialize";

// The client portal's billing writes: the same service function as
// POST /api/v1/client/subscriptions/{id}/cancel, validated there with the same schema as the form,
// after the shape of the arguments (actionArguments: any other shape is a 422).
// runAction is generic: it shapes any service call's outcome as an ActionResult.

/** `values` is `{ reason? }`, or nothing. */
export async function requestSubscriptionCancellationAction(...args: [id: number, values?: unknown]): Promise<ActionResult<SubscriptionContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument.optional()]);
    return requestSubscriptionCancellation(await requireActor(), id, values);
  });
}
