// Sessions that end on the server: every Auth.js session has a row in `sessions`; signing out, a
// password reset, a deleted account end it, and a changed role or name shows on the very next
// request. Driven through Auth.js's own endpoints (/api/auth/csrf, /callback/credentials, /session,
// /signout) and the REST contract, against the real test database.
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as logout } from "@/app/api/v1/auth/logout/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { GET as csrfCookieRoute } from "@/app/sanctum/csrf-cookie/route";
import { authRoute } from "@/lib/http/auth-route";
import { findValidApiToken } from "@/lib/auth/api-tokens";
import { readSessionToken } from "@/lib/auth/session-token";
import { PEER_HEADER } from "@/lib/client-address";
import { createSession, endUserSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/db";
import { BASE_URL, call, createTestUser, fakeIp, SESSION_COOKIE, sessionCookieFor, sessionCookieWithSid, tokenFor, type TestUser } from "./helpers/auth";

const DAY = 24 * 60 * 60 * 1000;

/** The name=value pairs a response sets, as a Cookie header would send them back ("" when cleared). */
function setCookies(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair.indexOf("=");
    cookies.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return cookies;
}

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/** A request to Auth.js's route handler, as a browser on our site would send it. */
async function authJs(method: "GET" | "POST", action: string, options: { cookie?: string; form?: Record<string, string> } = {}) {
  const headers = new Headers({ [PEER_HEADER]: fakeIp() });
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | undefined;
  if (options.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  }
  const request = new NextRequest(`${BASE_URL}/api/auth/${action}`, { method, headers, body });
  return method === "GET" ? authGet(request) : authPost(request);
}

/** Auth.js's own CSRF token (double-submit cookie) for its POST endpoints. */
async function authJsCsrf() {
  const response = await authJs("GET", "csrf");
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, cookies: setCookies(response) };
}

/** Signs in through the login form's path (Auth.js credentials callback); the session cookie it sets. */
async function signInThroughAuthJs(user: TestUser): Promise<string> {
  const { csrfToken, cookies } = await authJsCsrf();
  const response = await authJs("POST", "callback/credentials", {
    cookie: cookieHeader(cookies),
    form: { csrfToken, email: user.email, password: user.password! },
  });
  const value = setCookies(response).get(SESSION_COOKIE);
  expect(value, `no session cookie after signing in (status ${response.status})`).toBeTruthy();
  return `${SESSION_COOKIE}=${value}`;
}

/** What Auth.js's GET /api/auth/session says about a cookie (null: not signed in). */
async function authJsSession(cookie: string) {
  const response = await authJs("GET", "session", { cookie });
  return { body: (await response.json()) as { user?: { id: string; name: string; email: string; role: string } } | null, cookies: setCookies(response) };
}

const meStatus = async (cookie: string) => (await call(me, "/api/v1/auth/me", { cookie })).status;

/** The XSRF-TOKEN GET /sanctum/csrf-cookie hands to this session. */
async function csrfTokenFor(cookie: string) {
  const response = await csrfCookieRoute(new Request(`${BASE_URL}/sanctum/csrf-cookie`, { headers: { cookie } }), { params: Promise.resolve({}) });
  return decodeURIComponent(/^XSRF-TOKEN=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")![1]);
}

const sessionRows = (userId: string) => db.session.count({ where: { userId } });

describe("signing in", () => {
  it("creates a server-side session whose cookie works, and each sign-in is its own session", async () => {
    const user = await createTestUser({ password: "Clave-Correcta-1" });
    const first = await signInThroughAuthJs(user);
    expect(await sessionRows(user.id)).toBe(1);
    expect(await meStatus(first)).toBe(200);
    expect((await authJsSession(first)).body?.user).toMatchObject({ id: user.id, email: user.email, role: "client" });

    const second = await signInThroughAuthJs(user);
    expect(await sessionRows(user.id)).toBe(2);
    expect(await meStatus(second)).toBe(200);
  });

  it("the session JSON never carries the session id", async () => {
    const user = await createTestUser({ password: "Clave-Correcta-1" });
    const cookie = await signInThroughAuthJs(user);
    const { body } = await authJsSession(cookie);
    expect(JSON.stringify(body)).not.toMatch(/sid/);
  });
});

describe("signing out ends the session on the server", () => {
  it("POST /api/auth/signout: a copy of the cookie taken before gets 401 on /me and no Auth.js session", async () => {
    const user = await createTestUser({ password: "Clave-Correcta-1" });
    const cookie = await signInThroughAuthJs(user);
    const other = await signInThroughAuthJs(user); // the same user on another device
    expect(await meStatus(cookie)).toBe(200);

    const { csrfToken, cookies } = await authJsCsrf();
    const out = await authJs("POST", "signout", { cookie: `${cookie}; ${cookieHeader(cookies)}`, form: { csrfToken } });
    expect(out.status).toBeLessThan(400);
    expect(setCookies(out).get(SESSION_COOKIE)).toBe("");

    expect(await meStatus(cookie)).toBe(401);
    const after = await authJsSession(cookie);
    expect(after.body).toBeNull();
    expect(after.cookies.get(SESSION_COOKIE)).toBe(""); // and Auth.js clears the stale cookie
    // Only that session ended.
    expect(await meStatus(other)).toBe(200);
    expect(await sessionRows(user.id)).toBe(1);
  });

  it("POST /api/v1/auth/logout with the session cookie and its CSRF token ends that session and clears the cookie", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookieFor(user);
    const other = await sessionCookieFor(user);
    const token = await tokenFor(user);
    const csrf = await csrfTokenFor(cookie);

    const out = await call(logout, "/api/v1/auth/logout", { method: "POST", cookie: `${cookie}; XSRF-TOKEN=${csrf}`, headers: { "x-xsrf-token": csrf } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: "Sesión cerrada" });
    expect(setCookies(out.response).get(SESSION_COOKIE)).toBe("");

    expect(await meStatus(cookie)).toBe(401);
    expect(await meStatus(other)).toBe(200);
    expect((await call(me, "/api/v1/auth/me", { bearer: token })).status).toBe(200);
  });
});

