// E-mail addresses are verified before they are trusted: registration and an e-mail change send
// a single-use link (only its SHA-256 stored, 24 h, a new one replaces older ones); following it
// marks the CURRENT address verified. A Google identity is linked to an existing account only
// when that account's address is verified, on the API (POST /api/v1/auth/google) as in the
// browser (Auth.js's signIn callback), and a Google e-mail Google has not verified is refused.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as googleLogin } from "@/app/api/v1/auth/google/route";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { googleSignInAction } from "@/lib/auth/actions";
import { googleSignInDecision } from "@/lib/auth/accounts";
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  issueEmailVerification,
  resendEmailVerification,
  verifyEmailToken,
} from "@/lib/auth/email-verification";
import { db } from "@/lib/db";
import { call, createTestUser, fakeIp, tokenFor, uniqueTag, type Json } from "./helpers/auth";
import { startFakeGoogle, type FakeGoogle } from "./helpers/google";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

vi.setConfig({ testTimeout: 60_000 });

let smtp: TestSmtpServer;
let google: FakeGoogle;
const savedSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  google = await startFakeGoogle(`cliente-${uniqueTag()}.apps.googleusercontent.com`);
});
afterAll(async () => {
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
  await google.stop();
  await smtp.close();
});

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The link of the newest verification mail sent to `email`, and its token. */
async function linkSentTo(email: string) {
  const mail = await smtp.waitFor((m) => m.recipients.includes(email) && /verific/i.test(m.headers.subject ?? ""));
  const match = /\/verificar-correo\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return { mail, token: match![1] };
}

const row = (id: string) => db.user.findUniqueOrThrow({ where: { id } });

describe("registration", () => {
  it("the new account works at once, unverified, and a link is mailed to it (only its hash stored)", async () => {
    const email = `registro.${uniqueTag()}@example.pe`;
    const response = await call(register, "/api/v1/auth/register", {
      body: { name: "Ana Registro", email, password: "clave-segura-1", password_confirmation: "clave-segura-1" },
      ip: fakeIp(),
    });
    expect(response.status).toBe(201);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerified).toBeNull();
    const { mail, token } = await linkSentTo(email);
    expect(mail.text).toMatch(/24 horas/);
    const [stored] = await db.emailVerificationToken.findMany({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const hours = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(EMAIL_VERIFICATION_TTL_HOURS, 1);

    expect(await verifyEmailToken(token)).toEqual({ status: "verified", email });
    expect((await row(user.id)).emailVerified).not.toBeNull();
  });
});

describe("verifyEmailToken", () => {
  it("single use: a second visit says the link was used", async () => {
    const user = await createTestUser();
    const token = await issueEmailVerification(user.id);
    expect((await verifyEmailToken(token)).status).toBe("verified");
    expect((await verifyEmailToken(token)).status).toBe("used");
  });

  it("expired, unknown and malformed links verify nothing", async () => {
    const user = await createTestUser();
    const token = await issueEmailVerification(user.id);
    await db.emailVerificationToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await verifyEmailToken(token)).status).toBe("expired");
    for (const bad of ["x".repeat(43), "", "a b", "x".repeat(5000), null, 7, { token }]) {
      expect((await verifyEmailToken(bad)).status, String(bad).slice(0, 20)).toBe("invalid");
    }
    expect((await row(user.id)).emailVerified).toBeNull();
  });

  it("a new link replaces older ones", async () => {
    const user = await createTestUser();
    const first = await issueEmailVerification(user.id);
    const second = await issueEmailVerification(user.id);
    expect((await verifyEmailToken(first)).status).toBe("invalid");
    expect((await verifyEmailToken(second)).status).toBe("verified");
  });

  it("a link sent to an earlier address never verifies the current one", async () => {
    const user = await createTestUser();
    const token = await issueEmailVerification(user.id);
    // Changed behind the link's back (e.g. by an admin, whose change sends its own link).
    await db.user.update({ where: { id: user.id }, data: { email: `otra.${uniqueTag()}@example.pe` } });
    expect((await verifyEmailToken(token)).status).toBe("stale");
    expect((await row(user.id)).emailVerified).toBeNull();
  });
});

