import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db";
import { ACCOUNT_USER_FIELDS } from "./accounts";

// Bearer tokens of the REST contract, Sanctum style: "<id>|<secret>". Only the SHA-256
// of the secret is stored; the plain token is shown once, when it is created.

/** Tokens last this long unless API_TOKEN_TTL_DAYS says otherwise (0 = no expiry). */
function ttlDays() {
  const configured = Number(process.env.API_TOKEN_TTL_DAYS);
  return Number.isFinite(configured) && configured >= 0 ? configured : 30;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Creates a token for the user and returns its plain text "<id>|<secret>". */
export async function createApiToken(userId: string, name = "api"): Promise<string> {
  const secret = randomBytes(30).toString("base64url"); // 40 characters
  const days = ttlDays();
  const token = await db.apiToken.create({
    data: {
      userId,
      name,
      tokenHash: sha256(secret),
      expiresAt: days ? new Date(Date.now() + days * 86_400_000) : null,
    },
    select: { id: true },
  });
  return `${token.id}|${secret}`;
}

const TOKEN_PATTERN = /^(\d{1,10})\|([A-Za-z0-9_-]{40,200})$/;

/**
 * The token row behind a plain token, with its user, when the token exists, matches and has
 * not expired; otherwise null. Records when it was last used (at most once a minute).
 */
export async function findValidApiToken(plain: string) {
  const match = TOKEN_PATTERN.exec(plain.trim());
  if (!match) return null;
  const token = await db.apiToken.findUnique({
    where: { id: Number(match[1]) },
    include: { user: { select: ACCOUNT_USER_FIELDS } },
  });
  if (!token || !timingSafeEqual(Buffer.from(token.tokenHash), Buffer.from(sha256(match[2])))) return null;
  if (token.expiresAt && token.expiresAt <= new Date()) return null;
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000) {
    await db.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
  }
  return token;
}

/** Logout: the token stops working at once. */
export async function revokeApiToken(tokenId: number) {
  await db.apiToken.deleteMany({ where: { id: tokenId } });
}
