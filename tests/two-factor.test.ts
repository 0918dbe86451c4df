// The admins' second factor (TOTP, RFC 6238): the code itself against the RFC's test vectors;
// enrolment, recovery codes, disabling, each audited and e-mailed (through a real SMTP server);
// a code never accepted twice; throttling; sign-in challenges (expiry, 5 wrong codes); the REST
// login's second step; Auth.js's Credentials provider, which never opens a session for such an
// account with a password alone; and the setting that forces admins to enrol.
import { NextRequest } from "next/server";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { POST as twoFactorLogin } from "@/app/api/v1/auth/two-factor/route";
import type { Actor } from "@/lib/auth/actor";
import { requireAdmin } from "@/lib/auth/guards";
import {
  CHALLENGE_MAX_ATTEMPTS,
  confirmEnrollment,
  createChallenge,
  disableTwoFactor,
  matchTotpStep,
  redeemChallenge,
  regenerateRecoveryCodes,
  startEnrollment,
  TWO_FACTOR_ACCOUNT_LIMIT,
  updateTwoFactorPolicy,
  verifySecondFactor,
} from "@/lib/auth/two-factor";
import { TWO_FACTOR_MESSAGES } from "@/lib/auth/two-factor-schema";
import { PEER_HEADER } from "@/lib/client-address";
import { openSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { BASE_URL, call, createTestUser, fakeIp, SESSION_COOKIE, sessionCookieFor, type TestUser } from "./helpers/auth";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

/** The request a page or action runs in (next/headers), for the admin-area guard. */
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => undefined, delete: () => undefined }),
  draftMode: async () => ({ isEnabled: false }),
}));

/** Several bcrypt checks at cost 12 on a busy 2-core machine. */
const SLOW = 120_000;

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

const actorOf = (user: TestUser): Actor => ({ id: user.id, name: user.name, email: user.email, role: user.role, ipAddress: fakeIp(), sessionId: null });

/** The current code of a base32 secret, `stepsAhead` steps from now. */
const codeAt = (secret: string, stepsAhead = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** What a DomainError refusal amounts to: its kind and message. */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message, errors: error.fieldErrors };
    throw error;
  }
  throw new Error("expected a refusal");
}

/** An admin with a password and the second factor on: its secret and recovery codes. */
async function enrolledAdmin() {
  const password = `Clave#${Math.random().toString(36).slice(2)}`;
  const admin = await createTestUser({ role: "admin", password });
  const { secret } = await startEnrollment(actorOf(admin));
  const { recovery_codes } = await confirmEnrollment(actorOf(admin), { code: codeAt(secret) });
  return { admin, password, secret, recoveryCodes: recovery_codes };
}

const auditActions = async (userId: string) =>
  (await db.auditLog.findMany({ where: { actorId: userId }, orderBy: { id: "asc" }, select: { action: true } })).map((entry) => entry.action);

