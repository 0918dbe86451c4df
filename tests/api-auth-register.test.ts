// Integration tests of the REST authentication contract's registration (POST
// /api/v1/auth/register and its limit), and of malformed bodies on every public auth endpoint
// (login, register, Google), called as route handlers against the seeded test database. Expected
// users come from the database; texts are the contract's fixed Spanish messages.
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { POST as google } from "@/app/api/v1/auth/google/route";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { GET as me } from "@/app/api/v1/auth/me/route";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { REGISTER_LIMIT } from "@/lib/auth/accounts";
import { BCRYPT_COST, PASSWORD_MIN_LENGTH } from "@/lib/auth/password";
import { db } from "@/lib/db";
import { call, expectedUser, expectErrorShape, fakeIp, SEEDED_CLIENT, uniqueTag, type Json } from "./helpers/auth";

const REQUIRED = "Todos los campos son obligatorios.";
const MISMATCH = "Las contraseñas no coinciden.";

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
