import "server-only";
import type { AdminActor } from "@/lib/auth/actor";
import { invalid, unauthenticated, conflict, rateLimited, parseWith } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { endUserSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/db";
import { hitRateLimit, releaseRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { announceEmailChange, applyEmailChange } from "./email-change";
import { USER_FIELDS } from "./queries";
import {
  ADMIN_PROFILE_FIELDS,
  adminProfileSchema,
  changePasswordSchema,
  CLIENT_PROFILE_FIELDS,
  clientProfileSchema,
  PASSWORD_FIELDS,
  PROFILE_FIELDS,
  USER_MESSAGES,
} from "./schema";
import {
  serializeAdminProfile,
  serializeClientProfile,
  serializeUser,
  type AdminProfileContract,
  type ClientProfileContract,
  type UserContract,
} from "./serialize";
import { USER_ERRORS } from "./service";

// The signed-in user's own profile, one implementation for both areas:
// - "Perfil de Administrador" (PUT /api/v1/admin/profile): name, e-mail and the signature of the
//   replies the admin e-mails;
// - the client's "Mi perfil" (PUT /api/v1/client/profile): the same, plus
//   the billing profile (billing_name, tax_id) the invoices are issued to;
// and, for both, the password change with the current password. A new sign-in e-mail needs the
// current password too (as guarded as the password: whoever holds a stolen session could
// otherwise move the address and ask for a reset link there). Audited as entityType "profile"
// with the user's id.

/** Whoever edits their own profile: an admin in the back office or a user in the client portal. */
export type ProfileActor = AdminActor | Actor;

export const PROFILE_ERRORS = {
  wrongCurrentPassword: "La contraseña actual no es correcta.",
  currentPasswordForEmail: "Para cambiar tu correo ingresa tu contraseña actual.",
  noPasswordForEmail:
    "Tu cuenta no tiene contraseña (entras con Google). Crea una con «¿Olvidaste tu contraseña?» y después podrás cambiar tu correo.",
  mixedPayload:
    "Envía {name, email, signature} (con current_password si cambias el correo) para actualizar el perfil o {current_password, new_password, confirm_password} para cambiar la contraseña, no ambos.",
  clientMixedPayload:
    "Envía {name, email, billing_name, tax_id} (con current_password si cambias el correo) para actualizar el perfil o {current_password, new_password, confirm_password} para cambiar la contraseña, no ambos.",
} as const;

/**
 * Wrong current passwords per user: 5 per 15 minutes, then 429 until the window ends, so a
 * stolen session cannot guess the password through this form. Only failures are kept.
 */
export const PASSWORD_CHANGE_FAILURE_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };

/** The columns of a profile: the user's (never the hash), the billing profile and the signature. */
const PROFILE_SELECT = { ...USER_FIELDS, billingName: true, taxId: true, signature: true } as const;

type ProfileChanges = {
  name: string;
  email: string;
  /** undefined keeps the billing field; null clears it. */
  billingName?: string | null;
  taxId?: string | null;
  /** An admin's signature: undefined keeps it; null removes it. */
  signature?: string | null;
};

/**
 * Checks the actor's current password, counted against PASSWORD_CHANGE_FAILURE_LIMIT (shared by
 * the password change and the e-mail change): missing or wrong → 422 on current_password, too
 * many wrong ones → 429. Only failures are kept.
 */
async function checkCurrentPassword(actor: ProfileActor, currentPassword: string | undefined, missingMessage: string): Promise<void> {
  if (!currentPassword) throw invalid({ current_password: [missingMessage] }, missingMessage);
  const key = `password-change:user:${actor.id}`;
  const attempt = await hitRateLimit(key, PASSWORD_CHANGE_FAILURE_LIMIT);
  if (!attempt.allowed) {
    await releaseRateLimit([key]);
    throw rateLimited(attempt.retryAfterSeconds);
  }
  const current = await db.user.findUnique({ where: { id: actor.id }, select: { passwordHash: true } });
  if (!current) throw unauthenticated();
  if (!current.passwordHash) {
    await releaseRateLimit([key]);
    throw invalid({ current_password: [PROFILE_ERRORS.noPasswordForEmail] }, PROFILE_ERRORS.noPasswordForEmail);
  }
  if (!(await verifyPassword(currentPassword, current.passwordHash))) {
    throw invalid({ current_password: [PROFILE_ERRORS.wrongCurrentPassword] }, PROFILE_ERRORS.wrongCurrentPassword);
  }
  await releaseRateLimit([key]);
}

/**
 * Writes the actor's own name, e-mail and (when given) billing fields in one transaction with
 * its audit entry. 409 when the e-mail belongs to another account. A new e-mail needs the
 * current password (checkCurrentPassword) and, in the same transaction, ends the actor's other
 * sessions and tokens, deletes their reset links and marks the address unverified; then the old
 * address is warned and the new one gets its verification link.
 */
async function saveProfile(actor: ProfileActor, changes: ProfileChanges, currentPassword: string | undefined) {
  const billing = {
    ...(changes.billingName !== undefined && { billingName: changes.billingName }),
    ...(changes.taxId !== undefined && { taxId: changes.taxId }),
    ...(changes.signature !== undefined && { signature: changes.signature }),
  };
  const audited = (row: { name: string; email: string; billingName: string | null; taxId: string | null; signature: string | null }) => ({
    name: row.name,
    email: row.email,
    ...("billingName" in billing && { billing_name: row.billingName }),
    ...("taxId" in billing && { tax_id: row.taxId }),
    ...("signature" in billing && { signature: row.signature }),
  });
  const stored = await db.user.findUnique({ where: { id: actor.id }, select: { email: true } });
  if (!stored) throw unauthenticated();
  const passwordChecked = changes.email !== stored.email;
  if (passwordChecked) await checkCurrentPassword(actor, currentPassword, PROFILE_ERRORS.currentPasswordForEmail);

  let emailChange: { previous: string; verificationToken: string } | null = null;
  try {
    const saved = await db.$transaction(async (tx) => {
      const before = await tx.user.findUnique({ where: { id: actor.id }, select: PROFILE_SELECT });
      if (!before) throw unauthenticated();
      const emailChanged = changes.email !== before.email;
      if (emailChanged) {
        // Changed meanwhile by another request: the password was not asked for this change.
        if (!passwordChecked) throw invalid({ current_password: [PROFILE_ERRORS.currentPasswordForEmail] }, PROFILE_ERRORS.currentPasswordForEmail);
        const owner = await tx.user.findUnique({ where: { email: changes.email }, select: { id: true } });
        if (owner) throw conflict(USER_ERRORS.emailTaken, { email: [USER_ERRORS.emailTaken] });
      }
      const after = await tx.user.update({
        where: { id: actor.id },
        data: { name: changes.name, email: changes.email, ...billing },
        select: PROFILE_SELECT,
      });
      const ended = emailChanged ? await applyEmailChange(tx, actor.id, { sessionId: actor.sessionId, tokenId: actor.tokenId ?? null }) : null;
      if (ended) emailChange = { previous: before.email, verificationToken: ended.verificationToken };
      await recordAudit(tx, actor, {
        action: "profile.update",
        entityType: "profile",
        entityId: actor.id,
        before: audited(before),
        after: {
          ...audited(after),
          ...(ended && { email_verified: false, other_sessions_ended: ended.ended.sessions, api_keys_revoked: ended.ended.apiTokens }),
        },
      });
      return after;
    });
    const change = emailChange as { previous: string; verificationToken: string } | null;
    if (change) await announceEmailChange(change.previous, { email: saved.email, name: saved.name }, change.verificationToken);
    return saved;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw conflict(USER_ERRORS.emailTaken, { email: [USER_ERRORS.emailTaken] });
    throw error;
  }
}

/** Name, e-mail and (when given) signature of the signed-in admin. 422 invalid, 409 e-mail taken. */
export async function updateProfile(actor: ProfileActor, input: unknown): Promise<AdminProfileContract> {
  const data = parseWith(adminProfileSchema, input);
  return serializeAdminProfile(await saveProfile(actor, { name: data.name, email: data.email, signature: data.signature }, data.current_password));
}

/** The signature appended to the replies this admin e-mails (null: none, or no such user). */
export async function adminSignature(userId: string): Promise<string | null> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { signature: true } });
  return row?.signature ?? null;
}

