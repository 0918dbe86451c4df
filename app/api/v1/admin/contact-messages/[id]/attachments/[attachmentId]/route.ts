import { authRoute } from "@/lib/http/auth-route";
import { notFound } from "@/lib/errors";
import { fileResponse } from "@/lib/http/file-response";
import { routeId } from "@/lib/http/route-id";
import { contactAttachment } from "@/lib/contact/admin-queries";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";
import { readMailAttachment } from "@/lib/conversations/attachments";

type Params = { id: string; attachmentId: string };

const ATTACHMENT_NOT_FOUND = "Adjunto no encontrado";

/** GET /{id}/attachments/{attachmentId} → the file that came with an e-mail (staff only, always a download). */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const id = await routeId(context, MESSAGE_NOT_FOUND);
  const { attachmentId } = await context.params;
  const attachment = /^\d{1,9}$/.test(attachmentId) ? await contactAttachment(id, Number(attachmentId)) : null;
  if (!attachment) throw notFound(ATTACHMENT_NOT_FOUND);
  return fileResponse(await readMailAttachment(attachment, ATTACHMENT_NOT_FOUND));
});
