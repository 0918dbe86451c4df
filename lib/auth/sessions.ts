import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { cache } from "react";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AccountUser } from "./accounts";
import { readSessionToken } from "./session-token";
import { mustEnrolTwoFactorSql } from "./two-factor-requirement";

// Server-side state of browser sessions.
// Auth.js keeps its JWT cookie (the Credentials provider needs the JWT strategy), but every
// JWT carries `sid`, the id of a row in `sessions`; without a live row it is not a session.
// The row stores only the SHA-256 of the sid, so the table alone cannot forge a session even
// together with AUTH_SECRET.

/** Auth.js's session lifetime; the JWT's `exp` and its cookie's Max-Age follow it. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
const MAX_AGE_MS = SESSION_MAX_AGE_SECONDS * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export type ActiveSession = {
  sessionId: string;
  user: AccountUser;
  /** Whether the user's address is verified (until it is, the signed-in areas show a banner). */
  emailVerified: boolean;
  /** An admin the settings require a second factor of, who has none yet: only the enrolment screen is open. */
  mustEnrolTwoFactor: boolean;
};

/**
 * Opens a session for the user: a new row and the random id (`sid`) the JWT will carry.
 * Expired rows of the same user are swept on the way.
 */
export async function createSession(userId: string): Promise<string> {
  const sid = randomBytes(32).toString("base64url");
  await db.$transaction([
    db.session.deleteMany({ where: { userId, expires: { lt: new Date() } } }),
    db.session.create({ data: { sessionToken: sha256(sid), userId, expires: new Date(Date.now() + MAX_AGE_MS + DAY_MS) } }),
  ]);
  return sid;
}

type SessionRow = { expires: Date; emailVerified: boolean; mustEnrolTwoFactor: boolean } & AccountUser;

/**
 * The live session behind a JWT's `sid` and `sub`, with its user as the database has it now
 * (name, e-mail and role are never taken from the JWT) and what the signed-in areas check on
 * every screen (a verified address; an admin's missing second factor); null when the row is
 * gone, expired, belongs to someone else or the user was deleted. One indexed query per request
 * (React cache() when a render asks several times); the row's expiry is pushed forward at most once
 * a day, always ending a day after the JWT could, so the JWT's own `exp` is what ends an idle
 * session.
 */
export const findActiveSession = cache(async (sid: unknown, userId: unknown): Promise<ActiveSession | null> => {
  if (typeof sid !== "string" || !SID_PATTERN.test(sid) || typeof userId !== "string" || !userId) return null;
  const tokenHash = sha256(sid);
  const rows = await db.$queryRaw<SessionRow[]>`
    SELECT s.expires, u.id, u.name, u.email, u.role::text AS role, u.created_at AS "createdAt",
           u.email_verified IS NOT NULL AS "emailVerified", ${mustEnrolTwoFactorSql} AS "mustEnrolTwoFactor"
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.session_token = ${tokenHash} AND s.user_id = ${userId} AND s.expires > now()`;
  const row = rows[0];
  if (!row) return null;
  if (row.expires.getTime() - Date.now() < MAX_AGE_MS) {
    await db.session.updateMany({ where: { sessionToken: tokenHash }, data: { expires: new Date(Date.now() + MAX_AGE_MS + DAY_MS) } });
  }
  return {
    sessionId: sid,
    user: { id: row.id, name: row.name, email: row.email, role: row.role === "admin" ? "admin" : "client", createdAt: row.createdAt },
    emailVerified: row.emailVerified,
    mustEnrolTwoFactor: row.mustEnrolTwoFactor,
  };
});

/** The open session behind a request's session cookie (or a page's headers()), or null. */
export async function findRequestSession(request: Request | { headers: Headers }): Promise<ActiveSession | null> {
  const jwt = await readSessionToken(request);
  return jwt ? findActiveSession(jwt.sid, jwt.sub) : null;
}

/** Sign-out: this session stops working at once (nothing happens for an unknown sid). */
export async function endSession(sid: unknown): Promise<void> {
  if (typeof sid !== "string" || !SID_PATTERN.test(sid)) return;
  await db.session.deleteMany({ where: { sessionToken: sha256(sid) } });
}

/**
 * Ends every browser session and revokes every API token of a user, e.g. after a password
 * change or reset, a role change, or before deleting the account. `exceptSessionId` keeps the
 * caller's own session (a password change made while signed in), `exceptTokenId` the caller's
 * own API token (the same change made with a bearer token). Pass `tx` to make it part of a
 * larger transaction.
 */
export async function endUserSessions(
  userId: string,
  options: { exceptSessionId?: string | null; exceptTokenId?: number | null; tx?: Prisma.TransactionClient } = {},
): Promise<{ sessions: number; apiTokens: number }> {
  const client = options.tx ?? db;
  const keep = options.exceptSessionId ? sha256(options.exceptSessionId) : null;
  const keepToken = options.exceptTokenId ?? null;
  const run = async (tx: Prisma.TransactionClient) => {
    const sessions = await tx.session.deleteMany({ where: { userId, ...(keep && { sessionToken: { not: keep } }) } });
    const apiTokens = await tx.apiToken.deleteMany({ where: { userId, ...(keepToken !== null && { id: { not: keepToken } }) } });
    return { sessions: sessions.count, apiTokens: apiTokens.count };
  };
  return options.tx ? run(client) : db.$transaction(run);
}
