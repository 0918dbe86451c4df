import { authRoute } from "@/lib/http/auth-route";
import { revokeApiToken } from "@/lib/auth/api-tokens";
import { secureSessionCookies, sessionCookieName } from "@/lib/auth/session-token";
import { endSession } from "@/lib/auth/sessions";

/**
 * POST /api/v1/auth/logout → `{ message: "Sesión cerrada" }`. With a bearer token, that token
 * is revoked at once (other tokens of the user keep working). With the session cookie (and the
 * CSRF header), that browser session ends on the server and its cookie is cleared; the user's
 * other sessions and tokens keep working.
 */
export const POST = authRoute("user", async (_request, _context, caller) => {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (caller.tokenId !== null) await revokeApiToken(caller.tokenId);
  if (caller.sessionId !== null) {
    await endSession(caller.sessionId);
    const secure = secureSessionCookies() ? "; Secure" : "";
    headers.append("Set-Cookie", `${sessionCookieName()}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  return Response.json({ message: "Sesión cerrada" }, { headers });
});
