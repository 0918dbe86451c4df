"use server";

import { requireAdminActor } from "@/lib/admin/actor";
import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import type { TicketDetailContract } from "@/lib/support/serialize";
import { replyAsStaff, updateTicket } from "@/lib/support/service";

// "Tickets" (admin) writes: the same service functions as the REST handlers
// (lib/support/service.ts), validated there with the same schemas as the forms.

export async function replyToTicketAction(id: number, values: unknown): Promise<ActionResult<TicketDetailContract>> {
  return runAdminAction(async () => replyAsStaff(await requireAdminActor(), id, values));
}

export async function updateTicketAction(id: number, values: unknown): Promise<ActionResult<TicketDetailContract>> {
  return runAdminAction(async () => updateTicket(await requireAdminActor(), id, values));
}
