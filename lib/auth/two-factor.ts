import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verifySync } from "otplib";
import QRCode from "qrcode";
import { recordAudit, type AuditActor } from "@/lib/audit/service";
import { rateLimitAddress } from "@/lib/client-address";
import { openSecret, sealSecret, SecretBoxError } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { conflict, forbidden, invalid, parseWith, rateLimited, unauthenticated } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sendMail } from "@/lib/mail";
import { hitRateLimit, releaseRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { ACCOUNT_USER_FIELDS, authenticateWithPassword, LOGIN_FAILURE_LIMIT, type AccountUser } from "./accounts";
import type { Actor, AdminActor } from "./actor";
import { linkTokenHash, newLinkToken, runAfterResponse } from "./one-time-token";
import { verifyPassword } from "./password";
import { mustEnrolTwoFactorSql } from "./two-factor-requirement";
import {
  confirmEnrollmentSchema,
  disableTwoFactorSchema,
  RECOVERY_CODE_COUNT,
  RECOVERY_PATTERN,
  regenerateRecoveryCodesSchema,
  TOTP_DIGITS,
  TOTP_PATTERN,
  TWO_FACTOR_MESSAGES,
  twoFactorPolicySchema,
  type TwoFactorEnrollment,
  type TwoFactorStatus,
} from "./two-factor-schema";

// The second factor of admin accounts: a TOTP code (RFC 6238: SHA-1, 6 digits, 30-second steps)
// from an authenticator app, or one of 10 single-use recovery codes.
//
// - The secret (20 random bytes) is stored sealed (lib/crypto/secret-box.ts) from the moment the
//   enrolment starts; the second factor is on once a first code confirms it (totp_enabled_at).
// - A code is accepted one step either side of now, and never twice: the step it matched is
//   written with a conditional UPDATE (only when greater than the last one), so two requests
//   with the same code cannot both win. Recovery codes are stored as SHA-256 (they carry 40
//   random bits and are throttled) and marked used the same way.
// - Wrong codes are throttled like passwords: 5 per account and 10 per address in 15 minutes.
// - Signing in with a password gives, for an account with the second factor, a challenge (32
//   random bytes, only their SHA-256 stored) that lives 5 minutes and 5 wrong codes; the code
//   and the challenge then open the session (Auth.js credentials) or get an API token.
// Clients are not offered a second factor.

export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now (clocks drift, people type slowly). */
export const TOTP_WINDOW_SECONDS = TOTP_PERIOD_SECONDS;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes a challenge takes before it dies (the person signs in again). */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Wrong codes per account (from any address) in 15 minutes. */
export const TWO_FACTOR_ACCOUNT_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };
/** Wrong codes per address (across accounts) in 15 minutes: as many as wrong passwords. */
export const TWO_FACTOR_ADDRESS_LIMIT: RateLimitRule = LOGIN_FAILURE_LIMIT;
/** What the company is called in the authenticator app when the settings have no name yet. */
const DEFAULT_ISSUER = "Lumen Consultoría TI";

const SETTINGS_ID = 1;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

// ── Codes (pure) ─────────────────────────────────────────────────────────────

/**
 * The time step a 6-digit code matches for the base32 secret at `epochSeconds` (one step either
 * side), or null; a step not after `afterStep` never matches (a code is used once).
 */
export function matchTotpStep(secret: string, code: string, epochSeconds: number, afterStep: number | null = null): number | null {
  if (!TOTP_PATTERN.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      epoch: epochSeconds,
      epochTolerance: TOTP_WINDOW_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** A recovery code as shown: "xxxx-xxxx", 8 characters of base32 (40 random bits). */
function newRecoveryCode(): string {
  const bytes = randomBytes(5);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}

/** The stored hash of a recovery code, given as typed (already normalized by the schema: no dash). */
const recoveryHash = (normalized: string) => sha256(`recovery:${normalized}`);

function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map((code) => recoveryHash(code.replace("-", ""))) };
}

function openTotpSecret(sealed: string): string {
  try {
    return openSecret(sealed).toString("utf8");
  } catch (error) {
    if (error instanceof SecretBoxError) throw conflict(TWO_FACTOR_MESSAGES.secretUnreadable);
    throw error;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// ── Reads ────────────────────────────────────────────────────────────────────

/** Whether the settings require a second factor of admins (false without a settings row). */
export async function adminTwoFactorRequired(): Promise<boolean> {
  const row = await db.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: { requireAdminTwoFactor: true } });
  return row?.requireAdminTwoFactor ?? false;
}

