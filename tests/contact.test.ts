// The contact pipeline end to end below the browser (POST /api/v1/contact): the route handler
// is called directly against the seeded test database. Expected counts come from the database,
// texts are the form's fixed Spanish messages.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/v1/contact/route";
import { MAX_BODY_BYTES } from "@/lib/http/body";
import { PEER_HEADER, trustPeerHeader } from "@/lib/client-address";
import { db } from "@/lib/db";
import { createTestUser } from "./helpers/auth";

const SUCCESS = "Mensaje enviado correctamente. Te contactaremos pronto.";
const INVALID = "Revisa los campos marcados.";
const context = { params: Promise.resolve({}) } as { params: Promise<Record<string, never>> };

// The route is called directly: `ip` stands for the TCP peer the preload would report.
trustPeerHeader();

type Body = { success?: boolean; message?: string; errors?: Record<string, string[]> };

/** A fresh documentation-range-like address per call, so tests never share a rate-limit bucket. */
function fakeIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

function validPayload(overrides: Record<string, unknown> = {}) {
  const tag = randomBytes(6).toString("hex");
  return {
    name: "María Quispe",
    email: `maria.${tag}@empresa.pe`,
    phone: "+51 987 654 321",
    company: "Textiles Andinos S.A.C.",
    subject: "Implementación de ERP",
    message: "Queremos ordenar inventario y facturación electrónica en nuestras tres tiendas.",
    sector_id: "",
    ...overrides,
  };
}

async function post(body: unknown, { ip = fakeIp(), headers = {} as Record<string, string> } = {}) {
  const request = new Request("http://localhost/api/v1/contact", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", [PEER_HEADER]: ip, "user-agent": "ContactTest/1.0", ...headers },
  });
  const response = await POST(request, context);
  return { response, body: (await response.json()) as Body, ip };
}

const storedFrom = (ip: string) => db.contactMessage.count({ where: { ipAddress: ip } });

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.SMTP_URL;
});

describe("POST /api/v1/contact: a valid message", () => {
  it("is stored as new with its IP and user agent, notifies every admin and answers 201", async () => {
    const ownAdmin = await createTestUser({ role: "admin" });
    const ownClient = await createTestUser({ role: "client" });
    const sector = await db.sector.findFirstOrThrow({ where: { isActive: true } });
    const payload = validPayload({ email: "  Maria.Quispe@Empresa.PE ", name: "  María Quispe  ", sector_id: String(sector.id) });
    const { response, body, ip } = await post(payload);

    expect(response.status).toBe(201);
    expect(body).toEqual({ success: true, message: SUCCESS });

    const rows = await db.contactMessage.findMany({ where: { ipAddress: ip } });
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      name: "María Quispe",
      email: "maria.quispe@empresa.pe",
      phone: payload.phone,
      company: payload.company,
      subject: payload.subject,
      message: payload.message,
      sectorId: sector.id,
      status: "new",
      ipAddress: ip,
      userAgent: "ContactTest/1.0",
      readAt: null,
      repliedAt: null,
      firstResponseAt: null,
      origin: "form",
      assignedToId: null,
    });
    // A conversation of its own: a reply token for its answers, and a thread still empty.
    expect(row.replyToken).toMatch(/^[0-9a-f]{32}$/);
    expect(await db.contactEntry.count({ where: { messageId: row.id } })).toBe(0);

    // Other test files add, promote and demote users meanwhile, so the check uses this test's own
    // admin and client (created before the message; nothing else touches them): the admin is
    // notified, the client is not, and every notification goes to a different user.
    const notifications = await db.notification.findMany({
      where: { type: "contact_message", data: { path: ["contact_message_id"], equals: row.id } },
    });
    const recipients = notifications.map((n) => n.userId);
    expect(recipients).toContain(ownAdmin.id);
    expect(recipients).not.toContain(ownClient.id);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(notifications.every((n) => n.readAt === null && n.link?.includes(String(row.id)))).toBe(true);
  });

  it("stores blank optional fields as empty (null) and accepts JSON nulls and a numeric sector", async () => {
    const sector = await db.sector.findFirstOrThrow();
    const { response: first, ip: ipA } = await post(validPayload({ phone: "  ", company: "", subject: null, sector_id: "" }));
    expect(first.status).toBe(201);
    expect(await db.contactMessage.findFirstOrThrow({ where: { ipAddress: ipA } })).toMatchObject({
      phone: null,
      company: null,
      subject: null,
      sectorId: null,
    });

    const { response: second, ip: ipB } = await post(validPayload({ sector_id: sector.id, phone: undefined }));
    expect(second.status).toBe(201);
    expect(await db.contactMessage.findFirstOrThrow({ where: { ipAddress: ipB } })).toMatchObject({ sectorId: sector.id, phone: null });
  });

  it("keeps only the first 512 characters of a long user agent", async () => {
    const { response, ip } = await post(validPayload(), { headers: { "user-agent": "A".repeat(2000) } });
    expect(response.status).toBe(201);
    const row = await db.contactMessage.findFirstOrThrow({ where: { ipAddress: ip } });
    expect(row.userAgent).toBe("A".repeat(512));
  });
});

