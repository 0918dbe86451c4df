import { authRoute } from "@/lib/http/auth-route";
import { notFound } from "@/lib/errors";
import { dataResponse } from "@/lib/http/route";
import { markRead } from "@/lib/notifications/service";

const NOT_FOUND = "Notificación no encontrada";

/**
 * PUT /api/v1/notifications/{id}/read (also /api/notifications/{id}/read) → `{ data: notification }`.
 * 404 for an id that is not the caller's (another user's looks exactly like a missing one) or is
 * not a number. Cookie callers need the CSRF header.
 */
export const PUT = authRoute<{ id: string }>("user", async (_request, context, caller) => {
  const { id } = await context.params;
  if (!/^\d{1,9}$/.test(id)) throw notFound(NOT_FOUND);
  const notification = await markRead(caller.user, Number(id));
  if (!notification) throw notFound(NOT_FOUND);
  return dataResponse(notification, { headers: { "Cache-Control": "no-store" } });
});