/** Whether the user must sign in with a second factor (it is on for the account). */
export async function twoFactorEnabled(userId: string): Promise<boolean> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } });
  return Boolean(row?.totpEnabledAt);
}

/**
 * Whether the account a Google identity would sign in to has a second factor: the account
 * linked to it, else the one with its e-mail. Such an account does not sign in with Google.
 */
export async function googleIdentityHasTwoFactor(identity: { sub?: unknown; email?: unknown }): Promise<boolean> {
  const sub = typeof identity.sub === "string" && identity.sub.length <= 255 ? identity.sub : "";
  if (sub) {
    const linked = await db.account.findUnique({
      where: { provider_providerAccountId: { provider: "google", providerAccountId: sub } },
      select: { user: { select: { totpEnabledAt: true } } },
    });
    if (linked) return Boolean(linked.user.totpEnabledAt);
  }
  const email = typeof identity.email === "string" ? identity.email.trim().toLowerCase() : "";
  if (!email) return false;
  return Boolean((await db.user.findUnique({ where: { email }, select: { totpEnabledAt: true } }))?.totpEnabledAt);
}

/**
 * Whether this user is an admin the settings require a second factor of and who has none yet:
 * such an admin sees only the enrolment screen, and the API refuses to log them in.
 */
export async function mustEnrollTwoFactor(user: { id: string; role: string }): Promise<boolean> {
  if (user.role !== "admin") return false;
  const rows = await db.$queryRaw<{ missing: boolean }[]>`SELECT ${mustEnrolTwoFactorSql} AS missing FROM users u WHERE u.id = ${user.id}`;
  return rows[0]?.missing ?? false;
}

/** "Seguridad" of the profile. */
export async function twoFactorStatus(userId: string): Promise<TwoFactorStatus> {
  const [user, left, required] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpEnabledAt: true, passwordHash: true } }),
    db.twoFactorRecoveryCode.count({ where: { userId, usedAt: null } }),
    adminTwoFactorRequired(),
  ]);
  return {
    enabled: Boolean(user.totpEnabledAt),
    enabled_at: user.totpEnabledAt?.toISOString() ?? null,
    recovery_codes_left: user.totpEnabledAt ? left : 0,
    required,
    has_password: Boolean(user.passwordHash),
  };
}

// ── E-mails ──────────────────────────────────────────────────────────────────

/** Sent after the response (a refused mail server never undoes the change); each leaves its outbound_emails row. */
function mailAccountOwner(user: { id: string; email: string; name: string }, subject: string, lines: string[]) {
  return runAfterResponse("two-factor", () =>
    sendMail({
      to: user.email,
      subject,
      text: [`Hola, ${user.name}:`, "", ...lines, "", "Si no fuiste tú, cambia tu contraseña de inmediato y avisa a otro administrador."].join("\n"),
      automatic: true,
      kind: "account",
      related: { type: "user", id: user.id },
    }),
  );
}

// ── Throttling ───────────────────────────────────────────────────────────────

/**
 * Counts an attempt before the code is checked (parallel guesses cannot slip past the limit);
 * 429 when the account or the address already had too many wrong codes. The caller releases
 * the keys on success, so the counters keep only failures.
 */
async function countAttempt(userId: string, ip: string): Promise<string[]> {
  const address = rateLimitAddress(ip);
  const keys = [`2fa:account:${userId}`, `2fa:ip:${address}`];
  const [account, fromAddress] = await Promise.all([hitRateLimit(keys[0], TWO_FACTOR_ACCOUNT_LIMIT), hitRateLimit(keys[1], TWO_FACTOR_ADDRESS_LIMIT)]);
  const refusedFor = [account, fromAddress].filter((hit) => !hit.allowed).map((hit) => hit.retryAfterSeconds);
  if (refusedFor.length > 0) {
    await releaseRateLimit(keys);
    throw rateLimited(Math.max(...refusedFor), TWO_FACTOR_MESSAGES.tooManyAttempts);
  }
  return keys;
}

