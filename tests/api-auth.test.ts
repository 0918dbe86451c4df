// Integration tests of the REST authentication contract: login, register, me, logout and Google,
// called as route handlers against the seeded test database. Expected users come from the database;
// texts are the contract's fixed Spanish messages.
import { createHash } from "node:crypto";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as google } from "@/app/api/v1/auth/google/route";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { POST as logout } from "@/app/api/v1/auth/logout/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { GET as csrfCookie } from "@/app/sanctum/csrf-cookie/route";
import { authAdapter } from "@/lib/auth";
import { LOGIN_FAILURE_LIMIT, REGISTER_LIMIT } from "@/lib/auth/accounts";
import { BCRYPT_COST, PASSWORD_MIN_LENGTH } from "@/lib/auth/password";
import { db } from "@/lib/db";
import { call, createTestUser, fakeIp, sessionCookieFor, tokenFor, uniqueTag, type Json } from "./helpers/auth";
import { startFakeGoogle, type FakeGoogle, type GoogleClaims, type SignOptions } from "./helpers/google";

const SEEDED_CLIENT = { email: "cliente@lumenti.pe", password: "Cliente#2026" };
const WRONG_CREDENTIALS = "Credenciales incorrectas.";
const GOOGLE_FAILED = "Login con Google fallido. Intenta con email y contraseña.";
const REQUIRED = "Todos los campos son obligatorios.";
const MISMATCH = "Las contraseñas no coinciden.";

const USER_KEYS = ["created_at", "email", "id", "name", "role"];
/** Tests that run a dozen bcrypt comparisons at cost 12 (each up to ~2 s on a busy 2-core machine). */
const SLOW = 120_000;

