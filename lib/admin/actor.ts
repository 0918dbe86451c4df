import "server-only";
import { headers } from "next/headers";
import type { Caller } from "@/lib/auth/caller";
import { currentSession } from "@/lib/auth/guards";
import { clientIp } from "@/lib/client-address";
import { forbidden, unauthenticated } from "@/lib/api/auth";

/**
 * Who is making an admin write, as every lib/<domain>/service.ts write takes it: the user (for
 * authorization and the audit trail), the address the request came from, and the browser session
 * when there is one (so "end my other sessions" can keep the current one).
 */
export type AdminActor = {
  id: string;
  name: string;
  email: string;
  role: "admin";
  ipAddress: string;
  /** The browser session (`sid`) the write came from; null for a bearer token. */
  sessionId: string | null;
  /** The API token the write came from (a bearer caller); null or absent otherwise. */
  tokenId?: number | null;
};

/** An admin acting from `headers`' address through a browser session or an API token (403 for anyone else). */
function adminActor(user: Caller["user"], headers: Headers, via: { sessionId: string | null; tokenId?: number | null }): AdminActor {
  if (user.role !== "admin") throw forbidden();
  return { id: user.id, name: user.name, email: user.email, role: "admin", ipAddress: clientIp(headers), ...via };
}

/** The actor of a REST request already authenticated by `authRoute("admin", …)`. */
export function actorFromCaller(request: Request, caller: Caller): AdminActor {
  return adminActor(caller.user, request.headers, { sessionId: caller.sessionId, tokenId: caller.tokenId });
}

/**
 * The actor of a server action: the signed-in admin of this request, checked against the
 * server-side session (401/403 as ApiError, which the action turns into its error state).
 */
export async function requireAdminActor(): Promise<AdminActor> {
  const session = await currentSession();
  if (!session) throw unauthenticated();
  return adminActor(session.user, await headers(), { sessionId: session.sessionId });
}