type CodeUser = { id: string; name: string; email: string; totpSecretSealed: string | null; totpEnabledAt: Date | null; totpLastStep: bigint | null };
const CODE_USER_FIELDS = { id: true, name: true, email: true, totpSecretSealed: true, totpEnabledAt: true, totpLastStep: true } as const;

/**
 * Checks a normalized code against an account with the second factor on, and uses it up: a
 * TOTP code's step is recorded (only if after the last one), a recovery code is marked used
 * (audited, and the owner is told by e-mail how many are left). Not throttled: callers are.
 */
async function consumeCode(user: CodeUser, code: string, actor: AuditActor): Promise<"totp" | "recovery" | null> {
  if (!user.totpEnabledAt || !user.totpSecretSealed) return null;
  if (TOTP_PATTERN.test(code)) {
    const last = user.totpLastStep === null ? null : Number(user.totpLastStep);
    const step = matchTotpStep(openTotpSecret(user.totpSecretSealed), code, nowSeconds(), last);
    if (step === null) return null;
    // Conditional: of two requests with the same code, only one moves the step forward.
    const moved = await db.user.updateMany({
      where: { id: user.id, totpEnabledAt: { not: null }, OR: [{ totpLastStep: null }, { totpLastStep: { lt: BigInt(step) } }] },
      data: { totpLastStep: BigInt(step) },
    });
    return moved.count === 1 ? "totp" : null;
  }
  if (!RECOVERY_PATTERN.test(code)) return null;
  const left = await db.$transaction(async (tx) => {
    const used = await tx.twoFactorRecoveryCode.updateMany({
      where: { userId: user.id, codeHash: recoveryHash(code), usedAt: null },
      data: { usedAt: new Date() },
    });
    if (used.count !== 1) return null;
    const remaining = await tx.twoFactorRecoveryCode.count({ where: { userId: user.id, usedAt: null } });
    await recordAudit(tx, actor, { action: "auth.recovery_code_used", entityType: "user", entityId: user.id, after: { recovery_codes_left: remaining } });
    return remaining;
  });
  if (left === null) return null;
  await mailAccountOwner(user, "Se usó un código de recuperación", [
    "Se usó uno de tus códigos de recuperación para la verificación en dos pasos de tu cuenta.",
    `Te quedan ${left} ${left === 1 ? "código" : "códigos"}.${left <= 3 ? " Genera códigos nuevos en Perfil › Seguridad." : ""}`,
  ]);
  return "recovery";
}

/**
 * The second factor of `userId`: a 6-digit code from the app (never one already accepted) or a
 * recovery code (once). True when it is right; false when wrong (counted); 429 (rate_limited)
 * after too many wrong codes for the account or from the address. `code` as typed.
 */
export async function verifySecondFactor(userId: string, code: string, ip: string): Promise<boolean> {
  const normalized = typeof code === "string" ? code.replace(/[\s-]/g, "").toLowerCase() : "";
  const keys = await countAttempt(userId, ip);
  const user = await db.user.findUnique({ where: { id: userId }, select: CODE_USER_FIELDS });
  const used = user ? await consumeCode(user, normalized, { id: user.id, ipAddress: ip }) : null;
  if (used) await releaseRateLimit(keys);
  return used !== null;
}

// ── Enrolment ────────────────────────────────────────────────────────────────

async function issuerName(): Promise<string> {
  const row = await db.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: { companyName: true } });
  return row?.companyName.trim() || DEFAULT_ISSUER;
}

/**
 * Starts (or restarts) an admin's enrolment: a new secret, sealed, replacing any unconfirmed
 * one; answers the secret, its otpauth:// URI and the URI's QR. 403 for clients; 409 when the
 * second factor is already on, or the account has no password to sign in with.
 */
export async function startEnrollment(actor: Actor): Promise<TwoFactorEnrollment> {
  if (actor.role !== "admin") throw forbidden(TWO_FACTOR_MESSAGES.adminsOnly);
  const user = await db.user.findUnique({ where: { id: actor.id }, select: { email: true, passwordHash: true, totpEnabledAt: true } });
  if (!user) throw unauthenticated();
  if (user.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!user.passwordHash) throw conflict(TWO_FACTOR_MESSAGES.needsPassword);

  const secret = generateSecret({ length: 20 });
  await db.$transaction(async (tx) => {
    const started = await tx.user.updateMany({
      where: { id: actor.id, totpEnabledAt: null },
      data: { totpSecretSealed: sealSecret(Buffer.from(secret, "utf8")), totpLastStep: null },
    });
    if (started.count !== 1) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    await recordAudit(tx, actor, { action: "auth.two_factor_enrollment_started", entityType: "user", entityId: actor.id });
  });
  const uri = generateURI({ issuer: await issuerName(), label: user.email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 1, width: 240 });
  return { secret, otpauth_uri: uri, qr_data_url: qr };
}