/** The contract's user as the database has it. */
async function expectedUser(email: string) {
  const row = await db.user.findUniqueOrThrow({ where: { email } });
  return { id: row.id, name: row.name, email: row.email, role: row.role, created_at: row.createdAt.toISOString() };
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function expectErrorShape(status: number, body: Json) {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(typeof body.message).toBe("string");
  expect((body.message as string).length).toBeGreaterThan(0);
  if (body.errors !== undefined) {
    for (const messages of Object.values(body.errors as Record<string, unknown>)) {
      expect(Array.isArray(messages)).toBe(true);
    }
  }
}

function newRegistration(overrides: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  return {
    name: `Cliente Nuevo ${tag}`,
    email: `nuevo.${tag}@empresa.pe`,
    password: `Segura#${tag}`,
    password_confirmation: `Segura#${tag}`,
    ...overrides,
  };
}

describe("POST /api/v1/auth/login", () => {
  it("answers the seeded client's user and a working bearer token, stored only as a hash", async () => {
    const { status, body } = await call(login, "/api/v1/auth/login", {
      body: { email: "  Cliente@Lumenti.PE ", password: SEEDED_CLIENT.password },
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["token", "user"]);
    expect(body.user).toEqual(await expectedUser(SEEDED_CLIENT.email));
    expect(Object.keys(body.user as Json).sort()).toEqual(USER_KEYS);

    const token = body.token as string;
    const match = /^(\d+)\|(.+)$/.exec(token);
    expect(match).not.toBeNull();
    expect(match![2].length).toBeGreaterThanOrEqual(40);
    const row = await db.apiToken.findUniqueOrThrow({ where: { id: Number(match![1]) } });
    expect(row.tokenHash).toBe(sha256(match![2]));
    expect(row.tokenHash).not.toContain(match![2]);

    const who = await call(me, "/api/v1/auth/me", { bearer: token });
    expect(who.status).toBe(200);
    expect(who.body).toEqual({ user: body.user });
  });

  it("refuses a wrong password and an unknown e-mail with the same 401 and no token", async () => {
    const user = await createTestUser({ password: `Clave#${uniqueTag()}` });
    const tokensBefore = await db.apiToken.count({ where: { userId: user.id } });
    const wrong = await call(login, "/api/v1/auth/login", { body: { email: user.email, password: "incorrecta-123" } });
    const unknown = await call(login, "/api/v1/auth/login", { body: { email: `nadie.${uniqueTag()}@example.pe`, password: "incorrecta-123" } });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: WRONG_CREDENTIALS });
    }
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(tokensBefore);
  });

  it("spends a full password check on an unknown e-mail too (no user enumeration by timing)", async () => {
    const hash = await bcrypt.hash("otra-clave-123", BCRYPT_COST);
    const timed = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };
    // Compared with one bcrypt comparison at cost 12 measured in the same run (the fastest of
    // three), not with another login: other test files load the machine unevenly.
    const comparisons = [];
    for (let i = 0; i < 3; i++) comparisons.push(await timed(() => bcrypt.compare("incorrecta-123", hash)));
    const unknownLogins = [];
    for (let i = 0; i < 3; i++) {
      unknownLogins.push(await timed(() => call(login, "/api/v1/auth/login", { body: { email: `nadie.${uniqueTag()}@example.pe`, password: "incorrecta-123" } })));
    }
    // Without the dummy comparison an unknown e-mail answers in a few milliseconds, two orders of
    // magnitude under one comparison; the margin only absorbs the uneven load of parallel test files
    // (CI once measured a login at 0.92 of a comparison taken at a quieter moment).
    expect(Math.min(...unknownLogins)).toBeGreaterThan(Math.min(...comparisons) * 0.25);
  }, SLOW);

  it(`answers 429 with Retry-After from one IP after ${LOGIN_FAILURE_LIMIT.limit} failures, even with the right password`, async () => {
    const password = `Clave#${uniqueTag()}`;
    const user = await createTestUser({ password });
    const ip = fakeIp();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit; i++) {
      const failure = await call(login, "/api/v1/auth/login", { ip, body: { email: `otro.${uniqueTag()}@example.pe`, password: "incorrecta-123" } });
      expect(failure.status).toBe(401);
    }
    const blocked = await call(login, "/api/v1/auth/login", { ip, body: { email: user.email, password } });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT.windowSeconds);
    expect(blocked.body.message).toMatch(/Demasiad/);
    expect(blocked.body.token).toBeUndefined();

    // Another address is not affected.
    const elsewhere = await call(login, "/api/v1/auth/login", { body: { email: user.email, password } });
    expect(elsewhere.status).toBe(200);
  }, SLOW);

  it(`answers 429 for one e-mail after ${LOGIN_FAILURE_LIMIT.limit} failures spread over many IPs, to those IPs only`, async () => {
    const password = `Clave#${uniqueTag()}`;
    const user = await createTestUser({ password });
    const ips = Array.from({ length: LOGIN_FAILURE_LIMIT.limit }, () => fakeIp());
    for (const ip of ips) {
      const failure = await call(login, "/api/v1/auth/login", { ip, body: { email: user.email, password: "incorrecta-123" } });
      expect(failure.status).toBe(401);
    }
    const tokensBefore = await db.apiToken.count({ where: { userId: user.id } });
    const blocked = await call(login, "/api/v1/auth/login", { ip: ips[0], body: { email: user.email, password } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(tokensBefore);

    // The owner, from an address that never failed, is not locked out by strangers.
    expect((await call(login, "/api/v1/auth/login", { body: { email: user.email, password } })).status).toBe(200);
  }, SLOW);
});

