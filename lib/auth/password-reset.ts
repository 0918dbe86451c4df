import "server-only";
import { rateLimitAddress } from "@/lib/client-address";
import { db } from "@/lib/db";
import { sendMail, type MailMessage } from "@/lib/mail";
import { hitRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { siteUrl } from "@/lib/site-url";
import { RateLimitedError } from "./accounts";
import { linkTokenHash, newLinkToken, runAfterResponse } from "./one-time-token";
import { hashPassword } from "./password";
import { newPasswordSchema } from "./schema";
import { endUserSessions } from "./sessions";

// "Forgot password" that really works: a single-use link valid for 60 minutes. The link carries
// 32 random bytes; only their SHA-256 is stored (lib/auth/one-time-token.ts, shared with the
// e-mail verification links). Unknown e-mails get the same answer and nothing is sent.

/** Reset requests: 5 per 15 minutes per IP address. */
export const PASSWORD_RESET_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };
export const RESET_TOKEN_TTL_MINUTES = 60;

/** What the reset screen says for a wrong, expired or already used link (and nothing more). */
export const INVALID_RESET_LINK_MESSAGE = "El enlace no es válido o ha expirado.";

export class InvalidResetTokenError extends Error {
  constructor() {
    super(INVALID_RESET_LINK_MESSAGE);
  }
}

export function passwordResetUrl(token: string) {
  return `${siteUrl()}/reset-password/${token}`;
}

type Mailer = (message: MailMessage) => Promise<unknown>;

/** Counts a reset request from `ip`; throws RateLimitedError after 5 in 15 minutes. */
export async function limitPasswordResetRequests(ip: string): Promise<void> {
  const limit = await hitRateLimit(`password-reset:ip:${rateLimitAddress(ip)}`, PASSWORD_RESET_LIMIT);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
}

/**
 * Starts a password reset for `email` (already validated and lower-cased by the caller):
 * the rate limit (RateLimitedError), then sendPasswordResetLink.
 */
export async function requestPasswordReset(email: string, ip: string, options: { mailer?: Mailer } = {}): Promise<void> {
  await limitPasswordResetRequests(ip);
  await sendPasswordResetLink(email, options);
}

/**
 * What the "forgot password" screen calls: the rate limit now (RateLimitedError), everything
 * that depends on whether the account exists (lookup, new link, e-mail) after the response
 * has been sent (Next's after()), so the answer takes the same time for known and unknown
 * e-mails. Failures there are logged. Outside a request (scripts) it runs at once.
 */
export async function startPasswordReset(email: string, ip: string): Promise<void> {
  await limitPasswordResetRequests(ip);
  await runAfterResponse("password-reset", () => sendPasswordResetLink(email));
}

/**
 * For a known e-mail, replaces any earlier unused link of that user with a new one and e-mails
 * it (SMTP when SMTP_URL is set, else the server console). For an unknown e-mail it does
 * nothing, silently. A mail server failure is logged, not thrown.
 */
export async function sendPasswordResetLink(email: string, options: { mailer?: Mailer } = {}): Promise<void> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, name: true, email: true } });
  if (!user) return;

  const { token, tokenHash } = newLinkToken();
  await db.$transaction([
    // Only the newest link works: earlier unused ones (and spent ones) go away.
    db.passwordResetToken.deleteMany({ where: { userId: user.id } }),
    db.passwordResetToken.create({
      data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000) },
    }),
  ]);

  const mailer = options.mailer ?? sendMail;
  try {
    await mailer({
      to: user.email,
      kind: "password_reset",
      automatic: true,
      subject: "Restablece tu contraseña — Lumen Consultoría TI",
      text: [
        `Hola, ${user.name}:`,
        "",
        "Recibimos una solicitud para restablecer la contraseña de tu cuenta en Lumen Consultoría TI.",
        "Para elegir una nueva contraseña, abre este enlace:",
        "",
        passwordResetUrl(token),
        "",
        `El enlace vence en ${RESET_TOKEN_TTL_MINUTES} minutos y solo puede usarse una vez.`,
        "Si no lo solicitaste, ignora este mensaje: tu contraseña no cambiará.",
      ].join("\n"),
    });
  } catch (error) {
    console.error("[password-reset] No se pudo enviar el correo de restablecimiento", error);
  }
}

/** The stored row of a link that can still be used, or null. */
async function usableToken(token: string) {
  const tokenHash = linkTokenHash(token);
  if (!tokenHash) return null;
  const row = await db.passwordResetToken.findUnique({
    where: { tokenHash },
    select: { id: true, userId: true, usedAt: true, expiresAt: true },
  });
  if (!row || row.usedAt || row.expiresAt <= new Date()) return null;
  return row;
}

/** Whether a reset link still works (the screen shows the form only then). */
export async function isPasswordResetTokenUsable(token: string): Promise<boolean> {
  return (await usableToken(token)) !== null;
}

/**
 * Sets a new password with a reset link. The link must exist, be unused and unexpired,
 * otherwise InvalidResetTokenError. Marking it used is the gate (UPDATE … WHERE used_at IS
 * NULL), so two submissions of one link cannot both succeed. In the same transaction the
 * password hash changes and every browser session and API token of the user ends
 * (endUserSessions, inside the transaction so it cannot be left half done).
 */
export async function resetPassword(token: string, password: string): Promise<{ userId: string }> {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Contraseña no válida.");

  const row = await usableToken(token);
  if (!row) throw new InvalidResetTokenError();
  const passwordHash = await hashPassword(parsed.data);

  await db.$transaction(async (tx) => {
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (claimed.count !== 1) throw new InvalidResetTokenError();
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
    await endUserSessions(row.userId, { tx });
    await tx.passwordResetToken.deleteMany({ where: { userId: row.userId, usedAt: null } });
  });
  return { userId: row.userId };
}
