// CSRF protection of cookie-authenticated API calls: GET /sanctum/csrf-cookie hands out XSRF-TOKEN,
// bound to the caller's session; an unsafe request authenticated by the session cookie must echo
// that session's token in X-XSRF-TOKEN or get 419 (a self-chosen pair or another session's token
// included); bearer requests are exempt.
import { describe, expect, it } from "vitest";
import { POST as logout } from "@/app/api/v1/auth/logout/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { PUT as aliasMarkAll } from "@/app/api/notifications/mark-all-read/route";
import { PUT as markAll } from "@/app/api/v1/notifications/mark-all-read/route";
import { PUT as markRead } from "@/app/api/v1/notifications/[id]/read/route";
import { GET as csrfCookieRoute } from "@/app/sanctum/csrf-cookie/route";
import { db } from "@/lib/db";
import { BASE_URL, call, createTestUser, sessionCookieFor, tokenFor } from "./helpers/auth";

/** What a browser would do: fetch the CSRF cookie (with its session cookie, if any) and read its value. */
async function fetchCsrfCookie(session?: string) {
  const response = await csrfCookieRoute(new Request(`${BASE_URL}/sanctum/csrf-cookie`, { headers: session ? { cookie: session } : {} }), { params: Promise.resolve({}) });
  const setCookie = response.headers.get("set-cookie") ?? "";
  const match = /^XSRF-TOKEN=([^;]+)/.exec(setCookie);
  return { response, setCookie, token: match ? decodeURIComponent(match[1]) : null };
}

async function userWithUnread(count = 2) {
  const user = await createTestUser();
  await db.notification.createMany({
    data: Array.from({ length: count }, (_, i) => ({ userId: user.id, type: "test", title: `Aviso ${i + 1}` })),
  });
  return user;
}

const unread = (userId: string) => db.notification.count({ where: { userId, readAt: null } });

describe("GET /sanctum/csrf-cookie", () => {
  it("answers 204 with a fresh, script-readable XSRF-TOKEN cookie that is never cached", async () => {
    const first = await fetchCsrfCookie();
    expect(first.response.status).toBe(204);
    expect(await first.response.text()).toBe("");
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(first.setCookie).toMatch(/;\s*Path=\//i);
    expect(first.setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(first.setCookie).not.toMatch(/HttpOnly/i); // the page's script must read it
    expect(first.response.headers.get("cache-control")).toContain("no-store");

    const second = await fetchCsrfCookie();
    expect(second.token).not.toBe(first.token);
  });

  it("gives a session the same token every time, and another session another token", async () => {
    const user = await createTestUser();
    const session = await sessionCookieFor(user);
    const first = await fetchCsrfCookie(session);
    expect(first.response.status).toBe(204);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await fetchCsrfCookie(session)).token).toBe(first.token);
    expect((await fetchCsrfCookie(await sessionCookieFor(user))).token).not.toBe(first.token);
  });
});