describe("TOTP codes (RFC 6238, appendix B)", () => {
  // The RFC's SHA-1 seed, "12345678901234567890" in ASCII, is this in base32.
  const RFC_SECRET_ASCII = "12345678901234567890";
  const RFC_SECRET_BASE32 = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  const VECTORS: [number, string][] = [
    [59, "94287082"],
    [1111111109, "07081804"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
  ];

  it("otplib gives the RFC's 8-digit codes", () => {
    for (const [time, expected] of VECTORS) {
      expect(generateSync({ secret: new TextEncoder().encode(RFC_SECRET_ASCII), digits: 8, epoch: time })).toBe(expected);
    }
  });

  it("our 6-digit check accepts the last 6 digits at those times, and matches their time step", () => {
    for (const [time, expected] of VECTORS) {
      expect(matchTotpStep(RFC_SECRET_BASE32, expected.slice(2), time)).toBe(Math.floor(time / 30));
    }
  });

  it("accepts one step either side of the clock, not two; refuses a wrong code and a step already used", () => {
    const [time, expected] = VECTORS[2];
    const code = expected.slice(2);
    const step = Math.floor(time / 30);
    expect(matchTotpStep(RFC_SECRET_BASE32, code, time + 30)).toBe(step);
    expect(matchTotpStep(RFC_SECRET_BASE32, code, time - 30)).toBe(step);
    expect(matchTotpStep(RFC_SECRET_BASE32, code, time + 90)).toBeNull();
    expect(matchTotpStep(RFC_SECRET_BASE32, String((Number(code) + 1) % 1_000_000).padStart(6, "0"), time)).toBeNull();
    expect(matchTotpStep(RFC_SECRET_BASE32, code, time, step)).toBeNull();
    expect(matchTotpStep(RFC_SECRET_BASE32, code, time, step - 1)).toBe(step);
  });
});

describe("enrolment", () => {
  it("stores the secret sealed, confirms with a code, gives 10 single-view recovery codes (only hashes kept), audits and e-mails", async () => {
    const admin = await createTestUser({ role: "admin", password: "Clave-Correcta-1" });
    const enrollment = await startEnrollment(actorOf(admin));
    expect(enrollment.secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes in base32
    expect(enrollment.otpauth_uri).toMatch(new RegExp(`^otpauth://totp/[^?]+:${encodeURIComponent(admin.email)}\\?`));
    expect(enrollment.otpauth_uri).toContain(`secret=${enrollment.secret}`);
    expect(enrollment.qr_data_url).toMatch(/^data:image\/png;base64,/);

    const stored = await db.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(stored.totpEnabledAt).toBeNull();
    expect(stored.totpSecretSealed).not.toContain(enrollment.secret);
    expect(openSecret(stored.totpSecretSealed!).toString("utf8")).toBe(enrollment.secret);

    // Restarting replaces the unconfirmed secret: a code of the first one no longer confirms.
    const again = await startEnrollment(actorOf(admin));
    expect(again.secret).not.toBe(enrollment.secret);
    const stale = await refusal(confirmEnrollment(actorOf(admin), { code: codeAt(enrollment.secret) }));
    expect(stale).toMatchObject({ kind: "invalid", errors: { code: [TWO_FACTOR_MESSAGES.wrongCode] } });

    const { recovery_codes } = await confirmEnrollment(actorOf(admin), { code: codeAt(again.secret) });
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}$/);
    const rows = await db.twoFactorRecoveryCode.findMany({ where: { userId: admin.id } });
    expect(rows).toHaveLength(10);
    for (const row of rows) for (const code of recovery_codes) expect(row.codeHash).not.toContain(code.replace("-", ""));

    const enabled = await db.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(enabled.totpEnabledAt).not.toBeNull();
    expect(enabled.totpLastStep).not.toBeNull();
    expect(await auditActions(admin.id)).toEqual(["auth.two_factor_enrollment_started", "auth.two_factor_enrollment_started", "auth.two_factor_enabled"]);
    const mail = await smtp.waitFor((received) => received.recipients.includes(admin.email) && received.headers.subject === "Activaste la verificación en dos pasos");
    expect(mail.text).toContain("Activaste la verificación en dos pasos");

    expect(await refusal(startEnrollment(actorOf(admin)))).toMatchObject({ kind: "conflict", message: TWO_FACTOR_MESSAGES.alreadyEnabled });
  }, SLOW);

  it("is not offered to clients, nor to an account without a password", async () => {
    const client = await createTestUser({ role: "client", password: "Clave-Correcta-1" });
    expect(await refusal(startEnrollment(actorOf(client)))).toMatchObject({ kind: "forbidden", message: TWO_FACTOR_MESSAGES.adminsOnly });
    const googleOnly = await createTestUser({ role: "admin" });
    expect(await refusal(startEnrollment(actorOf(googleOnly)))).toMatchObject({ kind: "conflict", message: TWO_FACTOR_MESSAGES.needsPassword });
    expect(await db.user.findUniqueOrThrow({ where: { id: googleOnly.id }, select: { totpSecretSealed: true } })).toEqual({ totpSecretSealed: null });
  });
});

