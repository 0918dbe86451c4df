// "Perfil de Administrador" through PUT /api/v1/admin/profile: the two payloads told apart by their
// keys, the current password checked and rate-limited, the admin's OTHER sessions and tokens ended,
// audited as "profile" without secrets.
import { describe, expect, it, vi } from "vitest";
import { PUT as profileRoute } from "@/app/api/v1/admin/profile/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { csrfTokenForSession } from "@/lib/auth/csrf";
import { verifyPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/sessions";
import { db } from "@/lib/db";
import { call, createTestUser, sessionCookieFor, sessionCookieWithSid, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";

const PASSWORD = "clave-actual-123";

// Several cost-12 bcrypt hashes per test: slow on a shared, loaded machine.
vi.setConfig({ testTimeout: 90_000 });

const put = (body: unknown, credentials: { bearer?: string; cookie?: string; headers?: Record<string, string> }) =>
  call(profileRoute, "/api/v1/admin/profile", { method: "PUT", body, ...credentials });

async function meStatus(credentials: { cookie?: string; bearer?: string }) {
  return (await call(me, "/api/v1/auth/me", credentials)).status;
}

/** A browser session of the user: its cookie with the CSRF pair an unsafe call needs. */
async function browserSession(user: TestUser) {
  const sid = await createSession(user.id);
  const cookie = await sessionCookieWithSid(user, sid);
  const csrf = csrfTokenForSession(sid);
  return { cookie, unsafe: { cookie: `${cookie}; XSRF-TOKEN=${csrf}`, headers: { "x-xsrf-token": csrf } } };
}

const profileAudit = (userId: string) =>
  db.auditLog.findMany({ where: { entityType: "profile", entityId: userId }, orderBy: { id: "asc" } });

const passwordChange = (current = PASSWORD, next = "clave-nueva-4567") => ({ current_password: current, new_password: next, confirm_password: next });

describe("PUT /api/v1/admin/profile {name, email}", () => {
  it("updates the admin's own name and e-mail (lower-cased, with the current password), answers the user, audited as profile", async () => {
    const admin = await createTestUser({ role: "admin", password: PASSWORD });
    const token = await tokenFor(admin);
    const tag = uniqueTag();
    const response = await put({ name: ` Admin ${tag} `, email: `Admin.${tag}@Example.PE`, current_password: PASSWORD }, { bearer: token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ id: admin.id, name: `Admin ${tag}`, email: `admin.${tag}@example.pe`, role: "admin", created_at: expect.any(String), signature: null });
    expect(await db.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ name: `Admin ${tag}`, email: `admin.${tag}@example.pe` });
    expect(await meStatus({ bearer: token })).toBe(200);

    const [entry] = await profileAudit(admin.id);
    expect(entry).toMatchObject({
      action: "profile.update",
      actorId: admin.id,
      details: { before: { name: admin.name, email: admin.email }, after: { name: `Admin ${tag}`, email: `admin.${tag}@example.pe` } },
    });
  });

  it("an e-mail of another account is 409 and changes nothing", async () => {
    const [admin, other] = await Promise.all([createTestUser({ role: "admin", password: PASSWORD }), createTestUser()]);
    const response = await put({ name: "Otro", email: other.email, current_password: PASSWORD }, { bearer: await tokenFor(admin) });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("Ya existe una cuenta con este correo electrónico.");
    expect(await db.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ name: admin.name, email: admin.email });
    expect(await profileAudit(admin.id)).toHaveLength(0);
  });

  it("refuses bad values with 422 per field, never a 500", async () => {
    const admin = await createTestUser({ role: "admin" });
    const token = await tokenFor(admin);
    const cases: [Json, string][] = [
      [{ name: "", email: admin.email }, "name"],
      [{ name: "n".repeat(121), email: admin.email }, "name"],
      [{ name: 7, email: admin.email }, "name"],
      [{ name: "Ana", email: "no-es-correo" }, "email"],
      [{ name: "Ana", email: `${"e".repeat(250)}@x.pe` }, "email"],
      [{ name: "Ana" }, "email"],
      [{ email: admin.email }, "name"],
    ];
    for (const [body, field] of cases) {
      const response = await put(body, { bearer: token });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(Object.keys(response.body.errors as Json)).toContain(field);
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ name: admin.name, email: admin.email });
  });
});

