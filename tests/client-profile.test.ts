// The client's "Mi perfil" through GET|PUT /api/v1/client/profile: name, e-mail and billing
// profile really save (RUC with its módulo-11 check digit or DNI), a password change needs the
// right current password, and nothing changes on a rejection.
import { describe, expect, it, vi } from "vitest";
import { GET as profileGet, PUT as profilePut } from "@/app/api/v1/client/profile/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import type { AdminActor } from "@/lib/auth/actor";
import { csrfTokenForSession } from "@/lib/auth/csrf";
import { verifyPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/sessions";
import { addDays, businessDate } from "@/lib/dates";
import { issueInvoice } from "@/lib/billing/invoices";
import { rucCheckDigit } from "@/lib/sunat/identity";
import { db } from "@/lib/db";
import { call, createTestUser, sessionCookieFor, sessionCookieWithSid, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { startSmtpServer } from "./helpers/smtp";

const PASSWORD = "clave-actual-123";

// Cost-12 bcrypt hashes: slow on a shared, loaded machine.
vi.setConfig({ testTimeout: 90_000 });

const ruc = (first10: string) => `${first10}${rucCheckDigit(first10)}`;
const VALID_RUC = ruc("2060123456");
const BAD_CHECK_DIGIT_RUC = `${VALID_RUC.slice(0, 10)}${(Number(VALID_RUC[10]) + 1) % 10}`;

type Credentials = { bearer?: string; cookie?: string; headers?: Record<string, string> };
const put = (body: unknown, credentials: Credentials) => call(profilePut, "/api/v1/client/profile", { method: "PUT", body, ...credentials });
const get = (credentials: Credentials) => call(profileGet, "/api/v1/client/profile", credentials);

const row = (id: string) => db.user.findUniqueOrThrow({ where: { id } });
const profileAudit = (userId: string) => db.auditLog.findMany({ where: { entityType: "profile", entityId: userId }, orderBy: { id: "asc" } });

/** A browser session of the user: its cookie with the CSRF pair an unsafe call needs. */
async function browserSession(user: TestUser) {
  const sid = await createSession(user.id);
  const cookie = await sessionCookieWithSid(user, sid);
  const csrf = csrfTokenForSession(sid);
  return { cookie, unsafe: { cookie: `${cookie}; XSRF-TOKEN=${csrf}`, headers: { "x-xsrf-token": csrf } } };
}

describe("GET /api/v1/client/profile", () => {
  it("answers the caller's own profile with the billing fields; 401 signed out", async () => {
    const client = await createTestUser();
    await db.user.update({ where: { id: client.id }, data: { billingName: "Comercial Ñaña S.R.L.", taxId: VALID_RUC } });
    const response = await get({ bearer: await tokenFor(client) });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      id: client.id,
      name: client.name,
      email: client.email,
      role: "client",
      created_at: expect.any(String),
      billing_name: "Comercial Ñaña S.R.L.",
      tax_id: VALID_RUC,
      tax_id_type: "RUC",
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash/i);
    expect((await get({})).status).toBe(401);
  });
});

describe("PUT /api/v1/client/profile {name, email, billing_name, tax_id}", () => {
  it("saves name, e-mail (lower-cased, with the current password) and the billing profile with a RUC; GET shows it; audited", async () => {
    const client = await createTestUser({ password: PASSWORD });
    const token = await tokenFor(client);
    const tag = uniqueTag();
    const response = await put(
      { name: ` Ana ${tag} `, email: `Ana.${tag}@Empresa.PE`, billing_name: " Inversiones Ana S.A.C. ", tax_id: VALID_RUC, current_password: PASSWORD },
      { bearer: token },
    );
    expect(response.status).toBe(200);
    const expected = {
      id: client.id,
      name: `Ana ${tag}`,
      email: `ana.${tag}@empresa.pe`,
      role: "client",
      created_at: expect.any(String),
      billing_name: "Inversiones Ana S.A.C.",
      tax_id: VALID_RUC,
      tax_id_type: "RUC",
    };
    expect(response.body.data).toEqual(expected);
    expect((await get({ bearer: token })).body.data).toEqual(expected);
    expect(await row(client.id)).toMatchObject({ name: `Ana ${tag}`, email: `ana.${tag}@empresa.pe`, billingName: "Inversiones Ana S.A.C.", taxId: VALID_RUC });

    const [entry] = await profileAudit(client.id);
    expect(entry).toMatchObject({
      action: "profile.update",
      actorId: client.id,
      details: {
        before: { name: client.name, email: client.email, billing_name: null, tax_id: null },
        after: { name: `Ana ${tag}`, email: `ana.${tag}@empresa.pe`, billing_name: "Inversiones Ana S.A.C.", tax_id: VALID_RUC },
      },
    });
  });

  it("a DNI (8 digits) is accepted; spaces and hyphens are dropped; blank clears; a field left out is kept", async () => {
    const client = await createTestUser();
    const token = await tokenFor(client);
    const base = { name: client.name, email: client.email };

    let response = await put({ ...base, billing_name: "José Pérez", tax_id: "4567 8912" }, { bearer: token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ billing_name: "José Pérez", tax_id: "45678912", tax_id_type: "DNI" });

    response = await put({ ...base, tax_id: `${VALID_RUC.slice(0, 2)}-${VALID_RUC.slice(2)}` }, { bearer: token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ billing_name: "José Pérez", tax_id: VALID_RUC, tax_id_type: "RUC" });

    response = await put({ ...base }, { bearer: token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ billing_name: "José Pérez", tax_id: VALID_RUC });

    response = await put({ ...base, billing_name: "  ", tax_id: "" }, { bearer: token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ billing_name: null, tax_id: null, tax_id_type: null });
    expect(await row(client.id)).toMatchObject({ billingName: null, taxId: null });
  });

  it("refuses a RUC with a wrong check digit, 10 digits and other bad values with 422 per field; nothing changes", async () => {
    const client = await createTestUser();
    await db.user.update({ where: { id: client.id }, data: { billingName: "Antes S.A.C.", taxId: "45678912" } });
    const token = await tokenFor(client);
    const base = { name: "Nombre Nuevo", email: `nuevo.${uniqueTag()}@empresa.pe`, billing_name: "Después S.A.C." };
    const cases: [Json, string, string?][] = [
      [{ ...base, tax_id: BAD_CHECK_DIGIT_RUC }, "tax_id", "El RUC no es válido: el dígito verificador no corresponde. Revisa el número."],
      [{ ...base, tax_id: "2060123456" }, "tax_id", "Ingresa un RUC de 11 dígitos o un DNI de 8 dígitos."],
      [{ ...base, tax_id: "1234567" }, "tax_id"],
      [{ ...base, tax_id: "123456789" }, "tax_id"],
      [{ ...base, tax_id: "ABCDEFGH" }, "tax_id"],
      [{ ...base, tax_id: "9".repeat(40) }, "tax_id"],
      [{ ...base, tax_id: 20601234567 }, "tax_id"],
      [{ ...base, tax_id: ruc("9960123456") }, "tax_id"],
      [{ ...base, billing_name: "b".repeat(201), tax_id: VALID_RUC }, "billing_name"],
      [{ ...base, billing_name: "línea\u0000", tax_id: VALID_RUC }, "billing_name"],
      [{ ...base, name: "", tax_id: VALID_RUC }, "name"],
      [{ ...base, email: "no-es-correo", tax_id: VALID_RUC }, "email"],
      [{ billing_name: "Solo facturación", tax_id: VALID_RUC }, "name"],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(body, { bearer: token });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      const errors = response.body.errors as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(body).slice(0, 80)).toContain(field);
      if (message) expect(errors[field][0]).toBe(message);
    }
    expect(await row(client.id)).toMatchObject({ name: client.name, email: client.email, billingName: "Antes S.A.C.", taxId: "45678912" });
    expect(await profileAudit(client.id)).toHaveLength(0);
  });

  it("an e-mail of another account is 409 and changes nothing", async () => {
    const [client, other] = await Promise.all([createTestUser({ password: PASSWORD }), createTestUser()]);
    const response = await put(
      { name: "Otro Nombre", email: other.email.toUpperCase(), billing_name: "X S.A.C.", tax_id: VALID_RUC, current_password: PASSWORD },
      { bearer: await tokenFor(client) },
    );
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: "Ya existe una cuenta con este correo electrónico.", errors: { email: ["Ya existe una cuenta con este correo electrónico."] } });
    expect(await row(client.id)).toMatchObject({ name: client.name, email: client.email, billingName: null, taxId: null });
    expect(await profileAudit(client.id)).toHaveLength(0);
  });

  it("a cookie session needs its CSRF token (419), then saves", async () => {
    const client = await createTestUser();
    const session = await browserSession(client);
    const body = { name: client.name, email: client.email, billing_name: "Con Cookie S.A.C.", tax_id: "45678912" };
    expect((await put(body, { cookie: session.cookie })).status).toBe(419);
    expect((await row(client.id)).billingName).toBeNull();
    expect((await put(body, session.unsafe)).status).toBe(200);
    expect((await row(client.id)).billingName).toBe("Con Cookie S.A.C.");
  });

  it("invoices issued afterwards follow the billing profile: a RUC gives a factura (F001) to the billing name, a DNI a boleta (B001)", async () => {
    const [client, admin] = await Promise.all([createTestUser(), createTestUser({ role: "admin" })]);
    const actor: AdminActor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", ipAddress: "203.0.113.8", sessionId: null };
    const token = await tokenFor(client);
    const invoice = { user_id: client.id, currency: "PEN", due_date: addDays(businessDate(), 10), lines: [{ description: "Soporte", quantity: "1", unit_price: "10.00" }] };

    await put({ name: client.name, email: client.email, billing_name: "Factura Aquí S.A.C.", tax_id: VALID_RUC }, { bearer: token });
    const factura = await issueInvoice(actor, invoice);
    expect(factura.series).toBe("F001");
    expect(factura.customer).toMatchObject({ name: "Factura Aquí S.A.C.", tax_id: VALID_RUC });

    await put({ name: client.name, email: client.email, billing_name: "", tax_id: "45678912" }, { bearer: token });
    const boleta = await issueInvoice(actor, invoice);
    expect(boleta.series).toBe("B001");
    expect(boleta.customer).toMatchObject({ name: client.name, tax_id: "45678912" });
  });
});

