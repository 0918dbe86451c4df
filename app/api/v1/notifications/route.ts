import { authRoute } from "@/lib/http/auth-route";
import { listForUser } from "@/lib/notifications/queries";

/**
 * GET /api/v1/notifications → `{ notifications, unread_count }`: the caller's own, newest first
 * (at most 50), and the real number of unread ones. Polled every 30 s by the signed-in layouts.
 */
export const GET = authRoute("user", async (_request, _context, caller) =>
  Response.json(await listForUser(caller.user), { headers: { "Cache-Control": "no-store" } }),
);
