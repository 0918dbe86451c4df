import "server-only";
import { db } from "@/lib/db";
import { hitRateLimit, peekRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { hashPassword, verifyPassword } from "./password";
import type { RegisterInput } from "./schema";

/** Failed logins: 10 per 15 minutes per IP address and per e-mail. */
export const LOGIN_FAILURE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };
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
 * Checks e-mail and password. Throws RateLimitedError when this IP or this e-mail has
 * failed too often; a failure counts against both. Unknown e-mails cost the same time as
 * wrong passwords.
 */
export async function authenticateWithPassword(email: string, password: string, ip: string): Promise<LoginResult> {
  const keys = [`login:ip:${ip}`, `login:email:${email}`];
  for (const key of keys) {
    const state = await peekRateLimit(key, LOGIN_FAILURE_LIMIT);
    if (!state.allowed) throw new RateLimitedError(state.retryAfterSeconds);
  }
  const user = await db.user.findUnique({ where: { email }, select: { ...ACCOUNT_USER_FIELDS, passwordHash: true } });
  const valid = await verifyPassword(password, user?.passwordHash);
  if (!user || !valid) {
    await Promise.all(keys.map((key) => hitRateLimit(key, LOGIN_FAILURE_LIMIT)));
    return { ok: false };
  }
  return { ok: true, user: { id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt } };
}

/** Creates a client account. Throws RateLimitedError or EmailTakenError. */
export async function registerClient(input: RegisterInput, ip: string): Promise<AccountUser> {
  const limit = await hitRateLimit(`register:ip:${ip}`, REGISTER_LIMIT);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw new EmailTakenError();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.user.create({
      data: { name: input.name, email: input.email, passwordHash, role: "client" },
      select: ACCOUNT_USER_FIELDS,
    });
  } catch (error) {
    // Two registrations with the same e-mail at once: the unique index decides.
    if ((error as { code?: string }).code === "P2002") throw new EmailTakenError();
    throw error;
  }
}

/** The user a verified Google identity belongs to, created as a client on first sign-in. */
export async function findOrCreateGoogleUser(profile: { sub: string; email: string; name: string }): Promise<AccountUser> {
  const linked = await db.account.findUnique({
    where: { provider_providerAccountId: { provider: "google", providerAccountId: profile.sub } },
    select: { user: { select: ACCOUNT_USER_FIELDS } },
  });
  if (linked) return linked.user;
  const email = profile.email.toLowerCase();
  return db.$transaction(async (tx) => {
    const user =
      (await tx.user.findUnique({ where: { email }, select: ACCOUNT_USER_FIELDS })) ??
      (await tx.user.create({
        data: { name: profile.name.slice(0, 120) || email, email, emailVerified: new Date(), role: "client" },
        select: ACCOUNT_USER_FIELDS,
      }));
    await tx.account.create({
      data: { userId: user.id, type: "oidc", provider: "google", providerAccountId: profile.sub },
    });
    return user;
  });
}
