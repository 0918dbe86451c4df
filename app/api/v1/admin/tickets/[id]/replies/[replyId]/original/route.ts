import { authRoute } from "@/lib/http/auth-route";
import { notFound } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";
import { dataResponse } from "@/lib/http/route";
import { ticketReplyOriginal } from "@/lib/support/queries";
import { SUPPORT_MESSAGES } from "@/lib/support/schema";
import { parseTicketId } from "@/lib/support/service";

type Params = { id: string; replyId: string };

/**
 * GET /api/v1/admin/tickets/{id}/replies/{replyId}/original → `{ data: { original_text,
 * from_address, received_at } }`: an e-mailed reply as it was received, quotes and signature
 * included (admins only). 404 for a reply that did not come by e-mail.
 */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id, replyId } = await context.params;
  const original = await ticketReplyOriginal(parseTicketId(id), parseRecordId(replyId, SUPPORT_MESSAGES.replyNotFound));
  if (!original) throw notFound(SUPPORT_MESSAGES.replyNotFound);
  return dataResponse(original);
});
