import "server-only";
import type { AccountUser } from "./accounts";
import { findValidApiToken } from "./api-tokens";
import { findRequestSession } from "./sessions";

// Who is calling the REST contract: a bearer token ("Authorization: Bearer <id>|<secret>")
// or the Auth.js session cookie, whose server-side session must still be open. The user is
// re-read from the database, so a deleted account or a changed role takes effect at once.

export type Caller = {
  user: AccountUser;
  via: "bearer" | "session";
  /** The bearer token's id (logout revokes it). */
  tokenId: number | null;
  /** The browser session's id (`sid`): CSRF tokens are bound to it, logout ends it. */
  sessionId: string | null;
};

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match ? match[1] : null;
}

/** A bearer header that is present but invalid is an authentication failure (never a fallback to cookies). */
export async function identifyCaller(request: Request): Promise<Caller | null> {
  const plain = bearerToken(request);
  if (plain !== null) {
    const token = await findValidApiToken(plain);
    return token ? { user: token.user, via: "bearer", tokenId: token.id, sessionId: null } : null;
  }
  const session = await findRequestSession(request);
  return session ? { user: session.user, via: "session", tokenId: null, sessionId: session.sessionId } : null;
}
