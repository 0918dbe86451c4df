"use server";

import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { requireUserActor } from "@/lib/auth/actor";
import type { TicketDetailContract } from "@/lib/support/serialize";
import { openTicket, replyAsClient } from "@/lib/support/service";

// Client portal "Tickets" writes: the same service functions as /api/v1/client/tickets
// (lib/support/service.ts), validated there with the same schemas as the forms. runAdminAction
// only shapes the outcome (message, per-field errors, status) for the form; nothing admin here.

export async function openTicketAction(values: unknown): Promise<ActionResult<TicketDetailContract>> {
  return runAdminAction(async () => openTicket(await requireUserActor(), values));
}

export async function replyToMyTicketAction(id: number, values: unknown): Promise<ActionResult<TicketDetailContract>> {
  return runAdminAction(async () => replyAsClient(await requireUserActor(), id, values));
}
