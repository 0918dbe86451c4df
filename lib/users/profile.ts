import "server-only";
import type { AdminActor } from "@/lib/admin/actor";
import { unauthenticated } from "@/lib/api/auth";
import { ApiError, tooManyRequests, validationFailed } from "@/lib/api/errors";
import { parseWith } from "@/lib/api/request";
import { recordAudit } from "@/lib/audit/service";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { endUserSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/db";
import { hitRateLimit, releaseRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { USER_FIELDS } from "./queries";
import { changePasswordSchema, PASSWORD_FIELDS, PROFILE_FIELDS, profileSchema } from "./schema";
import { serializeUser, type UserContract } from "./serialize";
import { USER_ERRORS } from "./service";

// "Perfil de Administrador" (spec §2.6, §5, §7 PUT /api/v1/admin/profile): the signed-in admin's
// own name and e-mail, and their password. Audited as entityType "profile" with the admin's id.

export const PROFILE_ERRORS = {
  wrongCurrentPassword: "La contraseña actual no es correcta.",
  mixedPayload:
    "Envía {name, email} para actualizar el perfil o {current_password, new_password, confirm_password} para cambiar la contraseña, no ambos.",
} as const;

/**
 * Wrong current passwords per admin: 5 per 15 minutes, then 429 until the window ends, so a
 * stolen session cannot guess the password through this form. Only failures are kept.
 */
export const PASSWORD_CHANGE_FAILURE_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };

/** Name and e-mail of the signed-in admin. 422 invalid, 409 e-mail taken. */
export async function updateProfile(actor: AdminActor, input: unknown): Promise<UserContract> {
  const data = parseWith(profileSchema, input);
  try {
    return await db.$transaction(async (tx) => {
      const before = await tx.user.findUnique({ where: { id: actor.id }, select: USER_FIELDS });
      if (!before) throw unauthenticated();
      if (data.email !== before.email) {
        const owner = await tx.user.findUnique({ where: { email: data.email }, select: { id: true } });
        if (owner) throw new ApiError(409, USER_ERRORS.emailTaken, { email: [USER_ERRORS.emailTaken] });
      }
      const after = await tx.user.update({ where: { id: actor.id }, data: { name: data.name, email: data.email }, select: USER_FIELDS });
      await recordAudit(tx, actor, {
        action: "profile.update",
        entityType: "profile",
        entityId: actor.id,
        before: { name: before.name, email: before.email },
        after: { name: after.name, email: after.email },
      });
      return serializeUser(after);
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new ApiError(409, USER_ERRORS.emailTaken, { email: [USER_ERRORS.emailTaken] });
    throw error;
  }
}

/**
 * The signed-in admin's password: checks the current one (wrong → 422 on current_password;
 * too many wrong ones → 429), stores the new bcrypt hash and ends the admin's OTHER sessions and
 * API tokens: the browser session or the bearer token this change came from stays open.
 */
export async function changePassword(actor: AdminActor, input: unknown): Promise<UserContract> {
  const data = parseWith(changePasswordSchema, input);

  const key = `password-change:user:${actor.id}`;
  const attempt = await hitRateLimit(key, PASSWORD_CHANGE_FAILURE_LIMIT);
  if (!attempt.allowed) {
    await releaseRateLimit([key]);
    throw tooManyRequests(attempt.retryAfterSeconds);
  }
  const current = await db.user.findUnique({ where: { id: actor.id }, select: { passwordHash: true } });
  if (!current) throw unauthenticated();
  if (!(await verifyPassword(data.current_password, current.passwordHash))) {
    throw validationFailed({ current_password: [PROFILE_ERRORS.wrongCurrentPassword] }, PROFILE_ERRORS.wrongCurrentPassword);
  }
  await releaseRateLimit([key]);

  const passwordHash = await hashPassword(data.new_password);
  return db.$transaction(async (tx) => {
    const user = await tx.user.update({ where: { id: actor.id }, data: { passwordHash }, select: USER_FIELDS });
    const ended = await endUserSessions(actor.id, { exceptSessionId: actor.sessionId, exceptTokenId: actor.tokenId ?? null, tx });
    await recordAudit(tx, actor, {
      action: "profile.password_change",
      entityType: "profile",
      entityId: actor.id,
      after: { other_sessions_ended: ended.sessions, api_keys_revoked: ended.apiTokens },
    });
    return serializeUser(user);
  });
}

export type ProfilePayloadKind = "profile" | "password";

/**
 * Which of the two §7 payloads a PUT /api/v1/admin/profile body is, by the keys present: only
 * name/email → profile, only the password fields → password; both kinds or neither → 422.
 */
export function profilePayloadKind(body: unknown): ProfilePayloadKind {
  const keys = typeof body === "object" && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
  const profile = PROFILE_FIELDS.some((field) => keys.includes(field));
  const password = PASSWORD_FIELDS.some((field) => keys.includes(field));
  if (profile !== password) return profile ? "profile" : "password";
  throw validationFailed({ _: [PROFILE_ERRORS.mixedPayload] }, PROFILE_ERRORS.mixedPayload);
}

/** PUT /api/v1/admin/profile: one of the two payloads, decided by its keys. */
export function updateProfileOrPassword(actor: AdminActor, body: unknown): Promise<UserContract> {
  return profilePayloadKind(body) === "password" ? changePassword(actor, body) : updateProfile(actor, body);
}
