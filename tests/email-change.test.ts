// Changing the sign-in e-mail is guarded like changing the password: on both profiles a new
// e-mail needs the current password (422 on current_password when missing or wrong, 429 after
// too many wrong ones), and a changed e-mail ends the user's OTHER sessions and API tokens,
// deletes every outstanding password-reset link, marks the address unverified and sends a
// verification link to it. An admin changing another user's e-mail ends that user's sessions too.
import { describe, expect, it, vi } from "vitest";
import { PUT as adminProfilePut } from "@/app/api/v1/admin/profile/route";
import { PUT as adminUserPut } from "@/app/api/v1/admin/users/[id]/route";
import { PUT as clientProfilePut } from "@/app/api/v1/client/profile/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { csrfTokenForSession } from "@/lib/auth/csrf";
import { sendPasswordResetLink } from "@/lib/auth/password-reset";
import { createSession } from "@/lib/auth/sessions";
import { db } from "@/lib/db";
import { call, createTestUser, sessionCookieFor, sessionCookieWithSid, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";

const PASSWORD = "clave-actual-123";
const WRONG = "La contraseña actual no es correcta.";

// Cost-12 bcrypt hashes: slow on a shared machine.
vi.setConfig({ testTimeout: 90_000 });

type Credentials = { bearer?: string; cookie?: string; headers?: Record<string, string> };

const PROFILES = {
  admin: (body: unknown, credentials: Credentials) => call(adminProfilePut, "/api/v1/admin/profile", { method: "PUT", body, ...credentials }),
  client: (body: unknown, credentials: Credentials) => call(clientProfilePut, "/api/v1/client/profile", { method: "PUT", body, ...credentials }),
} as const;

async function browserSession(user: TestUser) {
  const sid = await createSession(user.id);
  const cookie = await sessionCookieWithSid(user, sid);
  const csrf = csrfTokenForSession(sid);
  return { cookie, unsafe: { cookie: `${cookie}; XSRF-TOKEN=${csrf}`, headers: { "x-xsrf-token": csrf } } };
}

const meStatus = async (credentials: Credentials) => (await call(me, "/api/v1/auth/me", credentials)).status;
const row = (id: string) => db.user.findUniqueOrThrow({ where: { id } });
const newAddress = () => `nuevo.${uniqueTag()}@example.pe`;

/** A verified user with a password, an outstanding reset link, and sessions/tokens elsewhere. */
async function exposedUser(role: "admin" | "client") {
  const user = await createTestUser({ role, password: PASSWORD });
  await db.user.update({ where: { id: user.id }, data: { emailVerified: new Date() } });
  await sendPasswordResetLink(user.email, { mailer: async () => undefined });
  const other = { cookie: await sessionCookieFor(user), bearer: await tokenFor(user) };
  return { user, other };
}

for (const role of ["admin", "client"] as const) {
  const put = PROFILES[role];

  describe(`PUT /api/v1/${role}/profile with a new e-mail`, () => {
    it("without current_password: 422 on that field, nothing changes (a stolen session cannot take the account)", async () => {
      const { user, other } = await exposedUser(role);
      const email = newAddress();
      const response = await put({ name: user.name, email }, { bearer: other.bearer });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors as Json)).toContain("current_password");
      expect(typeof response.body.message).toBe("string");
      const after = await row(user.id);
      expect(after.email).toBe(user.email);
      expect(after.emailVerified).not.toBeNull();
      expect(await db.passwordResetToken.count({ where: { userId: user.id } })).toBe(1);
      expect(await meStatus({ cookie: other.cookie })).toBe(200);
    });

    it("with a wrong current_password: 422 «La contraseña actual no es correcta.», then 429 after 5 wrong ones", async () => {
      const { user, other } = await exposedUser(role);
      const email = newAddress();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await put({ name: user.name, email, current_password: `equivocada-${attempt}` }, { bearer: other.bearer });
        expect(response.status).toBe(422);
        expect((response.body.errors as Json).current_password).toEqual([WRONG]);
      }
      const limited = await put({ name: user.name, email, current_password: PASSWORD }, { bearer: other.bearer });
      expect(limited.status).toBe(429);
      expect(limited.response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await row(user.id)).email).toBe(user.email);
    });

    it("bad current_password shapes are 422, never a 500, and change nothing", async () => {
      const { user, other } = await exposedUser(role);
      const email = newAddress();
      for (const current_password of [null, 7, "", ["x"], { a: 1 }, "x".repeat(10_000)]) {
        const response = await put({ name: user.name, email, current_password }, { bearer: other.bearer });
        expect(response.status, JSON.stringify(current_password).slice(0, 40)).toBe(422);
        expect(Object.keys(response.body.errors as Json)).toContain("current_password");
      }
      expect((await row(user.id)).email).toBe(user.email);
    });

    it("with the right password: saved, other sessions and tokens end (this one stays), reset links go, the address is unverified and a link is sent", async () => {
      const { user, other } = await exposedUser(role);
      const current = await browserSession(user);
      const email = newAddress();
      const response = await put({ name: user.name, email, current_password: PASSWORD }, current.unsafe);
      expect(response.status).toBe(200);
      expect((response.body.data as Json).email).toBe(email);
      expect(JSON.stringify(response.body)).not.toMatch(/password|hash/i);

      const after = await row(user.id);
      expect(after.email).toBe(email);
      expect(after.emailVerified).toBeNull();
      expect(await meStatus({ cookie: current.cookie })).toBe(200);
      expect(await meStatus({ cookie: other.cookie })).toBe(401);
      expect(await meStatus({ bearer: other.bearer })).toBe(401);
      expect(await db.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
      const links = await db.emailVerificationToken.findMany({ where: { userId: user.id } });
      expect(links).toHaveLength(1);
      expect(links[0]).toMatchObject({ email, usedAt: null });

      const [entry] = await db.auditLog.findMany({ where: { entityType: "profile", entityId: user.id, action: "profile.update" } });
      expect(entry.details).toMatchObject({ before: { email: user.email }, after: { email, other_sessions_ended: 1, api_keys_revoked: 1 } });
      expect(JSON.stringify(entry.details)).not.toContain(PASSWORD);
    });

    it("the caller's own bearer token survives its own change; its other browser sessions do not", async () => {
      const { user, other } = await exposedUser(role);
      const response = await put({ name: user.name, email: newAddress(), current_password: PASSWORD }, { bearer: other.bearer });
      expect(response.status).toBe(200);
      expect(await meStatus({ bearer: other.bearer })).toBe(200);
      expect(await meStatus({ cookie: other.cookie })).toBe(401);
    });

    it("the same e-mail (any letter case) needs no password and ends nothing", async () => {
      const { user, other } = await exposedUser(role);
      const response = await put({ name: `Nuevo nombre ${uniqueTag()}`, email: user.email.toUpperCase() }, { bearer: other.bearer });
      expect(response.status).toBe(200);
      expect(await meStatus({ cookie: other.cookie })).toBe(200);
      expect((await row(user.id)).emailVerified).not.toBeNull();
      expect(await db.passwordResetToken.count({ where: { userId: user.id } })).toBe(1);
    });
  });
}