/**
 * Confirms the enrolment with a first code from the app: the second factor is on from now, and
 * the answer carries the 10 recovery codes (shown this once; only their hashes are kept). The
 * owner is e-mailed. Wrong codes are throttled like sign-in codes (422 on the field, 429).
 */
export async function confirmEnrollment(actor: Actor, input: unknown): Promise<{ recovery_codes: string[]; enabled_at: string }> {
  const { code } = parseWith(confirmEnrollmentSchema, input);
  if (actor.role !== "admin") throw forbidden(TWO_FACTOR_MESSAGES.adminsOnly);
  const user = await db.user.findUnique({ where: { id: actor.id }, select: CODE_USER_FIELDS });
  if (!user) throw unauthenticated();
  if (user.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!user.totpSecretSealed) throw conflict(TWO_FACTOR_MESSAGES.noEnrollment);

  const keys = await countAttempt(actor.id, actor.ipAddress);
  const step = matchTotpStep(openTotpSecret(user.totpSecretSealed), code, nowSeconds());
  if (step === null) throw invalid({ code: [TWO_FACTOR_MESSAGES.wrongCode] }, TWO_FACTOR_MESSAGES.wrongCode);
  await releaseRateLimit(keys);

  const { codes, hashes } = newRecoveryCodes();
  const enabledAt = new Date();
  await db.$transaction(async (tx) => {
    // Only the secret the code was checked against: a restart in between wins.
    const enabled = await tx.user.updateMany({
      where: { id: actor.id, totpEnabledAt: null, totpSecretSealed: user.totpSecretSealed },
      data: { totpEnabledAt: enabledAt, totpLastStep: BigInt(step) },
    });
    if (enabled.count !== 1) throw conflict(TWO_FACTOR_MESSAGES.noEnrollment);
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: actor.id } });
    await tx.twoFactorRecoveryCode.createMany({ data: hashes.map((codeHash) => ({ userId: actor.id, codeHash })) });
    await recordAudit(tx, actor, {
      action: "auth.two_factor_enabled",
      entityType: "user",
      entityId: actor.id,
      after: { two_factor_enabled_at: enabledAt, recovery_codes_left: RECOVERY_CODE_COUNT },
    });
  });
  await mailAccountOwner(user, "Activaste la verificación en dos pasos", [
    "Activaste la verificación en dos pasos de tu cuenta de administrador.",
    "Desde ahora, al iniciar sesión te pediremos tu contraseña y el código de tu aplicación de autenticación.",
    "Guarda tus códigos de recuperación en un lugar seguro: cada uno sirve una vez si pierdes el teléfono.",
  ]);
  return { recovery_codes: codes, enabled_at: enabledAt.toISOString() };
}

/**
 * Turns the second factor off: needs the password and a current code (or a recovery code);
 * the secret, the recovery codes and any pending sign-in challenge go. Refused (409) while the
 * settings require a second factor of admins. Audited and e-mailed.
 */
