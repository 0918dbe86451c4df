// Hostile input below the HTTP server: control characters, ANSI escapes and bidi overrides in every
// text field of contact and register are refused with 422 before anything is stored or a rate-limit
// slot is spent (the forms' server actions: e2e/hardening.spec.ts); JSON endpoints refuse bodies
// not declared as JSON (415); a catalogue slug that no slug can be is a 404 without a database
// query. Route handlers are called directly against the seeded test database.
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/v1/auth/login/route";
import { POST as google } from "@/app/api/v1/auth/google/route";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { POST as contact } from "@/app/api/v1/contact/route";
import { GET as getProduct } from "@/app/api/v1/products/[slug]/route";
import { GET as getService } from "@/app/api/v1/services/[slug]/route";
import { CatalogDetailPage, catalogDetailMetadata } from "@/components/site/catalog/detail-route";
import { REGISTER_LIMIT } from "@/lib/auth/accounts";
import { CONTACT_RATE_LIMIT } from "@/lib/rate-limit";
import { db } from "@/lib/db";
import { TEXT_MESSAGES } from "@/lib/zod";
import { call, fakeIp, uniqueTag, type Json } from "./helpers/auth";

afterEach(() => {
  vi.restoreAllMocks();
});

/** What each kind of refused character looks like inside a field, and the message it gets. */
const REFUSED: Array<[label: string, insert: string, message: string]> = [
  ["NUL", "\u0000", TEXT_MESSAGES.control],
  ["BEL (C0)", "\u0007", TEXT_MESSAGES.control],
  ["ANSI colour escape", "\u001b[31m", TEXT_MESSAGES.control],
  ["vertical tab", "\u000b", TEXT_MESSAGES.control],
  ["DEL", "\u007f", TEXT_MESSAGES.control],
  ["C1 NEL", "\u0085", TEXT_MESSAGES.control],
  ["C1 CSI", "\u009b", TEXT_MESSAGES.control],
  ["right-to-left override", "\u202e", TEXT_MESSAGES.bidi],
  ["left-to-right embedding", "\u202a", TEXT_MESSAGES.bidi],
  ["right-to-left isolate", "\u2067", TEXT_MESSAGES.bidi],
  ["pop directional isolate", "\u2069", TEXT_MESSAGES.bidi],
  ["lone surrogate", "\ud800", TEXT_MESSAGES.malformed],
];

/** Puts `insert` inside a valid value, so nothing but the character is wrong. */
const CONTACT_FIELDS: Record<string, (insert: string) => string> = {
  name: (c) => `María${c} Quispe`,
  email: (c) => `maria${c}@empresa.pe`,
  phone: (c) => `+51 987${c}654 321`,
  company: (c) => `Textiles${c} Andinos`,
  subject: (c) => `Implementación${c} de ERP`,
  message: (c) => `Queremos ordenar el inventario${c} de tres tiendas.`,
};

function contactPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: "María Quispe",
    email: `maria.${uniqueTag()}@empresa.pe`,
    phone: "+51 987 654 321",
    company: "Textiles Andinos S.A.C.",
    subject: "Implementación de ERP",
    message: "Queremos ordenar inventario y facturación electrónica.",
    sector_id: "",
    ...overrides,
  };
}

const storedFrom = (ip: string) => db.contactMessage.count({ where: { ipAddress: ip } });

