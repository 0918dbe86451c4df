// User management through the admin API: GET|POST /api/v1/admin/users, PUT|DELETE
// /api/v1/admin/users/{id}, each allowed and refused, with the database checked. The "last admin"
// rules need a database with exactly one or two admins: tests/admin-users-last-admin.test.ts.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DELETE as deleteRoute, PUT as putRoute } from "@/app/api/v1/admin/users/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/admin/users/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { csrfTokenForSession } from "@/lib/auth/csrf";
import { verifyPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/sessions";
import { db } from "@/lib/db";
import { call, createTestUser, sessionCookieFor, sessionCookieWithSid, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";

type Params = { id: string };

// Several cost-12 bcrypt hashes per test: slow on a shared, loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin", password: "clave-admin-123" });
  adminToken = await tokenFor(admin);
});

const list = (query = "") => call(listRoute, `/api/v1/admin/users${query}`, { bearer: adminToken });
const create = (body: unknown, options: { bearer?: string } = {}) =>
  call(createRoute, "/api/v1/admin/users", { method: "POST", body, bearer: options.bearer ?? adminToken });
const update = (id: string, body: unknown, bearer = adminToken) =>
  call<Params>(putRoute, `/api/v1/admin/users/${id}`, { method: "PUT", body, params: { id }, bearer });
const remove = (id: string, bearer = adminToken) =>
  call<Params>(deleteRoute, `/api/v1/admin/users/${id}`, { method: "DELETE", params: { id }, bearer });

/** Whether a stolen cookie or token still opens an authenticated route. */
async function meStatus(credentials: { cookie?: string; bearer?: string }) {
  return (await call(me, "/api/v1/auth/me", credentials)).status;
}

const auditFor = (id: string) => db.auditLog.findMany({ where: { entityType: "user", entityId: id }, orderBy: { id: "asc" } });

function expectNoSecrets(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toMatch(/password|hash|\$2[aby]\$/i);
}

const newUserBody = (tag = uniqueTag(), extra: Json = {}) => ({
  name: `Usuaria ${tag}`,
  email: `usuaria.${tag}@example.pe`,
  password: "clave-segura-1",
  ...extra,
});

describe("GET /api/v1/admin/users", () => {
  it("without ?page: { data: [...] }, newest first, never a password; ?q= and ?role= filter", async () => {
    const tag = uniqueTag();
    const first = await createTestUser({ name: `Lista ${tag} uno`, password: "x".repeat(8) });
    const second = await createTestUser({ name: `Lista ${tag} dos`, role: "admin" });
    await db.user.update({ where: { id: first.id }, data: { createdAt: new Date(Date.now() - 60_000) } });

    const all = await list(`?q=${tag}`);
    expect(all.status).toBe(200);
    const rows = all.body.data as Json[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(rows[1]).toEqual({ id: first.id, name: first.name, email: first.email, role: "client", created_at: expect.any(String) });
    expectNoSecrets(all.body);

    const byEmail = await list(`?q=${encodeURIComponent(first.email.toUpperCase())}`);
    expect((byEmail.body.data as Json[]).map((row) => row.id)).toEqual([first.id]);

    const admins = await list(`?q=${tag}&role=admin`);
    expect((admins.body.data as Json[]).map((row) => row.id)).toEqual([second.id]);
  });

  it("?q= finds every word in the name or e-mail, in any order, accents and case ignored, and follows a rename", async () => {
    const tag = uniqueTag();
    const angel = await createTestUser({ name: `Ángel Peña ${tag}` });
    const other = await createTestUser({ name: `Angela Quispe ${tag}` });
    const ids = async (q: string) => ((await list(`?q=${encodeURIComponent(q)}`)).body.data as Json[]).map((row) => row.id);
    expect(await ids(`pena ANGEL ${tag}`)).toEqual([angel.id]);
    expect(await ids(`PEÑA ${tag}`)).toEqual([angel.id]);
    expect(await ids(`${tag} ángel`)).toEqual(expect.arrayContaining([angel.id, other.id]));
    // A word of the e-mail and one of the name together; % and _ are only themselves.
    expect(await ids(`${angel.email.split("@")[0]} peña`)).toEqual([angel.id]);
    expect(await ids(`% ${tag}`)).toEqual([]);
    expect(await ids(`_ngel ${tag}`)).toEqual([]);
    // The search text follows the row: after a rename the old name no longer finds it.
    await db.user.update({ where: { id: angel.id }, data: { name: `Ana Torres ${tag}` } });
    expect(await ids(`pena ${tag}`)).toEqual([]);
    expect(await ids(`torres ${tag}`)).toEqual([angel.id]);
  });

  it("with ?page (or ?per_page): the paged shape with the filter's total", async () => {
    const tag = uniqueTag();
    for (let index = 0; index < 3; index++) await createTestUser({ name: `Paginada ${tag} ${index}` });

    const page = await list(`?q=${tag}&page=1&per_page=2`);
    expect(page.status).toBe(200);
    const body = page.body.data as Json;
    expect(body).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2, total_capped: false });
    expect(body.data).toHaveLength(2);

    const second = await list(`?q=${tag}&page=2&per_page=2`);
    expect((second.body.data as Json).data).toHaveLength(1);

    const perPageOnly = await list(`?q=${tag}&per_page=50`);
    expect(perPageOnly.body.data).toMatchObject({ current_page: 1, per_page: 50, total: 3, last_page: 1, total_capped: false });
  });

  it("?sort=name|email|role|created_at&dir=asc|desc orders the list (descending unless asc)", async () => {
    const tag = uniqueTag();
    const bruno = await createTestUser({ name: `Bruno ${tag}` });
    const ana = await createTestUser({ name: `Ana ${tag}` });
    const carla = await createTestUser({ name: `Carla ${tag}` });
    // Registration dates a second apart (timestamps are kept to the millisecond).
    for (const [index, user] of [bruno, ana, carla].entries()) {
      await db.user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) } });
    }
    const ids = async (query: string) => ((await list(`?q=${tag}${query}`)).body.data as Json[]).map((row) => row.id);
    expect(await ids("&sort=name&dir=asc")).toEqual([ana.id, bruno.id, carla.id]);
    expect(await ids("&sort=name")).toEqual([carla.id, bruno.id, ana.id]);
    expect(await ids("&sort=created_at&dir=asc")).toEqual([bruno.id, ana.id, carla.id]);
    expect(((await list(`?q=${tag}&sort=name&dir=asc&page=1&per_page=2`)).body.data as { data: Json[] }).data.map((row) => row.id)).toEqual([ana.id, bruno.id]);
  });

  it("refuses malformed queries with 422 in Spanish, never a 500", async () => {
    for (const query of ["?page=0", "?page=abc", "?per_page=101", "?role=superadmin", `?q=${"a".repeat(101)}`, "?q=%00", "?sort=password_hash", "?dir=up"]) {
      const response = await list(query);
      expect(response.status, query).toBe(422);
      expect(typeof response.body.message, query).toBe("string");
    }
  });
});