describe("PUT /api/v1/admin/profile {name, email, signature}: the signature of e-mailed replies", () => {
  it("saves, keeps (left out) and removes (blank or null) the signature, audited; over 1,000 characters is 422", async () => {
    const admin = await createTestUser({ role: "admin" });
    const token = await tokenFor(admin);
    const signature = "Carla Ríos\nMesa de ayuda · Lumen Consultoría TI\n+51 1 555 0101";
    const saved = await put({ name: admin.name, email: admin.email, signature: `  ${signature}\r\n` }, { bearer: token });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: admin.id, signature });
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).signature).toBe(signature);
    expect((await profileAudit(admin.id)).at(-1)).toMatchObject({ action: "profile.update", details: { before: { signature: null }, after: { signature } } });

    const kept = await put({ name: `${admin.name} B`, email: admin.email }, { bearer: token });
    expect(kept.body.data).toMatchObject({ signature });

    for (const [body, field] of [
      [{ name: admin.name, email: admin.email, signature: "x".repeat(1001) }, "La firma no puede superar los 1.000 caracteres."],
      [{ name: admin.name, email: admin.email, signature: 12 }, "La firma debe ser texto."],
      [{ name: admin.name, email: admin.email, signature: "Firma\u0007" }, null],
      [{ signature: "Solo la firma" }, null],
    ] as const) {
      const refused = await put(body, { bearer: token });
      expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      if (field) expect((refused.body.errors as Record<string, string[]>).signature).toEqual([field]);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).signature).toBe(signature);

    for (const blank of ["  ", null]) {
      await put({ name: admin.name, email: admin.email, signature }, { bearer: token });
      const removed = await put({ name: admin.name, email: admin.email, signature: blank }, { bearer: token });
      expect(removed.body.data).toMatchObject({ signature: null });
      expect((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).signature).toBeNull();
    }
  });
});

describe("PUT /api/v1/admin/profile: which payload", () => {
  it("a body mixing both payloads, or with neither, is 422 and changes nothing", async () => {
    const admin = await createTestUser({ role: "admin", password: PASSWORD });
    const token = await tokenFor(admin);
    for (const body of [{ name: "Mezcla", email: admin.email, ...passwordChange() }, { name: "Mezcla", current_password: PASSWORD }, {}, { nombre: "x" }, [], "null"]) {
      const response = await put(body, { bearer: token });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(typeof response.body.message).toBe("string");
    }
    const row = await db.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(row.name).toBe(admin.name);
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);
  });
});