describe("bearer token lifecycle: me and logout", () => {
  it("login → me → logout → the token no longer works; the user's other tokens still do", async () => {
    const password = `Clave#${uniqueTag()}`;
    const user = await createTestUser({ password });
    const other = await tokenFor(user);
    const { body } = await call(login, "/api/v1/auth/login", { body: { email: user.email, password } });
    const token = body.token as string;

    expect((await call(me, "/api/v1/auth/me", { bearer: token })).status).toBe(200);
    const out = await call(logout, "/api/v1/auth/logout", { method: "POST", bearer: token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: "Sesión cerrada" });

    const after = await call(me, "/api/v1/auth/me", { bearer: token });
    expect(after.status).toBe(401);
    expectErrorShape(after.status, after.body);
    expect(await db.apiToken.findUnique({ where: { id: Number(token.split("|")[0]) } })).toBeNull();
    expect((await call(logout, "/api/v1/auth/logout", { method: "POST", bearer: token })).status).toBe(401);

    const stillValid = await call(me, "/api/v1/auth/me", { bearer: other });
    expect(stillValid.status).toBe(200);
    expect((stillValid.body.user as Json).id).toBe(user.id);
  });

  it("refuses an expired token", async () => {
    const user = await createTestUser();
    const token = await tokenFor(user);
    await db.apiToken.update({ where: { id: Number(token.split("|")[0]) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const { status, body } = await call(me, "/api/v1/auth/me", { bearer: token });
    expect(status).toBe(401);
    expectErrorShape(status, body);
  });

  it("refuses forged and malformed tokens and Authorization headers with 401", async () => {
    const user = await createTestUser();
    const real = await tokenFor(user);
    const [id] = real.split("|");
    const forged = [
      "1|xxxx",
      `${id}|${"A".repeat(40)}`, // a real id with a made-up secret
      `${Number(id) + 1000000}|${real.split("|")[1]}`, // a real secret under another id
      real.replace("|", ""),
      `${real}x`,
      "x".repeat(5000),
      "null",
    ];
    for (const bearer of forged) {
      const { status, body } = await call(me, "/api/v1/auth/me", { bearer });
      expect(status, bearer.slice(0, 60)).toBe(401);
      expectErrorShape(status, body);
    }
    for (const authorization of ["Basic dXNlcjpwYXNz", "Bearer", "Bearer    ", "Token " + real, real]) {
      const { status } = await call(me, "/api/v1/auth/me", { headers: { authorization } });
      expect(status, authorization).toBe(401);
    }
    expect((await call(me, "/api/v1/auth/me")).status).toBe(401);
  });

  it("a deleted account's token stops working at once", async () => {
    const user = await createTestUser();
    const token = await tokenFor(user);
    await db.user.delete({ where: { id: user.id } });
    expect((await call(me, "/api/v1/auth/me", { bearer: token })).status).toBe(401);
  });

  it("me accepts the Auth.js session cookie and refuses one signed with another secret", async () => {
    const user = await createTestUser({ role: "admin" });
    const ok = await call(me, "/api/v1/auth/me", { cookie: await sessionCookieFor(user) });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ user: await expectedUser(user.email) });

    const forged = await call(me, "/api/v1/auth/me", { cookie: await sessionCookieFor(user, "otro-secreto-que-no-es-el-nuestro-0123456789") });
    expect(forged.status).toBe(401);
  });

  it("logout with the session cookie needs the session's CSRF token, then ends that session without touching tokens", async () => {
    const user = await createTestUser();
    const token = await tokenFor(user);
    const cookie = await sessionCookieFor(user);
    const refused = await call(logout, "/api/v1/auth/logout", { method: "POST", cookie });
    expect(refused.status).toBe(419);
    expectErrorShape(refused.status, refused.body);

    const issued = await csrfCookie(new Request("http://localhost/sanctum/csrf-cookie", { headers: { cookie } }), { params: Promise.resolve({}) });
    const csrf = decodeURIComponent(/^XSRF-TOKEN=([^;]+)/.exec(issued.headers.get("set-cookie") ?? "")![1]);
    const ok = await call(logout, "/api/v1/auth/logout", {
      method: "POST",
      cookie: `${cookie}; XSRF-TOKEN=${csrf}`,
      headers: { "x-xsrf-token": csrf },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: "Sesión cerrada" });
    expect((await call(me, "/api/v1/auth/me", { cookie })).status).toBe(401);
    expect((await call(me, "/api/v1/auth/me", { bearer: token })).status).toBe(200);
  });
});

describe("POST /api/v1/auth/register", () => {
  it("creates a client with a bcrypt hash (cost 12) and answers 201 { user, token } with a working token", async () => {
    const input = newRegistration({ email: `  Nuevo.${uniqueTag()}@Empresa.PE ` });
    const { status, body } = await call(register, "/api/v1/auth/register", { body: input });
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(["token", "user"]);
    const email = (input.email as string).trim().toLowerCase();
    expect(body.user).toEqual(await expectedUser(email));
    expect((body.user as Json).role).toBe("client");

    const row = await db.user.findUniqueOrThrow({ where: { email } });
    expect(row.name).toBe(input.name);
    expect(bcrypt.getRounds(row.passwordHash!)).toBe(BCRYPT_COST);
    expect(await bcrypt.compare(input.password as string, row.passwordHash!)).toBe(true);

    const who = await call(me, "/api/v1/auth/me", { bearer: body.token as string });
    expect(who.status).toBe(200);
    expect(who.body).toEqual({ user: body.user });

    // The new account signs in with its password.
    expect((await call(login, "/api/v1/auth/login", { body: { email, password: input.password } })).status).toBe(200);
  });

  it("answers 409 with a Spanish message on the e-mail field for a taken e-mail, in any letter case", async () => {
    const before = await db.user.count({ where: { email: SEEDED_CLIENT.email } });
    const { status, body } = await call(register, "/api/v1/auth/register", { body: newRegistration({ email: "CLIENTE@lumenti.pe" }) });
    expect(status).toBe(409);
    expect(body.message).toMatch(/correo/i);
    expect(body.errors).toEqual({ email: [body.message] });
    expect(await db.user.count({ where: { email: SEEDED_CLIENT.email } })).toBe(before);
  });

  it("answers 422 with the fixed Spanish texts and creates nothing", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [newRegistration({ name: "" }), "name", REQUIRED],
      [newRegistration({ password: "", password_confirmation: "" }), "password", REQUIRED],
      [newRegistration({ password_confirmation: "OtraClave#2026" }), "password_confirmation", MISMATCH],
      [newRegistration({ password: "Corta1", password_confirmation: "Corta1" }), "password", String(PASSWORD_MIN_LENGTH)],
      [newRegistration({ email: "no-es-un-correo" }), "email", "correo"],
    ];
    for (const [input, field, text] of cases) {
      const { status, body } = await call(register, "/api/v1/auth/register", { body: input });
      expect(status, JSON.stringify(input)).toBe(422);
      expectErrorShape(status, body);
      const messages = (body.errors as Record<string, string[]>)[field];
      expect(messages, `${field} in ${JSON.stringify(body.errors)}`).toBeDefined();
      expect(messages.join(" ")).toContain(text);
      if (typeof input.email === "string" && input.email.includes("@")) {
        expect(await db.user.count({ where: { email: input.email.toLowerCase() } })).toBe(0);
      }
    }
  });

  it(`answers 429 with Retry-After after ${REGISTER_LIMIT.limit} registrations from one IP, creating nothing more`, async () => {
    const ip = fakeIp();
    for (let i = 0; i < REGISTER_LIMIT.limit; i++) {
      // A taken e-mail still counts as an attempt and costs no hashing.
      const attempt = await call(register, "/api/v1/auth/register", { ip, body: newRegistration({ email: SEEDED_CLIENT.email }) });
      expect(attempt.status).toBe(409);
    }
    const input = newRegistration();
    const blocked = await call(register, "/api/v1/auth/register", { ip, body: input });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Demasiad/);
    expect(await db.user.count({ where: { email: input.email as string } })).toBe(0);
  });
});