describe("POST /api/v1/admin/users", () => {
  it("creates a client by default (e-mail lower-cased, bcrypt hash), audited without secrets", async () => {
    const tag = uniqueTag();
    const response = await create({ name: ` Nueva ${tag} `, email: `Nueva.${tag}@Example.PE`, password: "clave-segura-1" });
    expect(response.status).toBe(201);
    const user = response.body.data as Json;
    expect(user).toEqual({ id: expect.any(String), name: `Nueva ${tag}`, email: `nueva.${tag}@example.pe`, role: "client", created_at: expect.any(String) });
    expectNoSecrets(response.body);

    const row = await db.user.findUniqueOrThrow({ where: { id: user.id as string } });
    expect(row.role).toBe("client");
    expect(await verifyPassword("clave-segura-1", row.passwordHash)).toBe(true);

    const [entry] = await auditFor(row.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: "user.create", details: { before: null, after: { email: `nueva.${tag}@example.pe`, role: "client" } } });
    expect(entry.ipAddress).toBeTruthy();
    expectNoSecrets(entry.details);
  });

  it("creates an admin when asked", async () => {
    const response = await create(newUserBody(uniqueTag(), { role: "admin" }));
    expect(response.status).toBe(201);
    expect((response.body.data as Json).role).toBe("admin");
  });

  it("a duplicate e-mail (any letter case) is 409 in Spanish and creates nothing", async () => {
    const existing = await createTestUser();
    const response = await create(newUserBody(uniqueTag(), { email: existing.email.toUpperCase() }));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("Ya existe una cuenta con este correo electrónico.");
    expect(await db.user.count({ where: { email: existing.email } })).toBe(1);
  });

  it("two creations with the same e-mail at once: one 201, one 409", async () => {
    const body = newUserBody();
    const results = await Promise.all([create(body), create(body)]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(await db.user.count({ where: { email: body.email } })).toBe(1);
  });

  it("refuses bad input with 422 and a Spanish message per field, creating nothing", async () => {
    const tag = uniqueTag();
    const cases: [Json, string, string?][] = [
      [newUserBody(tag, { password: "corta" }), "password", "La contraseña debe tener al menos 8 caracteres"],
      [newUserBody(tag, { password: "" }), "password", "La contraseña debe tener al menos 8 caracteres"],
      [{ name: `Sin clave ${tag}`, email: `sin.clave.${tag}@example.pe` }, "password"],
      [newUserBody(tag, { password: "a".repeat(73) }), "password"],
      [newUserBody(tag, { password: "ñ".repeat(40) }), "password"], // 40 characters, 80 bytes: bcrypt would cut it
      [newUserBody(tag, { password: 12345678 }), "password"],
      [newUserBody(tag, { name: "" }), "name", "El nombre es obligatorio."],
      [newUserBody(tag, { name: "n".repeat(121) }), "name"],
      [newUserBody(tag, { name: 42 }), "name"],
      [newUserBody(tag, { name: "Ana\u202Eevil" }), "name"],
      [newUserBody(tag, { email: "no-es-correo" }), "email"],
      [newUserBody(tag, { email: `${"a".repeat(250)}@x.pe` }), "email"],
      [newUserBody(tag, { email: ["a@b.pe"] }), "email"],
      [newUserBody(tag, { role: "superadmin" }), "role"],
      [newUserBody(tag, { role: 1 }), "role"],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      const errors = response.body.errors as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(body).slice(0, 80)).toContain(field);
      if (message) expect(errors[field]).toContain(message);
    }
    expect(await db.user.count({ where: { name: { contains: tag } } })).toBe(0);

    for (const body of [[], JSON.stringify("texto"), "null", 5]) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(422);
    }
    const notJson = await call(createRoute, "/api/v1/admin/users", { method: "POST", body: "{no json", bearer: adminToken });
    expect(notJson.status).toBe(400);
    const wrongType = await call(createRoute, "/api/v1/admin/users", {
      method: "POST",
      body: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      bearer: adminToken,
    });
    expect(wrongType.status).toBe(415);
  });

  it("with the session cookie: needs the session's CSRF token (419 without it)", async () => {
    const sid = await createSession(admin.id);
    const cookie = await sessionCookieWithSid(admin, sid);
    const csrf = csrfTokenForSession(sid);
    const body = newUserBody();
    const refused = await call(createRoute, "/api/v1/admin/users", { method: "POST", body, cookie });
    expect(refused.status).toBe(419);
    const created = await call(createRoute, "/api/v1/admin/users", {
      method: "POST",
      body,
      cookie: `${cookie}; XSRF-TOKEN=${csrf}`,
      headers: { "x-xsrf-token": csrf },
    });
    expect(created.status).toBe(201);
  });
});

