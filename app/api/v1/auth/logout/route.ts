import { authRoute } from "@/lib/api/auth";
import { revokeApiToken } from "@/lib/auth/api-tokens";

/**
 * POST /api/v1/auth/logout → `{ message: "Sesión cerrada" }`. With a bearer token, that token
 * is revoked at once (other tokens of the user keep working). With the session cookie there is
 * no token to revoke: the answer is the same, and the browser session itself is ended by
 * Auth.js's signOut (the app's logout button), not here. Cookie callers need the CSRF header.
 */
export const POST = authRoute("user", async (_request, _context, caller) => {
  if (caller.tokenId !== null) await revokeApiToken(caller.tokenId);
  return Response.json({ message: "Sesión cerrada" }, { headers: { "Cache-Control": "no-store" } });
});
