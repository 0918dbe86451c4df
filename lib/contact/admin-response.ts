import "server-only";
import type { ContactUpdateResult } from "./reply-delivery";
import { REPLY_DELIVERY_MESSAGES } from "./inbox-rules";

/**
 * The REST answer of PUT /{id} and POST /{id}/resend: `{ data: message }`, plus
 * `email: { sent, status, error }` (status: sent, failed or not_configured) and a Spanish
 * `message` when a reply was e-mailed or not (the reply is stored either way, so the status is 200).
 */
export function replyResponse(result: ContactUpdateResult): Response {
  if (!result.delivery) return Response.json({ data: result.message });
  return Response.json({
    data: result.message,
    email: result.delivery,
    message: REPLY_DELIVERY_MESSAGES[result.delivery.status],
  });
}
