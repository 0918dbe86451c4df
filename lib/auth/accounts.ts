import "server-only";
import { db } from "@/lib/db";
import { rateLimitAddress } from "@/lib/client-address";
import { hitRateLimit, releaseRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { stripUnsafeText } from "@/lib/zod";
import { startEmailVerification } from "./email-verification";
import { GOOGLE_SIGN_IN_MESSAGES } from "./google-messages";
import { hashPassword, verifyPassword } from "./password";
import type { RegisterInput } from "./schema";

/**
 * Failed logins, counted per 15 minutes: 10 per account from one address (then that address
 * gets 429 for that account, even with the right password), and 10 per address across all
 * accounts (credential stuffing: then that address gets 429 for every account).
 */
export const LOGIN_FAILURE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };
/**
 * Failures against one account from all addresses together, in the same window, past which the
 * account is under a distributed guess: from then until the window ends, an address that has
 * already failed against it is refused, so each further address buys about one guess. An
 * address without failures (the owner's) is never refused for it.
 */
export const LOGIN_ACCOUNT_FAILURE_THRESHOLD = 10;
/** Registrations: 5 per hour per IP address. */
export const REGISTER_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 60 * 60 };

/** The fields of a user that auth code works with (never the password hash). */
export const ACCOUNT_USER_FIELDS = { id: true, name: true, email: true, role: true, createdAt: true } as const;
export type AccountUser = { id: string; name: string; email: string; role: "client" | "admin"; createdAt: Date };

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Demasiados intentos. Inténtalo de nuevo más tarde.");
  }
}

export class EmailTakenError extends Error {
  constructor() {
    super("Ya existe una cuenta con este correo electrónico.");
  }
}

export type LoginResult = { ok: true; user: AccountUser } | { ok: false };

/**
 * Checks e-mail and password, throttled by account and address (LOGIN_FAILURE_LIMIT,
 * LOGIN_ACCOUNT_FAILURE_THRESHOLD): throws RateLimitedError for an address that failed too
 * often, never because of other addresses' failures alone. Unknown e-mails go the same way
 * and cost the same time as wrong passwords.
 */
export async function authenticateWithPassword(email: string, password: string, ip: string): Promise<LoginResult> {
  const address = rateLimitAddress(ip);
  const keys = [`login:account-ip:${email}|${address}`, `login:ip:${address}`, `login:account:${email}`];
  // Each attempt counts before the password is checked, so parallel requests cannot slip past a
  // limit; a success or a refusal takes its count back, so the counters keep only failures.
  const [fromHere, fromAddress, account] = await Promise.all([
    hitRateLimit(keys[0], LOGIN_FAILURE_LIMIT),
    hitRateLimit(keys[1], LOGIN_FAILURE_LIMIT),
    hitRateLimit(keys[2], { limit: LOGIN_ACCOUNT_FAILURE_THRESHOLD, windowSeconds: LOGIN_FAILURE_LIMIT.windowSeconds }),
  ]);
  const refusedFor: number[] = [];
  if (!fromHere.allowed) refusedFor.push(fromHere.retryAfterSeconds);
  if (!fromAddress.allowed) refusedFor.push(fromAddress.retryAfterSeconds);
  if (!account.allowed && fromHere.hits > 1) refusedFor.push(account.retryAfterSeconds);
  if (refusedFor.length > 0) {
    await releaseRateLimit(keys);
    throw new RateLimitedError(Math.max(...refusedFor));
  }

  const user = await db.user.findUnique({ where: { email }, select: { ...ACCOUNT_USER_FIELDS, passwordHash: true } });
  const valid = await verifyPassword(password, user?.passwordHash);
  if (!user || !valid) return { ok: false };
  await releaseRateLimit(keys);
  return { ok: true, user: { id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt } };
}

/** No consent recorded (an account an API client created without `privacy_accepted`). */
const NOT_ASKED = { privacyVersion: null, privacyAcceptedAt: null };

/**
 * Creates a client account, usable at once with its address unverified; a verification link is
 * e-mailed after the response; `consent` is what it stores of the privacy box (consentColumns,
 * lib/legal/consent.ts, computed by the caller: lib/auth stays below lib/legal). Throws
 * RateLimitedError or EmailTakenError.
 */
