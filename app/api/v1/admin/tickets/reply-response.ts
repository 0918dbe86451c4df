import { TICKET_REPLY_DELIVERY_MESSAGES } from "@/lib/support/labels";
import type { StaffReplyResult } from "@/lib/support/service";

/**
 * The REST answer of a staff reply and of its "Reenviar": `{ data: ticket, email: { sent, status,
 * error }, message }`. The reply is stored whatever its e-mail came to (status sent, failed or
 * not_configured), so the status is a success either way and `message` says what happened.
 */
export function staffReplyResponse(result: StaffReplyResult, init?: ResponseInit): Response {
  return Response.json({ data: result.ticket, email: result.delivery, message: TICKET_REPLY_DELIVERY_MESSAGES[result.delivery.status] }, init);
}