describe("resendEmailVerification (the banner's «Reenviar enlace»)", () => {
  it("mails a fresh link to the current address, is rate limited, and says so once verified", async () => {
    const user = await createTestUser();
    expect(await resendEmailVerification(user.id)).toEqual({ status: "sent" });
    const { token } = await linkSentTo(user.email);
    expect(await resendEmailVerification(user.id)).toEqual({ status: "sent" });
    expect(await resendEmailVerification(user.id)).toEqual({ status: "sent" });
    const limited = await resendEmailVerification(user.id);
    expect(limited.status).toBe("rate_limited");
    expect(await db.emailVerificationToken.count({ where: { userId: user.id } })).toBe(1);
    expect((await verifyEmailToken(token)).status).toBe("invalid"); // replaced by the later ones

    const fresh = await issueEmailVerification(user.id);
    expect((await verifyEmailToken(fresh)).status).toBe("verified");
    expect((await resendEmailVerification(user.id)).status).toBe("already_verified");
  });
});

describe("POST /api/v1/auth/google: linking only to a verified address", () => {
  const googleCall = (token: string) => call(googleLogin, "/api/v1/auth/google", { body: { token } });

  it("an account someone registered first with the victim's address (unverified) is not handed over: 409, nothing linked", async () => {
    const squatter = await createTestUser({ password: "clave-del-intruso-1", email: `victima.${uniqueTag()}@gmail.com` });
    const squatterToken = await tokenFor(squatter);
    const response = await googleCall(await google.idToken({ sub: `g-${uniqueTag()}`, email: squatter.email, name: "Víctima" }));
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/verific/i);
    expect(response.body.token).toBeUndefined();
    expect(await db.account.count({ where: { userId: squatter.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: squatter.id } })).toBe(1);
    expect(squatterToken).toBeTruthy();
  });

  it("links to an account whose address is verified", async () => {
    const owner = await createTestUser({ email: `dueno.${uniqueTag()}@gmail.com` });
    await db.user.update({ where: { id: owner.id }, data: { emailVerified: new Date() } });
    const sub = `g-${uniqueTag()}`;
    const response = await googleCall(await google.idToken({ sub, email: owner.email }));
    expect(response.status).toBe(200);
    expect((response.body.user as Json).id).toBe(owner.id);
    expect(await db.account.count({ where: { userId: owner.id, provider: "google", providerAccountId: sub } })).toBe(1);
  });

  it("a new Google account is created verified", async () => {
    const email = `nuevo.${uniqueTag()}@gmail.com`;
    const response = await googleCall(await google.idToken({ sub: `g-${uniqueTag()}`, email }));
    expect(response.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerified).not.toBeNull();
  });
});

describe("the browser's Google sign-in (Auth.js signIn callback)", () => {
  it("refuses an unverified Google e-mail, an unverified existing account; allows verified ones and known links", async () => {
    const squatter = await createTestUser({ email: `v.${uniqueTag()}@gmail.com` });
    const verified = await createTestUser({ email: `w.${uniqueTag()}@gmail.com` });
    await db.user.update({ where: { id: verified.id }, data: { emailVerified: new Date() } });
    const sub = `g-${uniqueTag()}`;

    expect(await googleSignInDecision({ sub, email: `x.${uniqueTag()}@gmail.com`, email_verified: false })).toBe("google_email_unverified");
    expect(await googleSignInDecision({ sub, email: squatter.email.toUpperCase(), email_verified: true })).toBe("account_unverified");
    expect(await googleSignInDecision({ sub, email: verified.email, email_verified: true })).toBe("allow");
    expect(await googleSignInDecision({ sub, email: `nuevo.${uniqueTag()}@gmail.com`, email_verified: true })).toBe("allow");

    // Already linked: allowed whatever the address says now.
    await db.account.create({ data: { userId: squatter.id, type: "oidc", provider: "google", providerAccountId: sub } });
    expect(await googleSignInDecision({ sub, email: squatter.email, email_verified: true })).toBe("allow");
    expect(await googleSignInDecision({ sub: "", email: "", email_verified: true })).toBe("google_email_unverified");
  });
});

describe("googleSignInAction without Google configured", () => {
  it("answers a refusal for any argument and never throws", async () => {
    const form = new FormData();
    form.set("callbackUrl", "/client/dashboard");
    const shapes: unknown[] = [undefined, null, 0, "", "x".repeat(100_000), [], {}, { callbackUrl: "/" }, form, new FormData()];
    for (const shape of shapes) {
      const answer = (await googleSignInAction(shape as FormData)) as { ok: boolean; status: number; message: string } | undefined;
      expect(answer, String(shape).slice(0, 20)).toMatchObject({ ok: false });
      expect(answer!.status).toBeGreaterThanOrEqual(400);
      expect(answer!.status).toBeLessThan(500);
      expect(answer!.message).toMatch(/Google/);
    }
  });
});