describe("a session cookie is only as good as its server-side session", () => {
  it("a valid JWT without a session id (as minted before this change) or with an unknown one is not a session", async () => {
    const user = await createTestUser();
    const withoutSid = `${SESSION_COOKIE}=${await encode({ token: { sub: user.id, name: user.name, email: user.email, role: "admin" }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE })}`;
    const unknownSid = await sessionCookieWithSid(user, randomBytes(32).toString("base64url"));
    for (const cookie of [withoutSid, unknownSid]) {
      expect(await meStatus(cookie)).toBe(401);
      expect((await authJsSession(cookie)).body).toBeNull();
    }
  });

  it("a session of one user cannot be replayed under another user's id", async () => {
    const victim = await createTestUser({ role: "admin" });
    const attacker = await createTestUser();
    // The attacker knows their own sid (it is theirs) and puts the admin's id beside it.
    const sid = await createSession(attacker.id);
    expect(await meStatus(await sessionCookieWithSid(attacker, sid))).toBe(200);
    expect(await meStatus(await sessionCookieWithSid(victim, sid))).toBe(401);
    expect(await meStatus(await sessionCookieWithSid(victim, randomBytes(32).toString("base64url")))).toBe(401);
  });

  it("an expired session row ends the session even though the JWT is still valid", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookieFor(user);
    expect(await meStatus(cookie)).toBe(200);
    await db.session.updateMany({ where: { userId: user.id }, data: { expires: new Date(Date.now() - 1000) } });
    expect(await meStatus(cookie)).toBe(401);
    expect((await authJsSession(cookie)).body).toBeNull();
  });
});

describe("changes to the account take effect on the next request", () => {
  const adminOnly = authRoute("admin", async (_request, _context, caller) => Response.json({ id: caller.user.id }));

  it("a demoted admin loses admin access at once, on the API and in the Auth.js session", async () => {
    const admin = await createTestUser({ role: "admin", password: "Clave-Correcta-1" });
    const cookie = await signInThroughAuthJs(admin);
    expect((await call(adminOnly, "/api/v1/admin/prueba", { cookie })).status).toBe(200);
    expect((await authJsSession(cookie)).body?.user?.role).toBe("admin");

    await db.user.update({ where: { id: admin.id }, data: { role: "client", name: "Nombre Nuevo" } });

    expect((await call(adminOnly, "/api/v1/admin/prueba", { cookie })).status).toBe(403);
    const mine = await call(me, "/api/v1/auth/me", { cookie });
    expect(mine.body.user).toMatchObject({ role: "client", name: "Nombre Nuevo" });
    expect((await authJsSession(cookie)).body?.user).toMatchObject({ role: "client", name: "Nombre Nuevo" });
  });

  it("a promoted client gets admin access on the next request", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookieFor(user);
    expect((await call(adminOnly, "/api/v1/admin/prueba", { cookie })).status).toBe(403);
    await db.user.update({ where: { id: user.id }, data: { role: "admin" } });
    expect((await call(adminOnly, "/api/v1/admin/prueba", { cookie })).status).toBe(200);
  });

  it("a deleted account's sessions stop working at once (and their rows go with it)", async () => {
    const user = await createTestUser({ password: "Clave-Correcta-1" });
    const cookie = await signInThroughAuthJs(user);
    expect(await meStatus(cookie)).toBe(200);
    await db.user.delete({ where: { id: user.id } });
    expect(await meStatus(cookie)).toBe(401);
    expect((await authJsSession(cookie)).body).toBeNull();
    expect(await sessionRows(user.id)).toBe(0);
  });
});