describe("contact: control and bidi characters in any field", () => {
  it(`are refused with 422 per field, store nothing and spend no rate-limit slot (${CONTACT_RATE_LIMIT.limit} messages still pass)`, async () => {
    const ip = fakeIp();
    // Name and subject carry this test's tag (one of them survives each field's case), so the
    // notification check below is not disturbed by other test files posting at the same time.
    const tag = uniqueTag();
    for (const [field, valueWith] of Object.entries(CONTACT_FIELDS)) {
      for (const [label, insert, message] of REFUSED) {
        const payload = contactPayload({ name: `María Quispe ${tag}`, subject: `ERP ${tag}`, [field]: valueWith(insert) });
        const { status, body } = await call(contact, "/api/v1/contact", { ip, body: payload });
        expect(status, `${field} with ${label}`).toBe(422);
        expect(body.success).toBe(false);
        expect(body.errors, `${field} with ${label}`).toEqual({ [field]: [message] });
      }
    }
    expect(await storedFrom(ip)).toBe(0);
    expect(await db.notification.count({ where: { type: "contact_message", body: { contains: tag } } })).toBe(0);

    for (let i = 1; i <= CONTACT_RATE_LIMIT.limit; i++) {
      const { status } = await call(contact, "/api/v1/contact", { ip, body: contactPayload() });
      expect(status, `valid message ${i} after the refused ones`).toBe(201);
    }
    expect(await storedFrom(ip)).toBe(CONTACT_RATE_LIMIT.limit);
  });

  it("a message keeps its tabs and line breaks (CRLF from a form becomes LF); a one-line field refuses them", async () => {
    const ip = fakeIp();
    const message = "Hola:\r\n\tnecesitamos un ERP.\r\nGracias.\n";
    const accepted = await call(contact, "/api/v1/contact", { ip, body: contactPayload({ message }) });
    expect(accepted.status).toBe(201);
    const row = await db.contactMessage.findFirstOrThrow({ where: { ipAddress: ip } });
    expect(row.message).toBe("Hola:\n\tnecesitamos un ERP.\nGracias.");

    for (const [field, value] of [
      ["name", "María\tQuispe"],
      ["subject", "Implementación\nde ERP"],
      ["company", "Textiles\r\nAndinos"],
    ]) {
      const refused = await call(contact, "/api/v1/contact", { ip, body: contactPayload({ [field]: value }) });
      expect(refused.status, field).toBe(422);
      expect(refused.body.errors).toEqual({ [field]: [TEXT_MESSAGES.lineBreak] });
    }
    // Surrounding whitespace (a pasted trailing line break) is simply trimmed.
    const trimmed = await call(contact, "/api/v1/contact", { ip, body: contactPayload({ name: "  Rosa Huamán\r\n" }) });
    expect(trimmed.status).toBe(201);
    expect(await db.contactMessage.count({ where: { ipAddress: ip, name: "Rosa Huamán" } })).toBe(1);
  });

  it("control characters a header can carry (DEL, C1 as Latin-1 bytes) are removed from the stored user agent", async () => {
    const ip = fakeIp();
    const { status } = await call(contact, "/api/v1/contact", { ip, body: contactPayload(), headers: { "user-agent": "Bot\u009b31m/1.0\u007f (x)" } });
    expect(status).toBe(201);
    expect((await db.contactMessage.findFirstOrThrow({ where: { ipAddress: ip } })).userAgent).toBe("Bot31m/1.0 (x)");
  });
});

function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: "Ana Torres",
    email: `ana.${uniqueTag()}@empresa.pe`,
    password: "Segura#2026",
    password_confirmation: "Segura#2026",
    ...overrides,
  };
}

describe("register: control and bidi characters", () => {
  const REGISTER_FIELDS: Record<string, (insert: string) => Record<string, unknown>> = {
    name: (c) => ({ name: `Ana${c} Torres` }),
    email: (c) => ({ email: `ana${c}.${uniqueTag()}@empresa.pe` }),
    password: (c) => ({ password: `Segura${c}#2026`, password_confirmation: `Segura${c}#2026` }),
  };

  it(`REST: 422 on the field, no user, no registration slot spent (${REGISTER_LIMIT.limit} per hour)`, async () => {
    const ip = fakeIp();
    const emails: string[] = [];
    for (const [field, withInsert] of Object.entries(REGISTER_FIELDS)) {
      for (const [label, insert, message] of REFUSED) {
        const input = registration(withInsert(insert));
        if (field !== "email") emails.push(input.email as string);
        const { status, body } = await call(register, "/api/v1/auth/register", { ip, body: input });
        expect(status, `${field} with ${label}`).toBe(422);
        expect(body.token).toBeUndefined();
        const messages = (body.errors as Record<string, string[]>)[field];
        expect(messages, `${field} with ${label}: ${JSON.stringify(body.errors)}`).toBeDefined();
        expect(messages[0]).toBe(message);
      }
    }
    expect(await db.user.count({ where: { email: { in: emails } } })).toBe(0);
    expect(await db.user.count({ where: { name: { contains: "\u202e" } } })).toBe(0);

    const input = registration();
    const ok = await call(register, "/api/v1/auth/register", { ip, body: input });
    expect(ok.status, "a valid registration after the refused ones").toBe(201);
  });
});