describe("POST /api/v1/contact: invalid input stores nothing", () => {
  const cases: { label: string; field: string; overrides: Record<string, unknown>; message?: string }[] = [
    { label: "missing name", field: "name", overrides: { name: undefined }, message: "El nombre es obligatorio." },
    { label: "blank name", field: "name", overrides: { name: "   " }, message: "El nombre es obligatorio." },
    { label: "name over 120 characters", field: "name", overrides: { name: "N".repeat(121) } },
    { label: "name that is not text", field: "name", overrides: { name: 42 } },
    { label: "missing e-mail", field: "email", overrides: { email: "" } },
    { label: "malformed e-mail", field: "email", overrides: { email: "maria@" }, message: "Ingresa un correo electrónico válido." },
    { label: "e-mail over 254 characters", field: "email", overrides: { email: `${"m".repeat(250)}@empresa.pe` } },
    { label: "phone with letters", field: "phone", overrides: { phone: "987-ABC-321" } },
    { label: "phone over 30 characters", field: "phone", overrides: { phone: "9".repeat(31) } },
    { label: "company over 120 characters", field: "company", overrides: { company: "C".repeat(121) } },
    { label: "subject over 200 characters", field: "subject", overrides: { subject: "S".repeat(201) } },
    { label: "missing message", field: "message", overrides: { message: "" }, message: "El mensaje es obligatorio." },
    {
      label: "message over 5000 characters",
      field: "message",
      overrides: { message: "M".repeat(5001) },
      message: "El mensaje no puede superar los 5000 caracteres.",
    },
    { label: "sector that is not a number", field: "sector_id", overrides: { sector_id: "retail" } },
    { label: "negative sector", field: "sector_id", overrides: { sector_id: -3 } },
  ];

  for (const { label, field, overrides, message } of cases) {
    it(`${label} → 422 on ${field}`, async () => {
      const { response, body, ip } = await post(validPayload(overrides));

      expect(response.status).toBe(422);
      expect(body.success).toBe(false);
      expect(body.message).toBe(INVALID);
      expect(Object.keys(body.errors ?? {})).toEqual([field]);
      if (message) expect(body.errors?.[field]).toContain(message);
      // Counted by the request's own IP: other test files may store messages meanwhile.
      expect(await storedFrom(ip)).toBe(0);
    });
  }

  it("a message of exactly 5000 characters is accepted", async () => {
    const { response, ip } = await post(validPayload({ message: "M".repeat(5000) }));
    expect(response.status).toBe(201);
    expect(await storedFrom(ip)).toBe(1);
  });

  it("a sector that does not exist → 422 'El sector seleccionado no existe.'", async () => {
    const { _max } = await db.sector.aggregate({ _max: { id: true } });
    const { response, body, ip } = await post(validPayload({ sector_id: String((_max.id ?? 0) + 1000) }));
    expect(response.status).toBe(422);
    expect(body).toEqual({ success: false, message: INVALID, errors: { sector_id: ["El sector seleccionado no existe."] } });
    expect(await storedFrom(ip)).toBe(0);
  });

  it("creates no notification for a refused message", async () => {
    // Scoped to this sender: other test files post contact messages at the same time.
    const payload = validPayload({ email: "no-es-un-correo", name: `Remitente ${randomBytes(4).toString("hex")}` });
    await post(payload);
    expect(await db.notification.count({ where: { type: "contact_message", body: { contains: payload.name } } })).toBe(0);
  });
});