describe("PUT /api/v1/admin/profile {current_password, new_password, confirm_password}", () => {
  it("from the browser: stores the new hash, ends the admin's other sessions and tokens, keeps this session", async () => {
    const admin = await createTestUser({ role: "admin", password: PASSWORD });
    const current = await browserSession(admin);
    const otherCookie = await sessionCookieFor(admin);
    const otherToken = await tokenFor(admin);
    const bystander = await createTestUser({ role: "admin" });
    const bystanderCookie = await sessionCookieFor(bystander);

    const response = await put(passwordChange(), current.unsafe);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: admin.id, email: admin.email });
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash/i);

    const row = await db.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(await verifyPassword("clave-nueva-4567", row.passwordHash)).toBe(true);
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(false);
    expect(await meStatus({ cookie: current.cookie })).toBe(200);
    expect(await meStatus({ cookie: otherCookie })).toBe(401);
    expect(await meStatus({ bearer: otherToken })).toBe(401);
    expect(await meStatus({ cookie: bystanderCookie })).toBe(200);

    const [entry] = await profileAudit(admin.id);
    expect(entry).toMatchObject({
      action: "profile.password_change",
      actorId: admin.id,
      details: { before: null, after: { other_sessions_ended: 1, api_keys_revoked: 1 } },
    });
    expect(JSON.stringify(entry.details)).not.toMatch(/clave|password|hash|\$2[aby]\$/i);
  });

  it("with a bearer token: keeps the calling token, ends the other tokens and every browser session", async () => {
    const admin = await createTestUser({ role: "admin", password: PASSWORD });
    const calling = await tokenFor(admin);
    const otherToken = await tokenFor(admin);
    const cookie = await sessionCookieFor(admin);
    const response = await put(passwordChange(), { bearer: calling });
    expect(response.status).toBe(200);
    expect(await meStatus({ bearer: calling })).toBe(200);
    expect(await meStatus({ bearer: otherToken })).toBe(401);
    expect(await meStatus({ cookie })).toBe(401);
  });

  it("a wrong current password is 422 on current_password, in Spanish; nothing changes, nothing ends", async () => {
    const admin = await createTestUser({ role: "admin", password: PASSWORD });
    const token = await tokenFor(admin);
    const cookie = await sessionCookieFor(admin);
    const response = await put(passwordChange("no-es-la-clave"), { bearer: token });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ current_password: ["La contraseña actual no es correcta."] });
    expect(await verifyPassword(PASSWORD, (await db.user.findUniqueOrThrow({ where: { id: admin.id } })).passwordHash)).toBe(true);
    expect(await meStatus({ cookie })).toBe(200);
    expect(await profileAudit(admin.id)).toHaveLength(0);
  });

  it("short, mismatched, missing or over-long passwords are 422 with the profile form's messages", async () => {
    const admin = await createTestUser({ role: "admin", password: PASSWORD });
    const token = await tokenFor(admin);
    const short = await put(passwordChange(PASSWORD, "corta"), { bearer: token });
    expect(short.status).toBe(422);
    expect((short.body.errors as Record<string, string[]>).new_password).toEqual(["Mínimo 8 caracteres"]);

    const mismatch = await put({ current_password: PASSWORD, new_password: "clave-nueva-4567", confirm_password: "otra-cosa-4567" }, { bearer: token });
    expect(mismatch.status).toBe(422);
    expect((mismatch.body.errors as Record<string, string[]>).confirm_password).toEqual(["Las contraseñas no coinciden."]);

    for (const body of [
      { new_password: "clave-nueva-4567", confirm_password: "clave-nueva-4567" },
      { current_password: PASSWORD, new_password: "clave-nueva-4567" },
      passwordChange(PASSWORD, "a".repeat(73)),
      passwordChange(PASSWORD, "ñ".repeat(40)),
      { current_password: 12345678, new_password: "clave-nueva-4567", confirm_password: "clave-nueva-4567" },
      { current_password: "x".repeat(10_000), new_password: "clave-nueva-4567", confirm_password: "clave-nueva-4567" },
    ]) {
      const response = await put(body, { bearer: token });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect(await verifyPassword(PASSWORD, (await db.user.findUniqueOrThrow({ where: { id: admin.id } })).passwordHash)).toBe(true);
  });

  it("after 5 wrong current passwords the form is rate-limited (429, even with the right one)", async () => {
    const admin = await createTestUser({ role: "admin", password: PASSWORD });
    const token = await tokenFor(admin);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await put(passwordChange(`intento-${attempt}-x`), { bearer: token })).status).toBe(422);
    }
    const limited = await put(passwordChange(), { bearer: token });
    expect(limited.status).toBe(429);
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await verifyPassword(PASSWORD, (await db.user.findUniqueOrThrow({ where: { id: admin.id } })).passwordHash)).toBe(true);

    // Another admin is not affected.
    const other = await createTestUser({ role: "admin", password: PASSWORD });
    expect((await put(passwordChange(), { bearer: await tokenFor(other) })).status).toBe(200);
  });

  it("successes do not count towards the limit", async () => {
    const admin = await createTestUser({ role: "admin", password: PASSWORD });
    const token = await tokenFor(admin);
    let current = PASSWORD;
    for (let round = 0; round < 6; round++) {
      const next = `clave-ronda-${round}-xyz`;
      expect((await put(passwordChange(current, next), { bearer: token })).status, `round ${round}`).toBe(200);
      current = next;
    }
  });
});