describe("using the second factor", () => {
  it("never accepts a code twice, even within its window", async () => {
    const { admin, secret } = await enrolledAdmin();
    // The enrolment used the current step: its code is spent.
    expect(await verifySecondFactor(admin.id, codeAt(secret), fakeIp())).toBe(false);
    const next = codeAt(secret, 1);
    expect(await verifySecondFactor(admin.id, next, fakeIp())).toBe(true);
    expect(await verifySecondFactor(admin.id, next, fakeIp())).toBe(false);
  }, SLOW);

  it("lets only one of two parallel uses of the same code win", async () => {
    const { admin, secret } = await enrolledAdmin();
    const next = codeAt(secret, 1);
    const results = await Promise.all([verifySecondFactor(admin.id, next, fakeIp()), verifySecondFactor(admin.id, next, fakeIp())]);
    expect(results.filter(Boolean)).toHaveLength(1);
  }, SLOW);

  it("accepts a recovery code once, audits it and tells the owner how many are left", async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const [first] = recoveryCodes;
    expect(await verifySecondFactor(admin.id, first.toUpperCase(), fakeIp())).toBe(true); // as typed: case and dash do not matter
    expect(await verifySecondFactor(admin.id, first, fakeIp())).toBe(false);
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: admin.id, usedAt: { not: null } } })).toBe(1);
    expect(await auditActions(admin.id)).toContain("auth.recovery_code_used");
    const mail = await smtp.waitFor((received) => received.recipients.includes(admin.email) && received.headers.subject === "Se usó un código de recuperación");
    expect(mail.text).toContain("Te quedan 9 códigos");
  }, SLOW);

  it(`answers 429 after ${TWO_FACTOR_ACCOUNT_LIMIT.limit} wrong codes for the account, even for the right code, from any address`, async () => {
    const { admin, secret } = await enrolledAdmin();
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_LIMIT.limit; i++) expect(await verifySecondFactor(admin.id, "000000", fakeIp())).toBe(false);
    expect(await refusal(verifySecondFactor(admin.id, codeAt(secret, 1), fakeIp()))).toMatchObject({ kind: "rate_limited" });
  }, SLOW);

  it("regenerates the recovery codes with a current code: the old ones stop working; audited", async () => {
    const { admin, secret, recoveryCodes } = await enrolledAdmin();
    const { recovery_codes } = await regenerateRecoveryCodes(actorOf(admin), { code: codeAt(secret, 1) });
    expect(recovery_codes).toHaveLength(10);
    expect(recovery_codes).not.toContain(recoveryCodes[0]);
    expect(await verifySecondFactor(admin.id, recoveryCodes[0], fakeIp())).toBe(false);
    expect(await verifySecondFactor(admin.id, recovery_codes[0], fakeIp())).toBe(true);
    expect(await auditActions(admin.id)).toContain("auth.two_factor_recovery_codes_regenerated");
  }, SLOW);

  it("turns off with the password and a code (never with one of them wrong); audited and e-mailed", async () => {
    const { admin, password, secret, recoveryCodes } = await enrolledAdmin();
    const wrongPassword = await refusal(disableTwoFactor(actorOf(admin), { password: "otra-cosa", code: recoveryCodes[0] }));
    expect(wrongPassword).toMatchObject({ kind: "invalid", errors: { password: [TWO_FACTOR_MESSAGES.wrongPassword] } });
    // The wrong password did not use up the recovery code.
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: admin.id, usedAt: { not: null } } })).toBe(0);
    const wrongCode = await refusal(disableTwoFactor(actorOf(admin), { password, code: "123456" }));
    expect(wrongCode).toMatchObject({ kind: "invalid", errors: { code: [TWO_FACTOR_MESSAGES.wrongCode] } });

    await createChallenge(admin.id);
    const status = await disableTwoFactor(actorOf(admin), { password, code: codeAt(secret, 1) });
    expect(status).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    const row = await db.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect([row.totpSecretSealed, row.totpEnabledAt, row.totpLastStep]).toEqual([null, null, null]);
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: admin.id } })).toBe(0);
    expect(await db.twoFactorChallenge.count({ where: { userId: admin.id } })).toBe(0);
    expect(await auditActions(admin.id)).toContain("auth.two_factor_disabled");
    await smtp.waitFor((received) => received.recipients.includes(admin.email) && received.headers.subject === "Desactivaste la verificación en dos pasos");
  }, SLOW);
});