describe("PUT /api/v1/admin/users/{id}", () => {
  it("changes name and e-mail; a blank password keeps the current one; a new e-mail ends the user's sessions", async () => {
    const user = await createTestUser({ password: "clave-original-1" });
    const cookie = await sessionCookieFor(user);
    const token = await tokenFor(user);
    const before = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const tag = uniqueTag();

    // The name alone: the user's sessions stay.
    expect((await update(user.id, { name: `Solo nombre ${tag}`, email: user.email, role: "client" })).status).toBe(200);
    expect(await meStatus({ cookie })).toBe(200);
    expect(await meStatus({ bearer: token })).toBe(200);

    for (const password of [undefined, "", "   ", null]) {
      const response = await update(user.id, { name: `Editada ${tag}`, email: `Editada.${tag}@example.pe`, role: "client", password });
      expect(response.status, String(password)).toBe(200);
      expect(response.body.data).toMatchObject({ id: user.id, name: `Editada ${tag}`, email: `editada.${tag}@example.pe`, role: "client" });
      expectNoSecrets(response.body);
    }
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await meStatus({ cookie })).toBe(401);
    expect(await meStatus({ bearer: token })).toBe(401);

    const entries = await auditFor(user.id);
    expect(entries[1]).toMatchObject({
      action: "user.update",
      actorId: admin.id,
      details: { before: { name: `Solo nombre ${tag}`, email: user.email }, after: { name: `Editada ${tag}`, email: `editada.${tag}@example.pe` } },
    });
    for (const entry of entries) expectNoSecrets(entry.details);
  });

  it("a new password is stored and ends every session and API token of that user", async () => {
    const user = await createTestUser({ password: "clave-original-1" });
    const cookie = await sessionCookieFor(user);
    const token = await tokenFor(user);
    const response = await update(user.id, { name: user.name, email: user.email, password: "clave-nueva-123" });
    expect(response.status).toBe(200);

    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("clave-nueva-123", row.passwordHash)).toBe(true);
    expect(await meStatus({ cookie })).toBe(401);
    expect(await meStatus({ bearer: token })).toBe(401);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(0);

    const [entry] = await auditFor(user.id);
    expect(entry.details).toEqual({ before: { credentials_changed: false }, after: { credentials_changed: true } });
    expectNoSecrets(entry.details);
  });

  it("a role change ends every session and API token of that user, audited before/after", async () => {
    const user = await createTestUser({ password: "clave-original-1" });
    const cookie = await sessionCookieFor(user);
    const token = await tokenFor(user);
    const response = await update(user.id, { name: user.name, email: user.email, role: "admin" });
    expect(response.status).toBe(200);
    expect((response.body.data as Json).role).toBe("admin");
    expect(await meStatus({ cookie })).toBe(401);
    expect(await meStatus({ bearer: token })).toBe(401);

    const [entry] = await auditFor(user.id);
    expect(entry.details).toEqual({ before: { role: "client" }, after: { role: "admin" } });

    // …and back: demoting an admin while others remain is allowed and ends their sessions too.
    const adminToken2 = await tokenFor(user);
    const demoted = await update(user.id, { name: user.name, email: user.email, role: "client" });
    expect(demoted.status).toBe(200);
    expect(await meStatus({ bearer: adminToken2 })).toBe(401);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("client");
  });

  it("a role left out keeps the current one", async () => {
    const user = await createTestUser({ role: "admin" });
    const token = await tokenFor(user);
    const response = await update(user.id, { name: "Sin rol", email: user.email });
    expect(response.status).toBe(200);
    expect((response.body.data as Json).role).toBe("admin");
    expect(await meStatus({ bearer: token })).toBe(200);
  });

  it("an e-mail of another user is 409 and changes nothing", async () => {
    const [user, other] = await Promise.all([createTestUser(), createTestUser()]);
    const response = await update(user.id, { name: "Otro nombre", email: other.email.toUpperCase() });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("Ya existe una cuenta con este correo electrónico.");
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ name: user.name, email: user.email });
    expect(await auditFor(user.id)).toHaveLength(0);
  });

  it("an admin cannot demote themself nor set their own password here (409), and nothing changes", async () => {
    const self = await createTestUser({ role: "admin", password: "clave-propia-1" });
    const token = await tokenFor(self);
    const demote = await update(self.id, { name: self.name, email: self.email, role: "client" }, token);
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe("No puedes quitarte a ti mismo el rol de administrador.");
    const password = await update(self.id, { name: self.name, email: self.email, password: "otra-clave-123" }, token);
    expect(password.status).toBe(409);
    const row = await db.user.findUniqueOrThrow({ where: { id: self.id } });
    expect(row.role).toBe("admin");
    expect(await verifyPassword("clave-propia-1", row.passwordHash)).toBe(true);
    expect(await meStatus({ bearer: token })).toBe(200);

    // Their own name and e-mail they may change here.
    const rename = await update(self.id, { name: "Mi nuevo nombre", email: self.email, role: "admin" }, token);
    expect(rename.status).toBe(200);
  });

  it("unknown or malformed ids are 404; bad bodies are 422; nothing changes", async () => {
    for (const id of ["no-existe", "x".repeat(300), "%00"]) {
      const response = await update(id, { name: "Nadie", email: "nadie@example.pe" });
      expect(response.status, id).toBe(404);
      expect(response.body.message).toBe("Usuario no encontrado.");
    }
    const user = await createTestUser();
    for (const body of [
      { name: "", email: user.email },
      { name: "Válido", email: "mal" },
      { name: "Válido", email: user.email, password: "corta" },
      { name: "Válido", email: user.email, role: "root" },
      { name: ["Válido"], email: user.email },
      {},
    ]) {
      const response = await update(user.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const short = await update(user.id, { name: "Válido", email: user.email, password: "corta" });
    expect((short.body.errors as Record<string, string[]>).password).toContain("La contraseña debe tener al menos 8 caracteres");
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ name: user.name });
  });
});

