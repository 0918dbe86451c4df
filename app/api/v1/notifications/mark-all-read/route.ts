import { authRoute } from "@/lib/http/auth-route";
import { markAllRead } from "@/lib/notifications/service";

/**
 * PUT /api/v1/notifications/mark-all-read (also /api/notifications/mark-all-read) →
 * `{ message, unread_count: 0 }`. Only the caller's notifications change.
 */
export const PUT = authRoute("user", async (_request, _context, caller) => {
  await markAllRead(caller.user);
  return Response.json(
    { message: "Todas las notificaciones fueron marcadas como leídas.", unread_count: 0 },
    { headers: { "Cache-Control": "no-store" } },
  );
});