describe("sign-in challenges", () => {
  it("opens with the right code once; a used challenge is gone", async () => {
    const { admin, secret } = await enrolledAdmin();
    const { challenge } = await createChallenge(admin.id);
    expect((await redeemChallenge(challenge, codeAt(secret, 1), fakeIp())).id).toBe(admin.id);
    expect(await refusal(redeemChallenge(challenge, codeAt(secret, 1), fakeIp()))).toMatchObject({ kind: "unauthenticated", message: TWO_FACTOR_MESSAGES.expired });
  }, SLOW);

  it("expires after 5 minutes", async () => {
    const { admin, secret } = await enrolledAdmin();
    const { challenge, expiresAt } = await createChallenge(admin.id);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(4.9 * 60_000);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    await db.twoFactorChallenge.updateMany({ where: { userId: admin.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await refusal(redeemChallenge(challenge, codeAt(secret, 1), fakeIp()))).toMatchObject({
      kind: "unauthenticated",
      message: "El código expiró; vuelve a iniciar sesión.",
    });
  }, SLOW);

  it(`dies after ${CHALLENGE_MAX_ATTEMPTS} wrong codes: the right one is refused afterwards`, async () => {
    const { admin, secret } = await enrolledAdmin();
    const { challenge } = await createChallenge(admin.id);
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++) {
      expect(await refusal(redeemChallenge(challenge, "000000", fakeIp()))).toMatchObject({ kind: "unauthenticated", message: TWO_FACTOR_MESSAGES.wrongCode });
    }
    expect(await db.twoFactorChallenge.count({ where: { userId: admin.id } })).toBe(0);
    expect(await refusal(redeemChallenge(challenge, codeAt(secret, 1), fakeIp()))).toMatchObject({ message: TWO_FACTOR_MESSAGES.expired });
  }, SLOW);
});

describe("REST sign-in with a second factor", () => {
  it("login answers a challenge and no token; /auth/two-factor with the code answers the user and a working token", async () => {
    const { admin, password, secret } = await enrolledAdmin();
    const first = await call(login, "/api/v1/auth/login", { body: { email: admin.email, password } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["challenge", "two_factor_required"]);
    expect(first.body.two_factor_required).toBe(true);
    const challenge = first.body.challenge as string;
    expect(await db.apiToken.count({ where: { userId: admin.id } })).toBe(0);

    const malformed = await call(twoFactorLogin, "/api/v1/auth/two-factor", { body: { challenge, code: 123456 } });
    expect(malformed.status).toBe(422);
    const missing = await call(twoFactorLogin, "/api/v1/auth/two-factor", { body: { code: "123456" } });
    expect(missing.status).toBe(422);

    const wrong = await call(twoFactorLogin, "/api/v1/auth/two-factor", { body: { challenge, code: "000000" } });
    expect([wrong.status, wrong.body.message, wrong.body.token]).toEqual([401, "Código incorrecto.", undefined]);

    const right = await call(twoFactorLogin, "/api/v1/auth/two-factor", { body: { challenge, code: codeAt(secret, 1) } });
    expect(right.status).toBe(200);
    expect(Object.keys(right.body).sort()).toEqual(["token", "user"]);
    expect(right.body.user).toMatchObject({ id: admin.id, email: admin.email, role: "admin" });
    expect((await call(me, "/api/v1/auth/me", { bearer: right.body.token as string })).status).toBe(200);

    const replay = await call(twoFactorLogin, "/api/v1/auth/two-factor", { body: { challenge, code: codeAt(secret, 1) } });
    expect([replay.status, replay.body.message]).toEqual([401, TWO_FACTOR_MESSAGES.expired]);
  }, SLOW);

  it("answers 429 with Retry-After once the account had too many wrong codes", async () => {
    const { admin, password, secret } = await enrolledAdmin();
    const challengeOf = async () => (await call(login, "/api/v1/auth/login", { body: { email: admin.email, password } })).body.challenge as string;
    let challenge = await challengeOf();
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_LIMIT.limit; i++) {
      expect((await call(twoFactorLogin, "/api/v1/auth/two-factor", { body: { challenge, code: "000000" } })).status).toBe(401);
    }
    challenge = await challengeOf(); // the first one died after its 5th wrong code
    const throttled = await call(twoFactorLogin, "/api/v1/auth/two-factor", { body: { challenge, code: codeAt(secret, 1) } });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(throttled.body.token).toBeUndefined();
  }, SLOW);
});

// ── Auth.js's Credentials provider (the login screen's path) ─────────────────────────────────

function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair.indexOf("=");
    cookies.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return cookies;
}