export async function registerClient(input: RegisterInput, ip: string, consent: { privacyVersion: string | null; privacyAcceptedAt: Date | null } = NOT_ASKED): Promise<AccountUser> {
  const limit = await hitRateLimit(`register:ip:${rateLimitAddress(ip)}`, REGISTER_LIMIT);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw new EmailTakenError();
  const passwordHash = await hashPassword(input.password);
  let user: AccountUser;
  try {
    user = await db.user.create({
      data: { name: input.name, email: input.email, passwordHash, role: "client", ...consent },
      select: ACCOUNT_USER_FIELDS,
    });
  } catch (error) {
    // Two registrations with the same e-mail at once: the unique index decides.
    if ((error as { code?: string }).code === "P2002") throw new EmailTakenError();
    throw error;
  }
  await startEmailVerification(user.id);
  return user;
}

/** users.name's size. */
const MAX_NAME_LENGTH = 120;

/**
 * The name to store for an account an identity provider creates: the person cannot correct it
 * here, so control and bidi characters are removed (not refused), it is cut to the column's
 * size, and the e-mail stands in when nothing is left.
 */
export function providerDisplayName(name: string | null | undefined, email: string): string {
  return stripUnsafeText(name ?? "").trim().slice(0, MAX_NAME_LENGTH).trim() || email;
}

/** Google refused to link an identity to an account whose address nobody has verified. */
export class GoogleLinkRefusedError extends Error {
  constructor() {
    super(GOOGLE_SIGN_IN_MESSAGES.accountUnverified);
  }
}

export type GoogleSignInDecision = "allow" | "google_email_unverified" | "account_unverified";

/**
 * Whether a Google identity may sign in (the browser's and the API's rule): an identity already
 * linked to an account always may; otherwise Google must have verified its e-mail, and an
 * existing account with that e-mail is linked only when its own address is verified (else
 * whoever registered the address first would receive its owner's Google sign-in).
 */
export async function googleSignInDecision(identity: { sub?: unknown; email?: unknown; email_verified?: unknown }): Promise<GoogleSignInDecision> {
  const sub = typeof identity.sub === "string" && identity.sub.length <= 255 ? identity.sub : "";
  if (sub) {
    const linked = await db.account.findUnique({
      where: { provider_providerAccountId: { provider: "google", providerAccountId: sub } },
      select: { id: true },
    });
    if (linked) return "allow";
  }
  const email = typeof identity.email === "string" ? identity.email.trim().toLowerCase() : "";
  if (!sub || !email || identity.email_verified !== true) return "google_email_unverified";
  const existing = await db.user.findUnique({ where: { email }, select: { emailVerified: true } });
  if (existing && !existing.emailVerified) return "account_unverified";
  return "allow";
}

/**
 * The user a verified Google identity belongs to (POST /api/v1/auth/google): the linked account,
 * else the account with that e-mail when its address is verified (GoogleLinkRefusedError when it
 * is not), else a new client account, created verified (Google verified the address).
 */
export async function findOrCreateGoogleUser(profile: { sub: string; email: string; name: string }): Promise<AccountUser> {
  const linked = await db.account.findUnique({
    where: { provider_providerAccountId: { provider: "google", providerAccountId: profile.sub } },
    select: { user: { select: ACCOUNT_USER_FIELDS } },
  });
  if (linked) return linked.user;
  const email = profile.email.toLowerCase();
  return db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email }, select: { ...ACCOUNT_USER_FIELDS, emailVerified: true } });
    if (existing && !existing.emailVerified) throw new GoogleLinkRefusedError();
    const user = existing
      ? { id: existing.id, name: existing.name, email: existing.email, role: existing.role, createdAt: existing.createdAt }
      : await tx.user.create({
          data: { name: providerDisplayName(profile.name, email), email, emailVerified: new Date(), role: "client" },
          select: ACCOUNT_USER_FIELDS,
        });
    await tx.account.create({
      data: { userId: user.id, type: "oidc", provider: "google", providerAccountId: profile.sub },
    });
    return user;
  });
}
