import { authRoute } from "@/lib/http/auth-route";
import { notFound } from "@/lib/errors";
import { routeId } from "@/lib/http/route-id";
import { contactEntryOriginal } from "@/lib/contact/admin-queries";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";

type Params = { id: string; entryId: string };

/**
 * GET /{id}/entries/{entryId}/original → the whole text of an e-mailed entry as it was received
 * (quoted history and signature included), as plain text: never rendered as HTML.
 */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const id = await routeId(context, MESSAGE_NOT_FOUND);
  const { entryId } = await context.params;
  const entry = /^(entry-)?\d{1,9}$/.test(entryId) ? Number(entryId.replace("entry-", "")) : NaN;
  const text = Number.isSafeInteger(entry) && entry > 0 ? await contactEntryOriginal(id, entry) : null;
  if (text === null) throw notFound("Entrada no encontrada");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});