async function authJs(method: "GET" | "POST", action: string, options: { cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers({ [PEER_HEADER]: fakeIp() });
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | undefined;
  if (options.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  }
  const authRequest = new NextRequest(`${BASE_URL}/api/auth/${action}`, { method, headers, body });
  return method === "GET" ? authGet(authRequest) : authPost(authRequest);
}

/** Posts credentials to Auth.js's credentials callback; the session cookie it set, if any. */
async function credentialsSignIn(form: Record<string, string>): Promise<string | undefined> {
  const csrf = await authJs("GET", "csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = [...setCookies(csrf)].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await authJs("POST", "callback/credentials", { cookie, form: { csrfToken, ...form } });
  return setCookies(response).get(SESSION_COOKIE) || undefined;
}

describe("Auth.js sign-in (Credentials provider)", () => {
  it("never opens a session for an account with a second factor from e-mail and password alone; the challenge and code do", async () => {
    const { admin, password, secret } = await enrolledAdmin();
    expect(await credentialsSignIn({ email: admin.email, password })).toBeUndefined();
    expect(await db.session.count({ where: { userId: admin.id } })).toBe(0);

    const { challenge } = await createChallenge(admin.id);
    expect(await credentialsSignIn({ challenge, code: "000000" })).toBeUndefined();
    expect(await credentialsSignIn({ challenge, code: codeAt(secret, 1) })).toBeTruthy();
    expect(await db.session.count({ where: { userId: admin.id } })).toBe(1);
  }, SLOW);

  it("still signs in an account without a second factor with e-mail and password", async () => {
    const user = await createTestUser({ role: "admin", password: "Clave-Correcta-1" });
    expect(await credentialsSignIn({ email: user.email, password: "Clave-Correcta-1" })).toBeTruthy();
  });
});

// ── The setting ───────────────────────────────────────────────────────────────────────────────

/** What requireAdmin does for this session on `path`: "ok", or where it redirects. */
async function adminGuard(cookie: string, path: string): Promise<string> {
  request.headers = new Headers({ cookie, "x-return-to": path });
  try {
    await requireAdmin();
    return "ok";
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    if (!digest.startsWith("NEXT_REDIRECT")) throw error;
    return digest.split(";")[2];
  }
}

describe("«Exigir segundo factor a administradores»", () => {
  it("refuses to turn it on for an admin who has no second factor yet", async () => {
    const admin = await createTestUser({ role: "admin", password: "Clave-Correcta-1" });
    expect(await refusal(updateTwoFactorPolicy({ ...actorOf(admin), role: "admin" }, { require_admin_two_factor: true }))).toMatchObject({
      kind: "conflict",
      message: TWO_FACTOR_MESSAGES.enrolFirst,
    });
  });

  it("when on: an admin without a second factor sees only the enrolment screen and gets 403 at the API; one with it goes on; it cannot be turned off meanwhile", async () => {
    const { admin: enrolled, password: enrolledPassword, secret } = await enrolledAdmin();
    const plain = await createTestUser({ role: "admin", password: "Clave-Correcta-1" });
    const plainCookie = await sessionCookieFor(plain);
    const enrolledCookie = await sessionCookieFor(enrolled);
    expect(await adminGuard(plainCookie, "/admin/invoices")).toBe("ok");

    const enrolledActor = { ...actorOf(enrolled), role: "admin" as const };
    // Other test files share this database: the setting is on only for the checks below.
    await updateTwoFactorPolicy(enrolledActor, { require_admin_two_factor: true });
    try {
      expect(await adminGuard(plainCookie, "/admin/invoices")).toBe("/admin/profile?segundo-factor=requerido#seguridad");
      expect(await adminGuard(plainCookie, "/admin/dashboard?x=1")).toBe("/admin/profile?segundo-factor=requerido#seguridad");
      expect(await adminGuard(plainCookie, "/admin/profile")).toBe("ok");
      expect(await adminGuard(plainCookie, "/admin/profile?segundo-factor=requerido")).toBe("ok");
      expect(await adminGuard(enrolledCookie, "/admin/invoices")).toBe("ok");

      const api = await call(login, "/api/v1/auth/login", { body: { email: plain.email, password: "Clave-Correcta-1" } });
      expect([api.status, api.body.message, api.body.token]).toEqual([403, "Configura la verificación en dos pasos en el panel antes de usar la API.", undefined]);

      const off = await refusal(disableTwoFactor(enrolledActor, { password: enrolledPassword, code: codeAt(secret, 1) }));
      expect(off).toMatchObject({ kind: "conflict", message: "La configuración exige segundo factor a los administradores." });
    } finally {
      await updateTwoFactorPolicy(enrolledActor, { require_admin_two_factor: false });
    }
    expect(await adminGuard(plainCookie, "/admin/invoices")).toBe("ok");
    const entries = await db.auditLog.findMany({ where: { actorId: enrolled.id, action: "settings.two_factor_update" }, orderBy: { id: "asc" } });
    expect(entries.map((entry) => entry.details)).toEqual([
      { before: { require_admin_two_factor: false }, after: { require_admin_two_factor: true } },
      { before: { require_admin_two_factor: true }, after: { require_admin_two_factor: false } },
    ]);
  }, SLOW);
});

describe("the sign-in screen's actions", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    return data;
  };

  it("a right password leads to the code step (no session); the code opens it and says where to go", async () => {
    const { loginAction, twoFactorLoginAction } = await import("@/lib/auth/actions");
    const { admin, password, secret } = await enrolledAdmin();
    request.headers = new Headers({ [PEER_HEADER]: fakeIp() });
    const wrong = await loginAction({ status: "idle" }, form({ email: admin.email, password: "otra-cosa", js: "1" }));
    expect(wrong).toMatchObject({ status: "error", message: "Correo electrónico o contraseña incorrectos." });

    const first = await loginAction({ status: "idle" }, form({ email: admin.email, password, js: "1" }));
    expect(first.status).toBe("two_factor");
    expect(await db.session.count({ where: { userId: admin.id } })).toBe(0);
    const challenge = (first as { challenge: string }).challenge;

    const bad = await twoFactorLoginAction({ status: "idle" }, form({ challenge, code: "000000", js: "1" }));
    expect(bad).toMatchObject({ status: "error", message: "Código incorrecto.", expired: false });
    const done = await twoFactorLoginAction({ status: "idle" }, form({ challenge, code: codeAt(secret, 1), js: "1", callbackUrl: "/admin/invoices" }));
    expect(done).toMatchObject({ status: "success", redirectTo: "/admin/invoices", name: admin.name });
    expect(await db.session.count({ where: { userId: admin.id } })).toBe(1);
    const again = await twoFactorLoginAction({ status: "idle" }, form({ challenge, code: codeAt(secret, 2), js: "1" }));
    expect(again).toMatchObject({ status: "error", message: TWO_FACTOR_MESSAGES.expired, expired: true });
  }, SLOW);

  it("Google sign-in is refused to an account with a second factor (linked or by e-mail)", async () => {
    const { googleIdentityHasTwoFactor } = await import("@/lib/auth/two-factor");
    const { admin } = await enrolledAdmin();
    expect(await googleIdentityHasTwoFactor({ sub: `sub-${admin.id}`, email: admin.email.toUpperCase() })).toBe(true);
    const plain = await createTestUser({ role: "admin", password: "Clave-Correcta-1" });
    expect(await googleIdentityHasTwoFactor({ sub: `sub-${plain.id}`, email: plain.email })).toBe(false);
    await db.account.create({ data: { userId: admin.id, type: "oidc", provider: "google", providerAccountId: `linked-${admin.id}` } });
    expect(await googleIdentityHasTwoFactor({ sub: `linked-${admin.id}`, email: "otra@example.pe" })).toBe(true);
  }, SLOW);
});
