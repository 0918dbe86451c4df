// No response ever carries a password or its hash: every body the auth endpoints give (successes
// and failures), and every GET route under /api/v1 answered to an admin (user lists and user
// details included, found on disk so later routes are covered), is scanned for bcrypt hashes, the
// stored hashes themselves, hash field names and the plain passwords used.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as google } from "@/app/api/v1/auth/google/route";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { POST as logout } from "@/app/api/v1/auth/logout/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { db } from "@/lib/db";
import { call, createTestUser, sessionCookieFor, tokenFor, uniqueTag } from "./helpers/auth";
import { startFakeGoogle, type FakeGoogle } from "./helpers/google";
import { discoverRoutes, routeHandlers } from "./helpers/routes";

const SEEDED = [
  { email: "admin@lumenti.pe", password: "Admin#2026" },
  { email: "cliente@lumenti.pe", password: "Cliente#2026" },
];

const BCRYPT_PATTERN = /\$2[abxy]\$\d{2}\$/;
const FIELD_PATTERN = /password_?hash|"password"\s*:\s*"/i; // a hash field, or a password as a string value

type Collected = { label: string; text: string };

let fake: FakeGoogle;
beforeAll(async () => {
  fake = await startFakeGoogle(`hash-scan-${uniqueTag()}.apps.googleusercontent.com`);
});
afterAll(() => fake?.stop());

function scan(bodies: Collected[], secrets: string[]) {
  expect(bodies.length).toBeGreaterThan(0);
  for (const { label, text } of bodies) {
    expect(text, label).not.toMatch(BCRYPT_PATTERN);
    expect(text, label).not.toMatch(FIELD_PATTERN);
    for (const secret of secrets) expect(text.includes(secret), `${label} contains a secret`).toBe(false);
  }
}

async function storedHashes(): Promise<string[]> {
  const rows = await db.user.findMany({ where: { passwordHash: { not: null } }, select: { passwordHash: true }, take: 500 });
  return rows.map((row) => row.passwordHash!);
}

describe("no response carries a password or a password hash", { timeout: 120_000 }, () => {
  it("auth endpoints: login, register, me, logout and Google, successes and failures", async () => {
    const bodies: Collected[] = [];
    const collect = async (label: string, answer: Promise<{ text: string; status: number }>) => {
      const { text, status } = await answer;
      expect(status, label).toBeLessThan(500);
      bodies.push({ label, text });
      return JSON.parse(text) as { token?: string; user?: { id: string; name: string; email: string; role: string } };
    };

    const tokens: string[] = [];
    for (const account of SEEDED) {
      const ok = await collect(`login ${account.email}`, call(login, "/api/v1/auth/login", { body: account }));
      tokens.push(ok.token!);
      await collect(`login ${account.email} wrong`, call(login, "/api/v1/auth/login", { body: { ...account, password: "incorrecta" } }));
    }

    const tag = uniqueTag();
    const password = `Nueva#${tag}`;
    const input = { name: `Hash Scan ${tag}`, email: `scan.${tag}@empresa.pe`, password, password_confirmation: password };
    const registered = await collect("register", call(register, "/api/v1/auth/register", { body: input }));
    tokens.push(registered.token!);
    await collect("register taken", call(register, "/api/v1/auth/register", { body: input }));
    await collect("register mismatch", call(register, "/api/v1/auth/register", { body: { ...input, email: `x.${tag}@e.pe`, password_confirmation: "otra-cosa-123" } }));
    await collect("register short", call(register, "/api/v1/auth/register", { body: { ...input, password: "corta", password_confirmation: "corta" } }));

    for (const token of tokens) await collect("me (bearer)", call(me, "/api/v1/auth/me", { bearer: token }));
    await collect("me (session)", call(me, "/api/v1/auth/me", { cookie: await sessionCookieFor(registered.user!) }));

    // Google: a new user, and an existing account with a password (its address verified) being linked.
    const linkedPassword = `Enlazada#${uniqueTag()}`;
    const withPassword = await createTestUser({ password: linkedPassword });
    await db.user.update({ where: { id: withPassword.id }, data: { emailVerified: new Date() } });
    for (const [sub, email] of [[`g-${tag}`, `g.${tag}@gmail.com`], [`g2-${tag}`, withPassword.email]]) {
      const answer = await collect(`google ${email}`, call(google, "/api/v1/auth/google", { body: { token: await fake.idToken({ sub, email, name: "Scan" }) } }));
      expect(answer.user?.email).toBe(email);
      tokens.push(answer.token!);
    }
    await collect("google refused", call(google, "/api/v1/auth/google", { body: { token: await fake.idToken({ sub: "x", email: withPassword.email }, { key: fake.strangerKey }) } }));

    for (const token of tokens) await collect("logout", call(logout, "/api/v1/auth/logout", { method: "POST", bearer: token }));

    scan(bodies, [...SEEDED.map((account) => account.password), password, linkedPassword, ...(await storedHashes())]);
  });

  it("every GET route under /api/v1 answered to an admin (user ids for user routes)", async () => {
    const adminPassword = `Admin#${uniqueTag()}`;
    const admin = await createTestUser({ role: "admin", password: adminPassword });
    // A token issued directly: another test file may require a second factor of admins for a
    // moment, and this scan is about what the routes answer, not about signing in.
    const token = await tokenFor(admin);
    const client = await db.user.findUniqueOrThrow({ where: { email: SEEDED[1].email }, select: { id: true } });

    // Dynamic segments: routes about users get a real user's id; others are only scanned
    // when they have no dynamic segment (there is no meaningful dummy id for them).
    const routes = discoverRoutes("api/v1", () => client.id).filter(
      (route) => route.dynamic.length === 0 || /\/users?\//.test(route.path),
    );
    const bodies: Collected[] = [];
    for (const route of routes) {
      const { GET } = await routeHandlers(route.file);
      if (!GET) continue;
      const answer = await call(GET, route.path, { bearer: token, params: route.params });
      bodies.push({ label: `GET ${route.path} (${answer.status})`, text: answer.text });
    }
    expect(bodies.some((body) => body.label.startsWith("GET /api/v1/auth/me (200)"))).toBe(true);
    scan(bodies, [...SEEDED.map((account) => account.password), adminPassword, ...(await storedHashes())]);
  });
});