export async function disableTwoFactor(actor: Actor, input: unknown): Promise<TwoFactorStatus> {
  const { password, code } = parseWith(disableTwoFactorSchema, input);
  const user = await db.user.findUnique({ where: { id: actor.id }, select: { ...CODE_USER_FIELDS, passwordHash: true, role: true } });
  if (!user) throw unauthenticated();
  if (!user.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  if (user.role === "admin" && (await adminTwoFactorRequired())) throw conflict(TWO_FACTOR_MESSAGES.requiredBySettings);

  const keys = await countAttempt(actor.id, actor.ipAddress);
  // The password first: a wrong one must not use up a recovery code.
  if (!(await verifyPassword(password, user.passwordHash))) throw invalid({ password: [TWO_FACTOR_MESSAGES.wrongPassword] }, TWO_FACTOR_MESSAGES.wrongPassword);
  if (!(await consumeCode(user, code, actor))) throw invalid({ code: [TWO_FACTOR_MESSAGES.wrongCode] }, TWO_FACTOR_MESSAGES.wrongCode);
  await releaseRateLimit(keys);

  await db.$transaction(async (tx) => {
    const off = await tx.user.updateMany({
      where: { id: actor.id, totpEnabledAt: { not: null } },
      data: { totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null },
    });
    if (off.count !== 1) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: actor.id } });
    await tx.twoFactorChallenge.deleteMany({ where: { userId: actor.id } });
    await recordAudit(tx, actor, {
      action: "auth.two_factor_disabled",
      entityType: "user",
      entityId: actor.id,
      before: { two_factor_enabled_at: user.totpEnabledAt },
      after: { two_factor_enabled_at: null },
    });
  });
  await mailAccountOwner(user, "Desactivaste la verificación en dos pasos", [
    "Desactivaste la verificación en dos pasos de tu cuenta de administrador.",
    "Desde ahora, para iniciar sesión basta tu contraseña. Puedes volver a activarla en Perfil › Seguridad.",
  ]);
  return twoFactorStatus(actor.id);
}

/** New recovery codes (the old ones stop working), given a current code or a recovery code. Audited. */
export async function regenerateRecoveryCodes(actor: Actor, input: unknown): Promise<{ recovery_codes: string[] }> {
  const { code } = parseWith(regenerateRecoveryCodesSchema, input);
  const user = await db.user.findUnique({ where: { id: actor.id }, select: CODE_USER_FIELDS });
  if (!user) throw unauthenticated();
  if (!user.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  const keys = await countAttempt(actor.id, actor.ipAddress);
  if (!(await consumeCode(user, code, actor))) throw invalid({ code: [TWO_FACTOR_MESSAGES.wrongCode] }, TWO_FACTOR_MESSAGES.wrongCode);
  await releaseRateLimit(keys);

  const { codes, hashes } = newRecoveryCodes();
  await db.$transaction(async (tx) => {
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: actor.id } });
    await tx.twoFactorRecoveryCode.createMany({ data: hashes.map((codeHash) => ({ userId: actor.id, codeHash })) });
    await recordAudit(tx, actor, {
      action: "auth.two_factor_recovery_codes_regenerated",
      entityType: "user",
      entityId: actor.id,
      after: { recovery_codes_left: RECOVERY_CODE_COUNT },
    });
  });
  return { recovery_codes: codes };
}

// ── Sign-in challenges ───────────────────────────────────────────────────────

/**
 * After a right password for an account with the second factor: a challenge to redeem with a
 * code within 5 minutes. Answers its token (only the SHA-256 is stored). The user's expired
 * challenges are swept on the way.
 */
export async function createChallenge(userId: string): Promise<{ challenge: string; expiresAt: Date }> {
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db.$transaction([
    db.twoFactorChallenge.deleteMany({ where: { userId, expiresAt: { lt: new Date() } } }),
    db.twoFactorChallenge.create({ data: { tokenHash, userId, expiresAt } }),
  ]);
  return { challenge: token, expiresAt };
}

export type PasswordStep = { kind: "no_second_factor" } | { kind: "wrong_password" } | { kind: "challenge"; challenge: string; expiresAt: Date };

/**
 * The sign-in screen's first step for an account with a second factor: the password is checked
 * here (throttled as always: RateLimitedError) and a right one gives a challenge. For any other
 * account ("no_second_factor") the screen signs in through Auth.js as before, which checks the
 * password once.
 */
export async function passwordStep(email: string, password: string, ip: string): Promise<PasswordStep> {
  const account = await db.user.findUnique({ where: { email }, select: { totpEnabledAt: true } });
  if (!account?.totpEnabledAt) return { kind: "no_second_factor" };
  const result = await authenticateWithPassword(email, password, ip);
  if (!result.ok) return { kind: "wrong_password" };
  return { kind: "challenge", ...(await createChallenge(result.user.id)) };
}

