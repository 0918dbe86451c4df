import "server-only";
import { headers } from "next/headers";
import { clientIp } from "@/lib/client-address";
import { unauthenticated, forbidden } from "@/lib/errors";
import type { Caller } from "./caller";
import { currentSession } from "./guards";

/**
 * Who is making a write, as every lib/<domain> write takes it: the user (for authorization,
 * for scoping a client's reads and writes to their own rows, and for the audit trail), the
 * address the request came from, and how they are signed in (so "end my other sessions" can
 * keep the current one, and logout can revoke the token it came with).
 */
export type Actor = {
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

/** An actor whose admin role was checked when it was made: what back-office writes take. */
export type AdminActor = Actor & { role: "admin" };

type ActorRole = "admin" | "user";

function toActor(user: Caller["user"], from: Headers, via: { sessionId: string | null; tokenId?: number | null }, role: ActorRole): Actor {
  if (role === "admin" && user.role !== "admin") throw forbidden();
  const { id, name, email } = user;
  return { id, name, email, role: user.role, ipAddress: clientIp(from), ...via };
}

/** The actor of a REST request already authenticated by `authRoute`; `"admin"` refuses anyone else (forbidden). */
export function actorFromCaller(request: Request, caller: Caller, role: "admin"): AdminActor;
export function actorFromCaller(request: Request, caller: Caller, role?: "user"): Actor;
export function actorFromCaller(request: Request, caller: Caller, role: ActorRole = "user"): Actor {
  return toActor(caller.user, request.headers, { sessionId: caller.sessionId, tokenId: caller.tokenId }, role);
}

/**
 * The actor of a server action: the signed-in user of this request, checked against the
 * server-side session (unauthenticated otherwise); `"admin"` refuses anyone else (forbidden).
 */
export async function requireActor(role: "admin"): Promise<AdminActor>;
export async function requireActor(role?: "user"): Promise<Actor>;
export async function requireActor(role: ActorRole = "user"): Promise<Actor> {
  const session = await currentSession();
  if (!session) throw unauthenticated();
  return toActor(session.user, await headers(), { sessionId: session.sessionId }, role);
}