describe("PUT /api/v1/client/profile {current_password, new_password, confirm_password}", () => {
  const change = (current: string, next = "clave-nueva-4567", confirm = next) => ({ current_password: current, new_password: next, confirm_password: confirm });

  it("needs the right current password: a wrong one is 422 and keeps the old hash", async () => {
    const client = await createTestUser({ password: PASSWORD });
    const token = await tokenFor(client);
    const response = await put(change("no-es-la-clave"), { bearer: token });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ current_password: ["La contraseña actual no es correcta."] });
    const stored = await row(client.id);
    expect(await verifyPassword(PASSWORD, stored.passwordHash)).toBe(true);
    expect(await verifyPassword("clave-nueva-4567", stored.passwordHash)).toBe(false);
    expect(await profileAudit(client.id)).toHaveLength(0);
  });

  it("a short new password or a different confirmation is 422 and changes nothing", async () => {
    const client = await createTestUser({ password: PASSWORD });
    const token = await tokenFor(client);
    const short = await put(change(PASSWORD, "corta1", "corta1"), { bearer: token });
    expect(short.status).toBe(422);
    expect((short.body.errors as Record<string, string[]>).new_password).toContain("Mínimo 8 caracteres");
    const mismatch = await put(change(PASSWORD, "clave-nueva-4567", "clave-nueva-4568"), { bearer: token });
    expect(mismatch.status).toBe(422);
    expect((mismatch.body.errors as Record<string, string[]>).confirm_password).toEqual(["Las contraseñas no coinciden."]);
    expect(await verifyPassword(PASSWORD, (await row(client.id)).passwordHash)).toBe(true);
  });

  it("with the right one: stores the new hash, answers the profile, ends the other sessions and keeps this one", async () => {
    const client = await createTestUser({ password: PASSWORD });
    await db.user.update({ where: { id: client.id }, data: { taxId: "45678912" } });
    const current = await browserSession(client);
    const otherCookie = await sessionCookieFor(client);
    const otherToken = await tokenFor(client);

    const response = await put(change(PASSWORD), current.unsafe);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: client.id, email: client.email, tax_id: "45678912", tax_id_type: "DNI" });
    expect(JSON.stringify(response.body)).not.toMatch(/password|hash/i);

    const stored = await row(client.id);
    expect(await verifyPassword("clave-nueva-4567", stored.passwordHash)).toBe(true);
    expect((await call(me, "/api/v1/auth/me", { cookie: current.cookie })).status).toBe(200);
    expect((await call(me, "/api/v1/auth/me", { cookie: otherCookie })).status).toBe(401);
    expect((await call(me, "/api/v1/auth/me", { bearer: otherToken })).status).toBe(401);
    const [entry] = await profileAudit(client.id);
    expect(entry.action).toBe("profile.password_change");
    expect(JSON.stringify(entry.details)).not.toMatch(/clave/);
  });

  it("a body mixing both payloads, or with neither, is 422 and changes nothing", async () => {
    const client = await createTestUser({ password: PASSWORD });
    const token = await tokenFor(client);
    for (const body of [{ name: "Mezcla", email: client.email, ...change(PASSWORD) }, { tax_id: "45678912", current_password: PASSWORD }, {}, { nombre: "x" }, [], "null"]) {
      const response = await put(body, { bearer: token });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(typeof response.body.message).toBe("string");
    }
    const stored = await row(client.id);
    expect(stored).toMatchObject({ name: client.name, taxId: null });
    expect(await verifyPassword(PASSWORD, stored.passwordHash)).toBe(true);
  });
});

describe("e-mail change notice", () => {
  it("tells the old address when the sign-in e-mail changes (SMTP configured), and nothing when it stays", async () => {
    const smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    try {
      const client = await createTestUser({ password: PASSWORD });
      const token = await tokenFor(client);
      const tag = uniqueTag();
      expect((await put({ name: client.name, email: client.email }, { bearer: token })).status).toBe(200);
      const moved = await put({ name: client.name, email: `nuevo.${tag}@empresa.pe`, current_password: PASSWORD }, { bearer: token });
      expect(moved.status).toBe(200);
      const notice = await smtp.waitFor((mail) => mail.recipients.includes(client.email));
      expect(notice.headers.subject).toBe("Tu correo de acceso cambió");
      expect(notice.text).toContain(`nuevo.${tag}@empresa.pe`);
      expect(smtp.received.filter((mail) => mail.recipients.includes(client.email))).toHaveLength(1);
    } finally {
      delete process.env.SMTP_URL;
      await smtp.close();
    }
  });
});
