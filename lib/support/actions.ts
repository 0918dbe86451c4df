"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import type { AdminTicketDetailContract, TicketDetailContract } from "@/lib/support/serialize";
import { openTicket, replyAsClient, replyAsStaff, resendStaffReply, updateTicket, type StaffReplyResult } from "@/lib/support/service";

// The "Tickets" screens' server actions: the back office's (admins only: reply as staff, send a
// reply's e-mail again, change status, priority or assignee) and the client portal's (the
// signed-in client: open a ticket, reply to one of their own). Each calls the same service
// function as the REST handler (lib/support/service.ts), validated there with the same schemas as
// the forms, after the shape of the arguments (actionArguments: any other shape is a 422).

// ── Back office ──────────────────────────────────────────────────────────────

export async function replyToTicketAction(...args: [id: number, values: unknown]): Promise<ActionResult<StaffReplyResult>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return replyAsStaff(await requireActor("admin"), id, values);
  });
}

/** "Reenviar" on a staff reply whose e-mail did not go out. */
export async function resendTicketReplyAction(...args: [id: number, replyId: number]): Promise<ActionResult<StaffReplyResult>> {
  return runAction(async () => {
    const [id, replyId] = actionArguments(args, [idArgument, idArgument]);
    return resendStaffReply(await requireActor("admin"), id, replyId);
  });
}

export async function updateTicketAction(...args: [id: number, values: unknown]): Promise<ActionResult<AdminTicketDetailContract>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return updateTicket(await requireActor("admin"), id, values);
  });
}

// ── Client portal ────────────────────────────────────────────────────────────

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
