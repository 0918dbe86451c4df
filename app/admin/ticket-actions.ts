"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import type { TicketDetailContract } from "@/lib/support/serialize";
import { replyAsStaff, updateTicket } from "@/lib/support/service";

// "Tickets" (admin) writes: the same service functions as the REST handlers
// (lib/support/service.ts), validated there with the same schemas as the forms, after the
// shape of the arguments (actionArguments: any other shape is a 422).

export async function replyToTicketAction(...args: [id: number, values: unknown]): Promise<ActionResult<TicketDetailContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return replyAsStaff(await requireActor("admin"), id, values);
  });
}

export async function updateTicketAction(...args: [id: number, values: unknown]): Promise<ActionResult<TicketDetailContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return updateTicket(await requireActor("admin"), id, values);
  });
}
