// Password reset: the link that is e-mailed, its 60-minute life, single use, API tokens revoked,
// unknown e-mails, and the per-IP rate limit; against the real test database.
import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { RateLimitedError } from "@/lib/auth/accounts";
import { createApiToken, findValidApiToken } from "@/lib/auth/api-tokens";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import {
  INVALID_RESET_LINK_MESSAGE,
  isPasswordResetTokenUsable,
  PASSWORD_RESET_LIMIT,
  requestPasswordReset,
  resetPassword,
} from "@/lib/auth/password-reset";
import type { MailMessage } from "@/lib/mail";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { call, sessionCookieFor } from "./helpers/auth";

/** Every request comes from its own address, so tests never share a rate-limit bucket. */
const uniqueIp = () => `test-${randomUUID()}`;

/** A mailbox: what requestPasswordReset would send, kept for the test to read. */
function mailbox() {
  const sent: MailMessage[] = [];
  return { sent, mailer: async (message: MailMessage) => void sent.push(message) };
}

async function createUser(password = "Clave-Original-1") {
  const email = `reset-${randomUUID()}@ejemplo.pe`;
  return db.user.create({
    data: { name: "Lucía Quispe", email, passwordHash: await hashPassword(password), role: "client" },
    select: { id: true, email: true },
  });
}

/** The token in the link of a sent e-mail: …/reset-password/<token>. */
function tokenFromMail(message: MailMessage): string {
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(message.text);
  if (!match) throw new Error(`No reset link in the e-mail:\n${message.text}`);
  return match[1];
}

async function requestLink(email: string) {
  const box = mailbox();
  await requestPasswordReset(email, uniqueIp(), { mailer: box.mailer });
  expect(box.sent).toHaveLength(1);
  return { token: tokenFromMail(box.sent[0]), message: box.sent[0] };
}

async function storedHash(userId: string) {
  return (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } })).passwordHash;
}

