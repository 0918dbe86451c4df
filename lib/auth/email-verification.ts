import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sendMail } from "@/lib/mail";
import { hitRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { siteUrl } from "@/lib/site-url";
import { linkTokenHash, newLinkToken, runAfterResponse } from "./one-time-token";

// E-mail addresses are verified before they are trusted (linking a Google sign-in needs it).
// Registration and every change of the sign-in e-mail send a single-use link valid for 24 hours;
// only its SHA-256 is stored, with the address it was sent to, and a new link replaces the
// older ones. The account works meanwhile; following the link marks the address verified only
// while it is still the account's address.

export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** «Reenviar enlace»: 3 links per 15 minutes per user. */
export const EMAIL_VERIFICATION_RESEND_LIMIT: RateLimitRule = { limit: 3, windowSeconds: 15 * 60 };

type DbClient = Prisma.TransactionClient | typeof db;

export function emailVerificationUrl(token: string) {
  return `${siteUrl()}/verificar-correo?token=${token}`;
}

/**
 * A new link for the user's current address, replacing every earlier one; returns its secret
 * (to be e-mailed, never stored). Pass the transaction client to make it part of an e-mail change.
 */
export async function issueEmailVerification(userId: string, client: DbClient = db): Promise<string> {
  const user = await client.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const { token, tokenHash } = newLinkToken();
  await client.emailVerificationToken.deleteMany({ where: { userId } });
  await client.emailVerificationToken.create({
    data: { userId, email: user.email, tokenHash, expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000) },
  });
  return token;
}

/** E-mails a verification link to `email`. A mail server failure is logged, not thrown. */
export async function mailEmailVerification(to: { email: string; name: string }, token: string): Promise<void> {
  try {
    await sendMail({
      to: to.email,
      kind: "account",
      automatic: true,
      subject: "Verifica tu correo electrónico — Lumen Consultoría TI",
      text: [
        `Hola, ${to.name}:`,
        "",
        "Para confirmar que este correo es tuyo, abre este enlace:",
        "",
        emailVerificationUrl(token),
        "",
        `El enlace vence en ${EMAIL_VERIFICATION_TTL_HOURS} horas y solo puede usarse una vez.`,
        "Si no creaste una cuenta ni cambiaste tu correo en Lumen Consultoría TI, ignora este mensaje.",
      ].join("\n"),
    });
  } catch (error) {
    console.error("[email-verification] No se pudo enviar el enlace de verificación", error);
  }
}

/** A new link for the user's current address, e-mailed after the response (registration). */
export async function startEmailVerification(userId: string): Promise<void> {
  await runAfterResponse("email-verification", async () => {
    const token = await issueEmailVerification(userId);
    const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, name: true } });
    if (user) await mailEmailVerification(user, token);
  });
}

export type ResendOutcome = { status: "sent" } | { status: "already_verified" } | { status: "rate_limited"; retryAfterSeconds: number };

/**
 * «Reenviar enlace» of an unverified user: a fresh link to the current address, at most
 * EMAIL_VERIFICATION_RESEND_LIMIT; nothing is sent once the address is verified.
 */
export async function resendEmailVerification(userId: string): Promise<ResendOutcome> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true, emailVerified: true } });
  if (user.emailVerified) return { status: "already_verified" };
  const limit = await hitRateLimit(`email-verification:user:${userId}`, EMAIL_VERIFICATION_RESEND_LIMIT);
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  const token = await issueEmailVerification(userId);
  await mailEmailVerification(user, token);
  return { status: "sent" };
}

export type VerifyOutcome =
  | { status: "verified"; email: string }
  /** Already followed once. */
  | { status: "used" }
  | { status: "expired" }
  /** Sent to an address that is no longer the account's. */
  | { status: "stale" }
  /** Unknown, replaced by a newer link, or not a link at all. */
  | { status: "invalid" };

class StaleLink extends Error {}

/**
 * Follows a verification link: marks the account's address verified when the link exists, is
 * unused and unexpired, and was sent to the address the account has now. Claiming the link
 * (UPDATE … WHERE used_at IS NULL) and marking the address happen in one transaction.
 */
export async function verifyEmailToken(token: unknown): Promise<VerifyOutcome> {
  const tokenHash = linkTokenHash(token);
  if (!tokenHash) return { status: "invalid" };
  const row = await db.emailVerificationToken.findUnique({
    where: { tokenHash },
    select: { id: true, userId: true, email: true, usedAt: true, expiresAt: true, user: { select: { email: true } } },
  });
  if (!row) return { status: "invalid" };
  if (row.usedAt) return { status: "used" };
  if (row.expiresAt <= new Date()) return { status: "expired" };
  if (row.user.email !== row.email) return { status: "stale" };
  try {
    return await db.$transaction(async (tx) => {
      const now = new Date();
      const claimed = await tx.emailVerificationToken.updateMany({
        where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) return { status: "used" } as const;
      const marked = await tx.user.updateMany({ where: { id: row.userId, email: row.email }, data: { emailVerified: now } });
      if (marked.count !== 1) throw new StaleLink();
      return { status: "verified", email: row.email } as const;
    });
  } catch (error) {
    if (error instanceof StaleLink) return { status: "stale" };
    throw error;
  }
}
