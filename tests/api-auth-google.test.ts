// Integration tests of the REST authentication contract's Google sign-in (POST
// /api/v1/auth/google) against a fake Google that signs ID tokens with its own keys, called as a
// route handler against the seeded test database. Expected users come from the database; texts
// are the contract's fixed Spanish messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as google } from "@/app/api/v1/auth/google/route";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { authAdapter } from "@/lib/auth";
import { db } from "@/lib/db";
import { call, createTestUser, expectedUser, uniqueTag, type Json } from "./helpers/auth";
import { startFakeGoogle, type FakeGoogle, type GoogleClaims, type SignOptions } from "./helpers/google";

const GOOGLE_FAILED = "Login con Google fallido. Intenta con email y contraseña.";

describe("POST /api/v1/auth/google", () => {
  const audience = `test-client-${uniqueTag()}.apps.googleusercontent.com`;
  let fake: FakeGoogle;
  beforeAll(async () => {
    fake = await startFakeGoogle(audience);
  });
  afterAll(() => fake?.stop());

  type Claims = GoogleClaims;
  const idToken = (claims: Claims, options?: SignOptions) => fake.idToken(claims, options);

  const identity = (): Claims => {
    const tag = uniqueTag();
    return { sub: `google-${tag}`, email: `gmail.${tag}@gmail.com`, name: `Rosa Huamán ${tag}` };
  };

  it("creates a client on first sign-in, finds the same user afterwards and answers { token, user }", async () => {
    const claims = identity();
    const first = await call(google, "/api/v1/auth/google", { body: { token: await idToken(claims) } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["token", "user"]);
    const user = await expectedUser(claims.email);
    expect(first.body.user).toEqual(user);
    expect(user.role).toBe("client");
    expect(user.name).toBe(claims.name);
    const account = await db.account.findUniqueOrThrow({
      where: { provider_providerAccountId: { provider: "google", providerAccountId: claims.sub } },
    });
    expect(account.userId).toBe(user.id);

    const who = await call(me, "/api/v1/auth/me", { bearer: first.body.token as string });
    expect(who.body).toEqual({ user });

    const second = await call(google, "/api/v1/auth/google", { body: { token: await idToken(claims) } });
    expect(second.status).toBe(200);
    expect(second.body.user).toEqual(user);
    expect(second.body.token).not.toBe(first.body.token);
    expect(await db.user.count({ where: { email: claims.email } })).toBe(1);
    expect(await db.account.count({ where: { userId: user.id } })).toBe(1);
  });

  it("stores a Google name without control or bidi characters, cut to 120 characters", async () => {
    const claims = { ...identity(), name: `Rosa\u202e Huamán\u001b[31m ${"x".repeat(200)}` };
    const { status } = await call(google, "/api/v1/auth/google", { body: { token: await idToken(claims) } });
    expect(status).toBe(200);
    const stored = await db.user.findUniqueOrThrow({ where: { email: claims.email }, select: { name: true } });
    expect(stored.name).toBe(`Rosa Huamán[31m ${"x".repeat(200)}`.slice(0, 120));
    expect(stored.name).not.toMatch(/[\u0000-\u001f\u202a-\u202e]/);
  });

  it("the sign-in button's flow (Auth.js adapter) cleans the provider's name the same way", async () => {
    const email = `oauth.${uniqueTag()}@gmail.com`;
    const created = await authAdapter().createUser!({ id: "", email: email.toUpperCase(), emailVerified: new Date(), name: "Luis\u2066 Paredes\u0007" });
    expect(created.email).toBe(email);
    expect((await db.user.findUniqueOrThrow({ where: { email }, select: { name: true } })).name).toBe("Luis Paredes");
  });

  it("links an existing e-mail account whose address is verified instead of creating a second user, keeping its role and password", async () => {
    const password = `Clave#${uniqueTag()}`;
    const existing = await createTestUser({ password });
    await db.user.update({ where: { id: existing.id }, data: { emailVerified: new Date() } });
    const claims = { ...identity(), email: existing.email.toUpperCase() };
    const { status, body } = await call(google, "/api/v1/auth/google", { body: { token: await idToken(claims) } });
    expect(status).toBe(200);
    expect((body.user as Json).id).toBe(existing.id);
    expect((body.user as Json).role).toBe(existing.role);
    expect(await db.account.count({ where: { userId: existing.id, provider: "google" } })).toBe(1);
    expect((await call(login, "/api/v1/auth/login", { body: { email: existing.email, password } })).status).toBe(200);
  });

  it("refuses tokens for another audience, from another key, expired, from another issuer or with an unverified e-mail; creates nothing", async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, (claims: Claims) => Promise<string>]> = [
      ["another audience", (c) => idToken(c, { audience: "otra-app.apps.googleusercontent.com" })],
      ["another key, same kid", (c) => idToken(c, { key: fake.strangerKey })],
      ["another key, unknown kid", (c) => idToken(c, { key: fake.strangerKey, kid: "desconocida" })],
      ["expired", (c) => idToken(c, { expiresAt: now - 600 })],
      ["another issuer", (c) => idToken(c, { issuer: "https://accounts.example.com" })],
      ["e-mail not verified", (c) => idToken({ ...c, email_verified: false })],
      ["e-mail_verified as a string", (c) => idToken({ ...c, email_verified: "true" })],
      ["unsigned", async (c) => (await idToken(c)).split(".").slice(0, 2).join(".") + "."],
      ["tampered payload", async (c) => {
        const [header, , signature] = (await idToken(c)).split(".");
        const payload = Buffer.from(JSON.stringify({ sub: c.sub, email: c.email, email_verified: true, aud: audience, iss: "https://accounts.google.com", exp: now + 3600 })).toString("base64url");
        return `${header}.${payload}.${signature}`;
      }],
      ["not a JWT", async () => "esto-no-es-un-token"],
    ];
    for (const [label, make] of cases) {
      const claims = identity();
      const { status, body } = await call(google, "/api/v1/auth/google", { body: { token: await make(claims) } });
      expect(status, label).toBe(401);
      expect(body, label).toEqual({ message: GOOGLE_FAILED });
      expect(await db.user.count({ where: { email: claims.email } }), label).toBe(0);
      expect(await db.account.count({ where: { providerAccountId: claims.sub } }), label).toBe(0);
    }
  });

  it("refuses every token while Google sign-in is not configured (no AUTH_GOOGLE_ID)", async () => {
    const claims = identity();
    const token = await idToken(claims);
    delete process.env.AUTH_GOOGLE_ID;
    try {
      const { status, body } = await call(google, "/api/v1/auth/google", { body: { token } });
      expect(status).toBe(401);
      expect(body).toEqual({ message: GOOGLE_FAILED });
    } finally {
      process.env.AUTH_GOOGLE_ID = audience;
    }
    expect(await db.user.count({ where: { email: claims.email } })).toBe(0);
  });
});