describe("requestPasswordReset", () => {
  it("e-mails the user a link to /reset-password/<token> and stores only the token's SHA-256", async () => {
    const user = await createUser();
    const { token, message } = await requestLink(user.email);

    expect(message.to).toBe(user.email);
    expect(message.text).toContain(`/reset-password/${token}`);
    expect(message.text).toContain("60 minutos");
    expect(token.length).toBeGreaterThanOrEqual(43);

    const rows = await db.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(rows[0].tokenHash).not.toContain(token);
    const minutes = (rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });

  it("finds the account whatever the e-mail's case", async () => {
    const user = await createUser();
    const box = mailbox();
    await requestPasswordReset(user.email.toUpperCase(), uniqueIp(), { mailer: box.mailer });
    expect(box.sent.map((message) => message.to)).toEqual([user.email]);
  });

  it("sends nothing and stores nothing for an unknown e-mail", async () => {
    const box = mailbox();
    const email = `nadie-${randomUUID()}@ejemplo.pe`;
    await requestPasswordReset(email, uniqueIp(), { mailer: box.mailer });
    expect(box.sent).toEqual([]);
    // Tokens belong to accounts: none was created for the unknown address. (Not a global
    // count: other test files create reset links at the same time.)
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect(await db.passwordResetToken.count({ where: { user: { email } } })).toBe(0);
  });

  it("a new link replaces the previous unused one", async () => {
    const user = await createUser();
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);

    expect(await isPasswordResetTokenUsable(first.token)).toBe(false);
    await expect(resetPassword(first.token, "Nueva-Clave-123")).rejects.toThrow(INVALID_RESET_LINK_MESSAGE);
    await resetPassword(second.token, "Nueva-Clave-123");
    expect(await verifyPassword("Nueva-Clave-123", await storedHash(user.id))).toBe(true);
  });

  it("refuses a 6th request from one IP within 15 minutes with RateLimitedError, known e-mail or not", async () => {
    const user = await createUser();
    const ip = uniqueIp();
    const box = mailbox();
    for (let i = 0; i < PASSWORD_RESET_LIMIT.limit; i++) {
      await requestPasswordReset(i % 2 ? user.email : `nadie-${randomUUID()}@ejemplo.pe`, ip, { mailer: box.mailer });
    }
    const refused = await requestPasswordReset(user.email, ip, { mailer: box.mailer }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(PASSWORD_RESET_LIMIT.windowSeconds);
    // Requests from another address still work.
    await requestPasswordReset(user.email, uniqueIp(), { mailer: box.mailer });
    expect(box.sent.at(-1)?.to).toBe(user.email);
  });
});

describe("resetPassword", () => {
  it("sets the new password (old one stops working) and revokes every API token of the user", async () => {
    const user = await createUser("Clave-Original-1");
    const other = await createUser();
    const [tokenA, tokenB, otherToken] = await Promise.all([createApiToken(user.id), createApiToken(user.id), createApiToken(other.id)]);
    expect(await findValidApiToken(tokenA)).not.toBeNull();

    const { token } = await requestLink(user.email);
    await resetPassword(token, "Otra-Clave-456");

    const hash = await storedHash(user.id);
    expect(await verifyPassword("Otra-Clave-456", hash)).toBe(true);
    expect(await verifyPassword("Clave-Original-1", hash)).toBe(false);
    expect(hash).toMatch(/^\$2[aby]\$12\$/);

    expect(await findValidApiToken(tokenA)).toBeNull();
    expect(await findValidApiToken(tokenB)).toBeNull();
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(0);
    // Someone else's tokens are untouched.
    expect(await findValidApiToken(otherToken)).not.toBeNull();
  });

  it("ends every open browser session of the user (a stolen cookie stops working), and nobody else's", async () => {
    const user = await db.user.findUniqueOrThrow({ where: { id: (await createUser()).id }, select: { id: true, name: true, email: true, role: true } });
    const other = await db.user.findUniqueOrThrow({ where: { id: (await createUser()).id }, select: { id: true, name: true, email: true, role: true } });
    const laptop = await sessionCookieFor(user);
    const phone = await sessionCookieFor(user);
    const othersCookie = await sessionCookieFor(other);
    const meStatus = async (cookie: string) => (await call(me, "/api/v1/auth/me", { cookie })).status;
    expect([await meStatus(laptop), await meStatus(phone)]).toEqual([200, 200]);

    const { token } = await requestLink(user.email);
    await resetPassword(token, "Otra-Clave-456");

    expect([await meStatus(laptop), await meStatus(phone)]).toEqual([401, 401]);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await meStatus(othersCookie)).toBe(200);
  });

  it("works once: the same link cannot be used again", async () => {
    const user = await createUser();
    const { token } = await requestLink(user.email);
    expect(await isPasswordResetTokenUsable(token)).toBe(true);

    await resetPassword(token, "Primera-Clave-1");
    expect(await isPasswordResetTokenUsable(token)).toBe(false);
    await expect(resetPassword(token, "Segunda-Clave-2")).rejects.toThrow(INVALID_RESET_LINK_MESSAGE);
    expect(await verifyPassword("Primera-Clave-1", await storedHash(user.id))).toBe(true);
  });

  it("two submissions of one link at the same time: exactly one succeeds", async () => {
    const user = await createUser();
    const { token } = await requestLink(user.email);
    const results = await Promise.allSettled([resetPassword(token, "Carrera-Clave-A"), resetPassword(token, "Carrera-Clave-B")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as Error).message).toBe(INVALID_RESET_LINK_MESSAGE);
  });

  it("refuses an expired link and leaves the password alone", async () => {
    const user = await createUser("Clave-Original-1");
    const { token } = await requestLink(user.email);
    // 61 minutes later: move the link's expiry into the past.
    await db.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });

    expect(await isPasswordResetTokenUsable(token)).toBe(false);
    await expect(resetPassword(token, "Nueva-Clave-123")).rejects.toThrow(INVALID_RESET_LINK_MESSAGE);
    expect(await verifyPassword("Clave-Original-1", await storedHash(user.id))).toBe(true);
  });

  it("refuses wrong, malformed and forged tokens", async () => {
    const user = await createUser();
    const { token } = await requestLink(user.email);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const hashOfReal = createHash("sha256").update(token).digest("hex"); // what is stored: not a key
    for (const wrong of [flipped, "", "abc", `${token}x`, hashOfReal, "../../etc/passwd", "x".repeat(10_000)]) {
      expect(await isPasswordResetTokenUsable(wrong)).toBe(false);
      await expect(resetPassword(wrong, "Nueva-Clave-123")).rejects.toThrow(INVALID_RESET_LINK_MESSAGE);
    }
    // The real link still works afterwards.
    await resetPassword(token, "Nueva-Clave-123");
  });

  it("refuses a password shorter than 8 characters without spending the link", async () => {
    const user = await createUser();
    const { token } = await requestLink(user.email);
    await expect(resetPassword(token, "corta")).rejects.toThrow("La contraseña debe tener al menos 8 caracteres");
    expect(await isPasswordResetTokenUsable(token)).toBe(true);
  });
});
