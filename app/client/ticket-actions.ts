"use server";

import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { requireActor } from "@/lib/auth/actor";
import type { TicketDetailContract } from "@/lib/support/serialize";
import { openTicket, replyAsClient } from "@/lib/support/service";

// Client portal "Tickets" writes: the same service functions as /api/v1/client/tickets
// (lib/support/service.ts), validated there with the same schemas as the forms, after the shape
// of the arguments (actionArguments: any other shape is a 422). runAction only shapes the
// outcome (message, per-field errors, status) for the form; nothing admin here.

export async function openTicketAction(...args: [values: unknown]): Promise<ActionResult<TicketDetailContract>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return openTicket(await requireActor(), values);
  });
}

export async function replyToMyTicketAction(...args: [id: number, values: unknown]): Promise<ActionResult<TicketDetailContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return replyAsClient(await requireActor(), id, values);
  });
}
