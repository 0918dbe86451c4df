import { authRoute } from "@/lib/http/auth-route";
import { serializeUser } from "@/lib/users/serialize";

/** GET /api/v1/auth/me (bearer token or session cookie) → `{ user }`; 401 otherwise. */
export const GET = authRoute("user", async (_request, _context, caller) =>
  Response.json({ user: serializeUser(caller.user) }, { headers: { "Cache-Control": "no-store" } }),
);