describe("an account without a password (signed up with Google)", () => {
  it("cannot change its e-mail here: 422 on current_password with what to do", async () => {
    const user = await createTestUser();
    const response = await PROFILES.client({ name: user.name, email: newAddress(), current_password: "lo-que-sea-123" }, { bearer: await tokenFor(user) });
    expect(response.status).toBe(422);
    expect(((response.body.errors as Json).current_password as string[])[0]).toMatch(/contraseña/);
    expect((await row(user.id)).email).toBe(user.email);
  });
});

describe("PUT /api/v1/admin/users/{id} changing another user's e-mail", () => {
  it("ends that user's sessions and tokens, deletes their reset links and marks the new address unverified", async () => {
    const admin = await createTestUser({ role: "admin" });
    const { user, other } = await exposedUser("client");
    const email = newAddress();
    const response = await call(adminUserPut, `/api/v1/admin/users/${user.id}`, {
      method: "PUT",
      body: { name: user.name, email },
      bearer: await tokenFor(admin),
      params: { id: user.id },
    });
    expect(response.status).toBe(200);
    const after = await row(user.id);
    expect(after.email).toBe(email);
    expect(after.emailVerified).toBeNull();
    expect(await meStatus({ cookie: other.cookie })).toBe(401);
    expect(await meStatus({ bearer: other.bearer })).toBe(401);
    expect(await db.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.emailVerificationToken.count({ where: { userId: user.id, email } })).toBe(1);
  });

  it("an admin's own e-mail is changed only in the profile (which asks for the password): 409", async () => {
    const admin = await createTestUser({ role: "admin", password: PASSWORD });
    const response = await call(adminUserPut, `/api/v1/admin/users/${admin.id}`, {
      method: "PUT",
      body: { name: admin.name, email: newAddress() },
      bearer: await tokenFor(admin),
      params: { id: admin.id },
    });
    expect(response.status).toBe(409);
    expect(Object.keys(response.body.errors as Json)).toContain("email");
    expect((await row(admin.id)).email).toBe(admin.email);
  });
});