describe("JSON endpoints only read bodies declared as JSON (415 otherwise)", () => {
  const UNSUPPORTED = "El cuerpo de la solicitud debe ser JSON (Content-Type: application/json).";
  const endpoints = [
    ["contact", contact, "/api/v1/contact", () => contactPayload()],
    ["register", register, "/api/v1/auth/register", () => registration()],
    ["login", login, "/api/v1/auth/login", () => ({ email: "cliente@lumenti.pe", password: "no-importa" })],
    ["google", google, "/api/v1/auth/google", () => ({ token: "x.y.z" })],
  ] as const;

  /** The same JSON text under a given Content-Type; `null` sends none (a bytes body gets no default). */
  async function send(handler: (typeof endpoints)[number][1], path: string, text: string, contentType: string | null) {
    const headers: Record<string, string> = {};
    if (contentType !== null) headers["content-type"] = contentType;
    const request = new Request(`http://localhost${path}`, { method: "POST", headers, body: new TextEncoder().encode(text) });
    const response = await handler(request, { params: Promise.resolve({}) } as never);
    return { status: response.status, body: (await response.json()) as Json };
  }

  for (const [name, handler, path, payload] of endpoints) {
    it(`${name}: text/plain, none, form-encoded and multipart → 415 with a Spanish message; nothing stored`, async () => {
      const input = payload() as Record<string, unknown>;
      for (const contentType of ["text/plain", "text/plain;charset=UTF-8", null, "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp", "application/json-seq"]) {
        const { status, body } = await send(handler, path, JSON.stringify(input), contentType);
        expect(status, `${name} with ${contentType}`).toBe(415);
        expect(body.message).toBe(UNSUPPORTED);
        if (name === "contact") expect(body.success).toBe(false);
      }
      if (name === "contact") expect(await db.contactMessage.count({ where: { email: input.email as string } })).toBe(0);
      if (name === "register") expect(await db.user.count({ where: { email: input.email as string } })).toBe(0);
    });
  }

  it("application/json with a charset or in capitals is read (contact 201, register 201)", async () => {
    for (const contentType of ["application/json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8"]) {
      const headers = { "content-type": contentType };
      const message = contactPayload();
      expect((await call(contact, "/api/v1/contact", { body: message, headers })).status, contentType).toBe(201);
      expect(await db.contactMessage.count({ where: { email: message.email } })).toBe(1);

      const account = registration();
      expect((await call(register, "/api/v1/auth/register", { body: account, headers })).status, contentType).toBe(201);
      expect(await db.user.count({ where: { email: account.email } })).toBe(1);
    }
  });
});

describe("catalogue slugs that no slug can be", () => {
  // What Next hands the handler after decoding the URL (/api/v1/products/a%00b → "a\u0000b").
  const IMPOSSIBLE = ["a\u0000b", "\u0000", "a%00b", "%", "Lumen-ERP-Pyme", " lumen-erp-pyme", "lumen_erp", "lumen--erp", "-lumen", "café", "a/b", "a".repeat(201), ""];

  for (const [kind, handler, path, missing] of [
    ["product", getProduct, "/api/v1/products", "Producto no encontrado"],
    ["service", getService, "/api/v1/services", "Servicio no encontrado"],
  ] as const) {
    it(`GET ${path}/{slug}: 404 with the not-found message, without a database query`, async () => {
      const findFirst = vi.spyOn(db.catalogItem, "findFirst");
      for (const slug of IMPOSSIBLE) {
        const { status, body } = await call(handler, `${path}/x`, { params: { slug } });
        expect(status, JSON.stringify(slug.slice(0, 30))).toBe(404);
        expect(body).toEqual({ message: missing });
      }
      expect(findFirst).not.toHaveBeenCalled();

      // A real slug still queries and answers (the pattern lets every seeded slug through).
      const row = await db.catalogItem.findFirstOrThrow({ where: { kind, status: "active" } });
      expect((await call(handler, `${path}/${row.slug}`, { params: { slug: row.slug } })).status).toBe(200);
    });
  }

  it("/productos/{slug} and /servicios/{slug}: the page answers 404 and its metadata says not found, without a query", async () => {
    const findFirst = vi.spyOn(db.catalogItem, "findFirst");
    for (const kind of ["product", "service"] as const) {
      for (const slug of ["a\u0000b", "%FF", "A"]) {
        const params = Promise.resolve({ slug });
        await expect(CatalogDetailPage({ kind, params })).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
        const metadata = await catalogDetailMetadata(kind, { params });
        expect(metadata.robots).toEqual({ index: false });
      }
    }
    expect(findFirst).not.toHaveBeenCalled();
  });
});