describe("bad input never causes a 500 and never creates anything", () => {
  const hugeEmail = `${"a".repeat(10 * 1024)}@example.pe`;
  const badBodies: Array<[string, unknown]> = [
    ["invalid JSON", "{ email: no es json"],
    ["empty body", ""],
    ["JSON null", "null"],
    ["JSON array", "[1, 2, 3]"],
    ["JSON string", '"hola"'],
    ["empty object", {}],
    ["wrong types", { name: 12, email: 123, password: true, password_confirmation: ["x"], token: 42 }],
    ["10 kB e-mail", { name: "Ana", email: hugeEmail, password: "Segura#2026", password_confirmation: "Segura#2026" }],
    ["nested objects", { email: { $ne: null }, password: { $gt: "" }, token: { a: 1 } }],
    ["over 1 MB", JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) })],
  ];
  const endpoints = [
    ["login", login, "/api/v1/auth/login"],
    ["register", register, "/api/v1/auth/register"],
    ["google", google, "/api/v1/auth/google"],
  ] as const;

  for (const [name, handler, path] of endpoints) {
    it(`${name}: 4xx with { message, errors? } for each malformed body`, async () => {
      const users = await db.user.count({ where: { email: hugeEmail } });
      for (const [label, body] of badBodies) {
        const answer = await call(handler, path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });
        expectErrorShape(answer.status, answer.body);
        expect(answer.body.token, label).toBeUndefined();
        if (label === "invalid JSON") expect(answer.status).toBe(400);
        if (label === "over 1 MB") expect(answer.status).toBe(413);
        if (label === "wrong types" || label === "10 kB e-mail" || label === "empty object") expect(answer.status, label).toBe(422);
      }
      expect(await db.user.count({ where: { email: hugeEmail } })).toBe(users);
    });
  }
});

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