describe("DELETE /api/v1/admin/users/{id}", () => {
  it("deletes the user, ends their sessions and tokens, audited with the record before", async () => {
    const user = await createTestUser({ password: "clave-original-1" });
    const cookie = await sessionCookieFor(user);
    const token = await tokenFor(user);
    const response = await remove(user.id);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Usuario eliminado correctamente");
    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await meStatus({ cookie })).toBe(401);
    expect(await meStatus({ bearer: token })).toBe(401);

    const [entry] = await auditFor(user.id);
    expect(entry).toMatchObject({ action: "user.delete", actorId: admin.id, details: { before: { id: user.id, email: user.email, role: "client" }, after: null } });
    expectNoSecrets(entry.details);

    expect((await remove(user.id)).status).toBe(404);
  });

  it("an admin can delete another admin while one remains, but never themself (409)", async () => {
    const other = await createTestUser({ role: "admin" });
    expect((await remove(other.id)).status).toBe(200);

    const self = await createTestUser({ role: "admin" });
    const token = await tokenFor(self);
    const response = await remove(self.id, token);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe("No puedes eliminar tu propia cuenta.");
    expect(await db.user.findUnique({ where: { id: self.id } })).not.toBeNull();
    expect(await meStatus({ bearer: token })).toBe(200);
  });

  it("unknown ids are 404", async () => {
    for (const id of ["no-existe", "x".repeat(300)]) {
      const response = await remove(id);
      expect(response.status, id).toBe(404);
    }
  });
});
