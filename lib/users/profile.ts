import "server-only";
import type { AdminActor } from "@/lib/admin/actor";
import { unauthenticated } from "@/lib/api/auth";
import { ApiError, tooManyRequests, validationFailed } from "@/lib/api/errors";
import { parseWith } from "@/lib/api/request";
import { recordAudit } from "@/lib/audit/service";
import type { UserActor } from "@/lib/auth/actor";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { endUserSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/db";
import { sendMail } from "@/lib/mail";
import { hitRateLimit, releaseRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { USER_FIELDS } from "./queries";
import { changePasswordSchema, CLIENT_PROFILE_FIELDS, clientProfileSchema, PASSWORD_FIELDS, PROFILE_FIELDS, profileSchema } from "./schema";
import { serializeClientProfile, serializeUser, type ClientProfileContract, type UserContract } from "./serialize";
import { USER_ERRORS } from "./service";

// The signed-in user's own profile, one implementation for both areas:
// - "Perfil de Administrador" (spec §2.6, §5, §7 PUT /api/v1/admin/profile): name and e-mail;
// - the client's "Mi perfil" (spec §2.7, issue 10; PUT /api/v1/client/profile): the same, plus
//   the billing profile (billing_name, tax_id) the invoices are issued to;
// and, for both, the password change with the current password. Audited as entityType "profile"
// with the user's id.

/** Whoever edits their own profile: an admin in the back office or a user in the client portal. */
export type ProfileActor = AdminActor | UserActor;

export const PROFILE_ERRORS = {
  wrongCurrentPassword: "La contraseña actual no es correcta.",
  mixedPayload:
    "Envía {name, email} para actualizar el perfil o {current_password, new_password, confirm_password} para cambiar la contraseña, no ambos.",
  clientMixedPayload:
    "Envía {name, email, billing_name, tax_id} para actualizar el perfil o {current_password, new_password, confirm_password} para cambiar la contraseña, no ambos.",
} as const;

/**
 * Wrong current passwords per user: 5 per 15 minutes, then 429 until the window ends, so a
 * stolen session cannot guess the password through this form. Only failures are kept.
 */
export const PASSWORD_CHANGE_FAILURE_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };

/** The columns of a profile: the user's (never the hash) and the billing profile. */
const PROFILE_SELECT = { ...USER_FIELDS, billingName: true, taxId: true } as const;

type ProfileChanges = {
  name: string;
  email: string;
  /** undefined keeps the billing field; null clears it. */
  billingName?: string | null;
  taxId?: string | null;
};

/**
 * Writes the actor's own name, e-mail and (when given) billing fields in one transaction with
 * its audit entry. 409 when the e-mail belongs to another account.
 */
/**
 * The sign-in e-mail changed: the old address hears of it (when SMTP is configured), so an owner
 * whose session was taken over learns it before a password reset can go to the new address.
 */
async function warnPreviousAddress(previous: string, current: string) {
  if (!process.env.SMTP_URL?.trim()) return;
  try {
    await sendMail({
      to: previous,
      subject: "Tu correo de acceso cambió",
      text: `Hola:\n\nEl correo con el que inicias sesión cambió a ${current}. Si no fuiste tú, responde a este mensaje o escríbenos de inmediato para recuperar tu cuenta.`,
    });
  } catch (error) {
    console.error("[profile] no se pudo avisar del cambio de correo:", (error as Error).message);
  }
}

async function saveProfile(actor: ProfileActor, changes: ProfileChanges) {
  const billing = {
    ...(changes.billingName !== undefined && { billingName: changes.billingName }),
    ...(changes.taxId !== undefined && { taxId: changes.taxId }),
  };
  const audited = (row: { name: string; email: string; billingName: string | null; taxId: string | null }) => ({
    name: row.name,
    email: row.email,
    ...("billingName" in billing && { billing_name: row.billingName }),
    ...("taxId" in billing && { tax_id: row.taxId }),
  });
  let previousEmail: string | null = null;
  try {
    const saved = await db.$transaction(async (tx) => {
      const before = await tx.user.findUnique({ where: { id: actor.id }, select: PROFILE_SELECT });
      previousEmail = before && changes.email !== before.email ? before.email : null;
      if (!before) throw unauthenticated();
      if (changes.email !== before.email) {
        const owner = await tx.user.findUnique({ where: { email: changes.email }, select: { id: true } });
        if (owner) throw new ApiError(409, USER_ERRORS.emailTaken, { email: [USER_ERRORS.emailTaken] });
      }
      const after = await tx.user.update({
        where: { id: actor.id },
        data: { name: changes.name, email: changes.email, ...billing },
        select: PROFILE_SELECT,
      });
      await recordAudit(tx, actor, {
        action: "profile.update",
        entityType: "profile",
        entityId: actor.id,
        before: audited(before),
        after: audited(after),
      });
      return after;
    });
    if (previousEmail) await warnPreviousAddress(previousEmail, saved.email);
    return saved;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new ApiError(409, USER_ERRORS.emailTaken, { email: [USER_ERRORS.emailTaken] });
    throw error;
  }
}

/** Name and e-mail of the signed-in admin. 422 invalid, 409 e-mail taken. */
export async function updateProfile(actor: ProfileActor, input: unknown): Promise<UserContract> {
  const data = parseWith(profileSchema, input);
  return serializeUser(await saveProfile(actor, data));
}

/**
 * The client's "Mi perfil": name, e-mail and billing profile (a billing field left out keeps its
 * value). 422 invalid (a RUC with a wrong check digit, 10 digits…), 409 e-mail taken. Invoices
 * issued later use the new billing profile; those already issued keep theirs.
 */
export async function updateClientProfile(actor: ProfileActor, input: unknown): Promise<ClientProfileContract> {
  const data = parseWith(clientProfileSchema, input);
  return serializeClientProfile(
    await saveProfile(actor, { name: data.name, email: data.email, billingName: data.billing_name, taxId: data.tax_id }),
  );
}

/** GET /api/v1/client/profile: the signed-in user's own profile (401 when the account is gone). */
export async function getClientProfile(userId: string): Promise<ClientProfileContract> {
  const row = await db.user.findUnique({ where: { id: userId }, select: PROFILE_SELECT });
  if (!row) throw unauthenticated();
  return serializeClientProfile(row);
}

/**
 * The signed-in user's password (admin or client): checks the current one (wrong → 422 on
 * current_password; too many wrong ones → 429), stores the new bcrypt hash and ends the user's
 * OTHER sessions and API tokens: the browser session or the bearer token this change came from
 * stays open.
 */
export async function changePassword(actor: ProfileActor, input: unknown): Promise<UserContract> {
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
 * Which of the two §7 payloads a PUT …/profile body is, by the keys present: only profile fields
 * (name/email, and for the client billing_name/tax_id) → profile, only the password fields →
 * password; both kinds or neither → 422.
 */
export function profilePayloadKind(
  body: unknown,
  profileFields: readonly string[] = PROFILE_FIELDS,
  mixedMessage: string = PROFILE_ERRORS.mixedPayload,
): ProfilePayloadKind {
  const keys = typeof body === "object" && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
  const profile = profileFields.some((field) => keys.includes(field));
  const password = PASSWORD_FIELDS.some((field) => keys.includes(field));
  if (profile !== password) return profile ? "profile" : "password";
  throw validationFailed({ _: [mixedMessage] }, mixedMessage);
}

/** PUT /api/v1/admin/profile: one of the two payloads, decided by its keys. */
export function updateProfileOrPassword(actor: AdminActor, body: unknown): Promise<UserContract> {
  return profilePayloadKind(body) === "password" ? changePassword(actor, body) : updateProfile(actor, body);
}

/** PUT /api/v1/client/profile: one of the two payloads; either way the answer is the profile. */
export async function updateClientProfileOrPassword(actor: UserActor, body: unknown): Promise<ClientProfileContract> {
  if (profilePayloadKind(body, CLIENT_PROFILE_FIELDS, PROFILE_ERRORS.clientMixedPayload) === "profile") return updateClientProfile(actor, body);
  await changePassword(actor, body);
  return getClientProfile(actor.id);
}
