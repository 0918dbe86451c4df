import "server-only";
import { issueEmailVerification, mailEmailVerification } from "@/lib/auth/email-verification";
import { runAfterResponse } from "@/lib/auth/one-time-token";
import { endUserSessions } from "@/lib/auth/sessions";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sendMail } from "@/lib/mail";

// What follows a change of a user's sign-in e-mail, whoever makes it (the user in their profile,
// an admin in user management): every other session and API token ends, outstanding password
// reset links go (one could have been asked for at the new address by whoever took a session),
// the new address counts as unverified until its link is followed, and the old address hears
// of it.

export type EmailChangeKeep = { sessionId?: string | null; tokenId?: number | null };

/**
 * The e-mail of `userId` has just changed inside `tx`: applies the consequences in the same
 * transaction. `keep` names the caller's own session or token (a user changing their own
 * address stays signed in where they did it). Returns the new verification link's secret and
 * what ended.
 */
export async function applyEmailChange(tx: Prisma.TransactionClient, userId: string, keep: EmailChangeKeep = {}) {
  await tx.user.update({ where: { id: userId }, data: { emailVerified: null } });
  const ended = await endUserSessions(userId, { exceptSessionId: keep.sessionId ?? null, exceptTokenId: keep.tokenId ?? null, tx });
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  const verificationToken = await issueEmailVerification(userId, tx);
  return { verificationToken, ended };
}

/**
 * After the change has committed: the old address is warned (when SMTP is configured, so an
 * owner whose session was taken over learns it) and the new one gets its verification link.
 * Both after the response; failures are logged.
 */
export async function announceEmailChange(previous: string, current: { email: string; name: string }, verificationToken: string) {
  await runAfterResponse("email-change", async () => {
    await warnPreviousAddress(previous, current.email);
    await mailEmailVerification(current, verificationToken);
  });
}

async function warnPreviousAddress(previous: string, current: string) {
  try {
    await sendMail({
      to: previous,
      kind: "account",
      automatic: true,
      subject: "Tu correo de acceso cambió",
      text: `Hola:\n\nEl correo con el que inicias sesión cambió a ${current}. Si no fuiste tú, responde a este mensaje o escríbenos de inmediato para recuperar tu cuenta.`,
    });
  } catch (error) {
    console.error("[profile] no se pudo avisar del cambio de correo:", (error as Error).message);
  }
}
