import "server-only";
import { headers } from "next/headers";
import { unauthenticated } from "@/lib/api/auth";
import { clientIp } from "@/lib/client-address";
import type { Caller } from "./caller";
import { currentSession } from "./guards";

/**
 * Who is making a write in the client portal (any signed-in user acting on their own records),
 * as the lib/<domain>/service.ts writes of the portal take it: the user, for scoping every read
 * and write to their own rows, and the address the request came from, for the audit trail.
 * An admin's writes take an AdminActor (lib/admin/actor.ts), which has the same shape.
 */
export type UserActor = {
  id: string;
  name: string;
  email: string;
  role: "admin" | "client";
  ipAddress: string;
  /** The browser session (`sid`) the write came from; null for a bearer token. */
  sessionId: string | null;
  /** The API token the write came from (a bearer caller); null or absent otherwise. */
  tokenId?: number | null;
};

/** The actor of a REST request already authenticated by `authRoute("user", …)`. */
export function userActorFromCaller(request: Request, caller: Caller): UserActor {
  const { id, name, email, role } = caller.user;
  return { id, name, email, role, ipAddress: clientIp(request.headers), sessionId: caller.sessionId, tokenId: caller.tokenId };
}

/** The actor of a client-portal server action: the signed-in user of this request (401 otherwise). */
export async function requireUserActor(): Promise<UserActor> {
  const session = await currentSession();
  if (!session) throw unauthenticated();
  const { id, name, email, role } = session.user;
  return { id, name, email, role, ipAddress: clientIp(await headers()), sessionId: session.sessionId };
}
