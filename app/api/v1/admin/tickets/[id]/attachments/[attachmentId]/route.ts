import { authRoute } from "@/lib/http/auth-route";
import { attachmentDisposition, readTicketAttachment } from "@/lib/support/attachments";

type Params = { id: string; attachmentId: string };

/**
 * GET /api/v1/admin/tickets/{id}/attachments/{attachmentId} → the file of an e-mailed reply of
 * that ticket, as a download (admins only; Content-Disposition attachment, nosniff, a sandboxing
 * Content-Security-Policy, never cached). 404 when the ticket has no such attachment or its file is gone.
 */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const { id, attachmentId } = await context.params;
  const file = await readTicketAttachment(id, attachmentId);
  return new Response(file.body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": attachmentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      // A client's file, never a page of ours: nothing in it runs if it is opened directly.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});