/**
 * The client's "Mi perfil": name, e-mail and billing profile (a billing field left out keeps its
 * value). 422 invalid (a RUC with a wrong check digit, 10 digits…), 409 e-mail taken. Invoices
 * issued later use the new billing profile; those already issued keep theirs.
 */
export async function updateClientProfile(actor: ProfileActor, input: unknown): Promise<ClientProfileContract> {
  const data = parseWith(clientProfileSchema, input);
  return serializeClientProfile(
    await saveProfile(actor, { name: data.name, email: data.email, billingName: data.billing_name, taxId: data.tax_id }, data.current_password),
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
  await checkCurrentPassword(actor, data.current_password, USER_MESSAGES.currentPasswordRequired);

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
 * Which of the two payloads a PUT …/profile body is, by the keys present: only profile fields
 * (name/email, and for the client billing_name/tax_id, with current_password when the e-mail
 * changes) → profile, only the password fields → password; both kinds or neither → 422.
 */
export function profilePayloadKind(
  body: unknown,
  profileFields: readonly string[] = PROFILE_FIELDS,
  mixedMessage: string = PROFILE_ERRORS.mixedPayload,
): ProfilePayloadKind {
  const keys = typeof body === "object" && body !== null && !Array.isArray(body) ? Object.keys(body) : [];
  const profile = profileFields.some((field) => keys.includes(field));
  const password = PASSWORD_FIELDS.some((field) => keys.includes(field));
  // current_password alone also belongs to a profile change (a new e-mail asks for it).
  const newPassword = PASSWORD_FIELDS.some((field) => field !== "current_password" && keys.includes(field));
  if (profile && !newPassword) return "profile";
  if (password && !profile) return "password";
  throw invalid({ _: [mixedMessage] }, mixedMessage);
}

/** PUT /api/v1/admin/profile: one of the two payloads, decided by its keys; either way the answer is the profile. */
export async function updateProfileOrPassword(actor: AdminActor, body: unknown): Promise<AdminProfileContract> {
  if (profilePayloadKind(body, ADMIN_PROFILE_FIELDS) === "profile") return updateProfile(actor, body);
  const user = await changePassword(actor, body);
  return { ...user, signature: await adminSignature(actor.id) };
}

/** PUT /api/v1/client/profile: one of the two payloads; either way the answer is the profile. */
export async function updateClientProfileOrPassword(actor: Actor, body: unknown): Promise<ClientProfileContract> {
  if (profilePayloadKind(body, CLIENT_PROFILE_FIELDS, PROFILE_ERRORS.clientMixedPayload) === "profile") return updateClientProfile(actor, body);
  await changePassword(actor, body);
  return getClientProfile(actor.id);
}