describe("cookie-authenticated unsafe requests", () => {
  it("are refused with 419 without X-XSRF-TOKEN, or with one that does not match, and change nothing", async () => {
    const user = await userWithUnread();
    const session = await sessionCookieFor(user);
    const { token } = await fetchCsrfCookie(session);
    const attempts = [
      { cookie: session },
      { cookie: `${session}; XSRF-TOKEN=${token}` },
      { cookie: session, headers: { "x-xsrf-token": token! } },
      { cookie: `${session}; XSRF-TOKEN=${token}`, headers: { "x-xsrf-token": `${token}x` } },
      { cookie: `${session}; XSRF-TOKEN=${token}`, headers: { "x-xsrf-token": "" } },
      { cookie: `${session}; XSRF-TOKEN=${token}`, headers: { "x-xsrf-token": "%E0%A4%A" } }, // malformed URL encoding
      { cookie: `${session}; XSRF-TOKEN=%E0%A4%A`, headers: { "x-xsrf-token": "%E0%A4%A" } },
    ];
    for (const handler of [markAll, aliasMarkAll]) {
      for (const attempt of attempts) {
        const { status, body } = await call(handler, "/api/v1/notifications/mark-all-read", { method: "PUT", ...attempt });
        expect(status, JSON.stringify(attempt.headers ?? {})).toBe(419);
        expect(typeof body.message).toBe("string");
      }
    }
    expect(await unread(user.id)).toBe(2);

    const [one] = await db.notification.findMany({ where: { userId: user.id } });
    const read = await call(markRead, `/api/v1/notifications/${one.id}/read`, { method: "PUT", cookie: session, params: { id: String(one.id) } });
    expect(read.status).toBe(419);
    const out = await call(logout, "/api/v1/auth/logout", { method: "POST", cookie: session });
    expect(out.status).toBe(419);
    expect(await unread(user.id)).toBe(2);
  });

  it("are refused with 419 for a self-chosen cookie and header pair, and for another session's token", async () => {
    const user = await userWithUnread();
    const session = await sessionCookieFor(user);
    const chosen = "elegido-por-el-atacante-0123456789abcdef";
    const planted = await call(markAll, "/api/v1/notifications/mark-all-read", {
      method: "PUT",
      cookie: `${session}; XSRF-TOKEN=${chosen}`,
      headers: { "x-xsrf-token": chosen },
    });
    expect(planted.status).toBe(419);

    // A token fetched without a session, or by the attacker's own session (same or another user).
    const anonymous = (await fetchCsrfCookie()).token!;
    const sameUserOtherSession = (await fetchCsrfCookie(await sessionCookieFor(user))).token!;
    const attackersSession = (await fetchCsrfCookie(await sessionCookieFor(await createTestUser()))).token!;
    for (const token of [anonymous, sameUserOtherSession, attackersSession]) {
      const { status } = await call(aliasMarkAll, "/api/notifications/mark-all-read", {
        method: "PUT",
        cookie: `${session}; XSRF-TOKEN=${token}`,
        headers: { "x-xsrf-token": token },
      });
      expect(status).toBe(419);
    }
    expect(await unread(user.id)).toBe(2);
  });

  it("succeed with the session's issued token echoed in X-XSRF-TOKEN (plain or URL-encoded, as Axios sends it)", async () => {
    const user = await userWithUnread();
    const session = await sessionCookieFor(user);
    const { token } = await fetchCsrfCookie(session);
    const { status, body } = await call(markAll, "/api/v1/notifications/mark-all-read", {
      method: "PUT",
      cookie: `${session}; XSRF-TOKEN=${token}`,
      headers: { "x-xsrf-token": token! },
    });
    expect(status).toBe(200);
    expect(body.unread_count).toBe(0);
    expect(await unread(user.id)).toBe(0);

    const other = await userWithUnread();
    const otherSession = await sessionCookieFor(other);
    const otherToken = (await fetchCsrfCookie(otherSession)).token!;
    const encoded = await call(aliasMarkAll, "/api/notifications/mark-all-read", {
      method: "PUT",
      cookie: `${otherSession}; XSRF-TOKEN=${encodeURIComponent(otherToken)}`,
      headers: { "x-xsrf-token": encodeURIComponent(otherToken) },
    });
    expect(encoded.status).toBe(200);
    expect(await unread(other.id)).toBe(0);
  });

  it("safe requests with the cookie need no CSRF header", async () => {
    const user = await createTestUser();
    const { status, body } = await call(me, "/api/v1/auth/me", { cookie: await sessionCookieFor(user) });
    expect(status).toBe(200);
    expect((body.user as { id: string }).id).toBe(user.id);
  });
});

describe("broken cookies", () => {
  it("a garbage or tampered session cookie is simply not a session (401, never 500)", async () => {
    const user = await createTestUser();
    const valid = await sessionCookieFor(user);
    for (const cookie of ["authjs.session-token=basura", `${valid.slice(0, -10)}AAAAAAAAAA`, "authjs.session-token=%E0%A4%A", "authjs.session-token="]) {
      const { status } = await call(me, "/api/v1/auth/me", { cookie });
      expect(status, cookie.slice(0, 40)).toBe(401);
    }
  });
});

describe("bearer-authenticated requests", () => {
  it("are exempt from CSRF: no header needed, even with a stray session cookie", async () => {
    const user = await userWithUnread();
    const token = await tokenFor(user);
    const plain = await call(markAll, "/api/v1/notifications/mark-all-read", { method: "PUT", bearer: token });
    expect(plain.status).toBe(200);
    expect(await unread(user.id)).toBe(0);

    const second = await userWithUnread();
    const withCookie = await call(aliasMarkAll, "/api/notifications/mark-all-read", {
      method: "PUT",
      bearer: await tokenFor(second),
      cookie: await sessionCookieFor(user),
    });
    expect(withCookie.status).toBe(200);
    expect(await unread(second.id)).toBe(0); // the bearer's user, not the cookie's
  });
});