describe("endUserSessions", () => {
  it("ends every session and API token of the user, except the session it is told to keep", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const [kept, ended] = [await sessionCookieFor(user), await sessionCookieFor(user)];
    const token = await tokenFor(user);
    const othersCookie = await sessionCookieFor(other);
    const othersToken = await tokenFor(other);
    const keptSid = await sidOf(kept);

    expect(await endUserSessions(user.id, { exceptSessionId: keptSid })).toEqual({ sessions: 1, apiTokens: 1 });
    expect(await meStatus(kept)).toBe(200);
    expect(await meStatus(ended)).toBe(401);
    expect(await findValidApiToken(token)).toBeNull();
    expect(await meStatus(othersCookie)).toBe(200);
    expect(await findValidApiToken(othersToken)).not.toBeNull();

    expect(await endUserSessions(user.id)).toEqual({ sessions: 1, apiTokens: 0 });
    expect(await meStatus(kept)).toBe(401);
  });
});

describe("rolling expiry", () => {
  it("a session in use is kept a day beyond the JWT's 7 days, written at most once a day", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookieFor(user);
    const row = () => db.session.findFirstOrThrow({ where: { userId: user.id }, select: { expires: true, updatedAt: true } });

    const fresh = await row();
    expect(fresh.expires.getTime() - Date.now()).toBeGreaterThan(7.9 * DAY);
    expect(await meStatus(cookie)).toBe(200);
    expect((await row()).updatedAt).toEqual(fresh.updatedAt); // nothing written on a fresh session

    await db.session.updateMany({ where: { userId: user.id }, data: { expires: new Date(Date.now() + 6.9 * DAY) } });
    expect(await meStatus(cookie)).toBe(200);
    const rolled = await row();
    expect(rolled.expires.getTime() - Date.now()).toBeGreaterThan(7.9 * DAY);
    expect(rolled.expires.getTime() - Date.now()).toBeLessThanOrEqual(8 * DAY);
  });
});

describe("reading the session cookie", () => {
  afterEach(() => vi.useRealTimers());
  const read = (cookie: string) => readSessionToken(new Request(BASE_URL, { headers: { cookie } }));
  const person = (n: number) => ({ id: `lector-${n}-${randomBytes(4).toString("hex")}`, name: `Lector ${n}`, email: `lector${n}@ejemplo.pe`, role: "client" });

  it("gives each cookie its own token, however often and in whatever order they are read", async () => {
    const [ana, beto] = [person(1), person(2)];
    const [anaCookie, betoCookie] = await Promise.all([sessionCookieWithSid(ana, "a".repeat(43)), sessionCookieWithSid(beto, "b".repeat(43))]);
    for (const [cookie, who] of [[anaCookie, ana], [betoCookie, beto], [anaCookie, ana], [`otra=1; ${betoCookie}`, beto]] as const) {
      expect((await read(cookie))?.sub).toBe(who.id);
    }
  });

  it("stops accepting a token once it expires, even one it has read before", async () => {
    const reader = person(3);
    const value = await encode({ token: { sub: reader.id, sid: "c".repeat(43), role: "client" }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE, maxAge: 60 });
    const cookie = `${SESSION_COOKIE}=${value}`;
    expect((await read(cookie))?.sub).toBe(reader.id);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 });
    expect(await read(cookie)).toBeNull();
  });

  it("refuses a cookie that does not decode, every time", async () => {
    const cookie = (await sessionCookieWithSid(person(4), "d".repeat(43))).slice(0, -4) + "AAAA";
    expect(await read(cookie)).toBeNull();
    expect(await read(cookie)).toBeNull();
  });
});

/** The session id inside a cookie, read the way the server does. */
async function sidOf(cookie: string): Promise<string> {
  const token = await readSessionToken(new Request(BASE_URL, { headers: { cookie } }));
  return String(token?.sid);
}