/** The user a live challenge belongs to (to say where they land), or null. Uses nothing up. */
export async function challengeUser(token: unknown): Promise<AccountUser | null> {
  const tokenHash = linkTokenHash(token);
  if (!tokenHash) return null;
  const row = await db.twoFactorChallenge.findUnique({ where: { tokenHash }, select: { expiresAt: true, user: { select: ACCOUNT_USER_FIELDS } } });
  return row && row.expiresAt > new Date() ? row.user : null;
}

/**
 * Redeems a challenge with a code: the user when the code is right (the challenge is gone,
 * so it opens one session or one token). A wrong code counts against the challenge (the 5th
 * kills it) and the account's limit; 401 with TWO_FACTOR_MESSAGES.expired when the challenge is
 * unknown, expired or dead; 401 "Código incorrecto."; 429 when throttled.
 */
export async function redeemChallenge(token: unknown, code: string, ip: string): Promise<AccountUser> {
  const tokenHash = linkTokenHash(token);
  if (!tokenHash) throw unauthenticated(TWO_FACTOR_MESSAGES.expired);
  // The attempt is counted before the code is checked, so parallel guesses share the budget.
  const rows = await db.$queryRaw<{ id: number; user_id: string; attempts: number }[]>`
    UPDATE two_factor_challenges SET attempts = attempts + 1
    WHERE token_hash = ${tokenHash} AND expires_at > now() AND attempts < ${CHALLENGE_MAX_ATTEMPTS}
    RETURNING id, user_id, attempts`;
  const challenge = rows[0];
  if (!challenge) {
    await db.twoFactorChallenge.deleteMany({ where: { tokenHash } });
    throw unauthenticated(TWO_FACTOR_MESSAGES.expired);
  }
  let right: boolean;
  try {
    right = await verifySecondFactor(challenge.user_id, code, ip);
  } catch (error) {
    if (challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) await db.twoFactorChallenge.deleteMany({ where: { id: challenge.id } });
    throw error;
  }
  if (!right) {
    if (challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) await db.twoFactorChallenge.deleteMany({ where: { id: challenge.id } });
    throw unauthenticated(TWO_FACTOR_MESSAGES.wrongCode);
  }
  // One challenge, one session: of two right codes sent at once, only the one that deletes it wins.
  const redeemed = await db.twoFactorChallenge.deleteMany({ where: { id: challenge.id } });
  if (redeemed.count !== 1) throw unauthenticated(TWO_FACTOR_MESSAGES.expired);
  const user = await db.user.findUnique({ where: { id: challenge.user_id }, select: ACCOUNT_USER_FIELDS });
  if (!user) throw unauthenticated(TWO_FACTOR_MESSAGES.expired);
  return user;
}

// ── The setting ──────────────────────────────────────────────────────────────

/**
 * "Exigir segundo factor a administradores" (site_settings.require_admin_two_factor). Turning it
 * on is refused (409) to an admin without a second factor of their own, who would be locked into
 * the enrolment screen by their own save. Audited ("settings.two_factor_update") when it changes.
 */
export async function updateTwoFactorPolicy(actor: AdminActor, input: unknown): Promise<{ require_admin_two_factor: boolean }> {
  const { require_admin_two_factor: required } = parseWith(twoFactorPolicySchema, input);
  if (actor.role !== "admin") throw forbidden();
  if (required && !(await twoFactorEnabled(actor.id))) throw conflict(TWO_FACTOR_MESSAGES.enrolFirst, { require_admin_two_factor: [TWO_FACTOR_MESSAGES.enrolFirst] });
  const saved = await db.$transaction(async (tx: Prisma.TransactionClient) => {
    await tx.$queryRaw`SELECT id FROM site_settings WHERE id = ${SETTINGS_ID} FOR UPDATE`;
    const before = await tx.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: { requireAdminTwoFactor: true } });
    if (!before) throw conflict(TWO_FACTOR_MESSAGES.noSettings);
    if (before.requireAdminTwoFactor === required) return required;
    await tx.siteSettings.update({ where: { id: SETTINGS_ID }, data: { requireAdminTwoFactor: required } });
    await recordAudit(tx, actor, {
      action: "settings.two_factor_update",
      entityType: "site_settings",
      entityId: String(SETTINGS_ID),
      before: { require_admin_two_factor: before.requireAdminTwoFactor },
      after: { require_admin_two_factor: required },
    });
    return required;
  });
  return { require_admin_two_factor: saved };
}