describe("POST /api/v1/contact: spam, malformed and oversized requests", () => {
  it("a filled-in honeypot answers 201 like a real message but stores and notifies nothing", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const payload = validPayload({ website: "https://spam.example" });
    const { response, body, ip } = await post(payload);

    expect(response.status).toBe(201);
    expect(body).toEqual({ success: true, message: SUCCESS });
    expect(await storedFrom(ip)).toBe(0);
    expect(await db.notification.count({ where: { type: "contact_message", body: { contains: payload.email } } })).toBe(0);
    expect(info).not.toHaveBeenCalled();
  });

  it("malformed JSON → 400 with success false", async () => {
    const { response, body, ip } = await post('{"name": "María", ');
    expect(response.status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toBeTruthy();
    expect(await storedFrom(ip)).toBe(0);
  });

  it("a body over 1 MB → 413 with success false", async () => {
    const { response, body, ip } = await post(validPayload({ message: "M".repeat(MAX_BODY_BYTES + 10) }));
    expect(response.status).toBe(413);
    expect(body.success).toBe(false);
    expect(await storedFrom(ip)).toBe(0);
  });
});

describe("POST /api/v1/contact: rate limit (5 per 10 minutes per IP)", () => {
  it("refuses the 6th message from one IP with 429 and Retry-After, storing nothing, while another IP still passes", async () => {
    const ip = fakeIp();
    for (let i = 1; i <= 5; i++) {
      const { response } = await post(validPayload(), { ip });
      expect(response.status, `message ${i}`).toBe(201);
    }
    expect(await storedFrom(ip)).toBe(5);

    const { response, body } = await post(validPayload(), { ip });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/inténtalo de nuevo/i);
    expect(await storedFrom(ip)).toBe(5);

    const other = await post(validPayload());
    expect(other.response.status).toBe(201);
    expect(await storedFrom(other.ip)).toBe(1);
  });
});

describe("the e-mail to the company", () => {
  it("without SMTP_URL is written to the server log, addressed to the contact e-mail of the settings", async () => {
    delete process.env.SMTP_URL;
    const settings = await db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(settings.contactEmail).toBeTruthy();
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const payload = validPayload({ subject: `Consulta ${randomBytes(4).toString("hex")}` });

    const { response } = await post(payload);
    expect(response.status).toBe(201);
    const logged = info.mock.calls.map((call) => call.join(" ")).find((text) => text.includes(payload.subject));
    expect(logged).toBeDefined();
    expect(logged).toContain(`Para: ${settings.contactEmail}`);
    expect(logged).toContain(`Responder a: ${payload.email}`);
    expect(logged).toContain(payload.message);
  });

  it("failing to send does not fail the request: the message is safe in the database", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1"; // nothing listens there: connection refused
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { response, body, ip } = await post(validPayload());

    expect(response.status).toBe(201);
    expect(body.success).toBe(true);
    expect(await storedFrom(ip)).toBe(1);
    const logged = error.mock.calls.map((call) => String(call[0]));
    expect(logged.some((text) => text.includes("no se pudo enviar el aviso por correo"))).toBe(true);
  });
});
