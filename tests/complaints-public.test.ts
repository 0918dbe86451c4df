// The public side of the Libro de Reclamaciones below the browser: POST /api/v1/complaints and
// the form's server action against the seeded test database, the consumer's signed PDF link,
// and the e-mails as a real SMTP server receives them.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as complaintsRoute from "@/app/api/v1/complaints/route";
import * as pdfRoute from "@/app/api/v1/complaints/[number]/pdf/route";
import { db } from "@/lib/db";
import { COMPLAINT_RATE_LIMIT, submitComplaint } from "@/lib/complaints/service";
import { complaintPdfPath, complaintPdfToken } from "@/lib/complaints/pdf-link";
import { addBusinessDays } from "@/lib/legal/business-days";
import { PRIVACY_POLICY_VERSION } from "@/lib/legal/privacy";
import { businessDate, calendarDate } from "@/lib/dates";
import { call, createTestUser, fakeIp, type Json } from "./helpers/auth";
import { readPdf } from "./helpers/pdf-text";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "./helpers/smtp";

/** The request a server action runs in (next/headers). */
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
  draftMode: async () => ({ isEnabled: false }),
}));

const { submitComplaintAction } = await import("@/lib/complaints/actions/public");

const tag = () => randomBytes(5).toString("hex");

/** A valid sheet of an adult consumer; every call a different person and text. */
function sheet(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = tag();
  return {
    consumer_name: "Rosa Huamán Quispe",
    document_type: "dni",
    document_number: "4567 8912",
    address: "Av. Arequipa 1234, Lince, Lima",
    phone: "+51 987 654 321",
    email: `Rosa.${id}@Correo.PE`,
    is_minor: false,
    good_type: "service",
    good_description: "Implementación del ERP para mi tienda.",
    amount_claimed: "1500.5",
    currency: "PEN",
    kind: "reclamo",
    detail: `La implementación se entregó con tres semanas de retraso (${id}).`,
    consumer_request: "Solicito la devolución proporcional del pago.",
    privacy_accepted: true,
    submission_key: randomUUID(),
    ...overrides,
  };
}

const post = (body: unknown, ip = fakeIp()) => call(complaintsRoute.POST, "/api/v1/complaints", { method: "POST", body, ip, headers: { "user-agent": "ComplaintTest/1.0" } });

async function expect422(body: unknown, field: string, message?: RegExp) {
  const answer = await post(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  const errors = answer.body.errors as Record<string, string[]>;
  expect(Object.keys(errors)).toContain(field);
  if (message) expect(errors[field][0]).toMatch(message);
  return errors;
}

const rowsFor = (email: string) => db.complaint.findMany({ where: { email: email.toLowerCase() } });

describe("POST /api/v1/complaints: a valid sheet", () => {
  it("is stored with its number, due date and consent, announced to every admin and answered 201 with the number and the PDF link", async () => {
    // Other test files add, promote and demote users meanwhile: this test's own admin and client
    // (nothing else touches them) show who is told.
    const ownAdmin = await createTestUser({ role: "admin" });
    const ownClient = await createTestUser({ role: "client" });
    const body = sheet();
    const { status, body: answer } = await post(body);
    expect(status, JSON.stringify(answer)).toBe(201);
    const data = answer.data as Json;
    const number = data.number as string;
    expect(number).toMatch(new RegExp(`^${businessDate().slice(0, 4)}-\\d{6}$`));
    expect(data.pdf_url).toMatch(new RegExp(`/api/v1/complaints/${number}/pdf\\?token=[A-Za-z0-9_-]{43}$`));

    const [row] = await rowsFor(body.email as string);
    expect(row).toMatchObject({
      number,
      consumerName: "Rosa Huamán Quispe",
      documentType: "dni",
      documentNumber: "45678912",
      email: (body.email as string).toLowerCase(),
      isMinor: false,
      guardianName: null,
      goodType: "service",
      currency: "PEN",
      kind: "reclamo",
      privacyVersion: PRIVACY_POLICY_VERSION,
      userAgent: "ComplaintTest/1.0",
      answer: null,
    });
    expect(row.amountClaimed?.toFixed(2)).toBe("1500.50");
    expect(calendarDate(row.dueDate)).toBe(addBusinessDays(businessDate(row.submittedAt), 15));
    expect(Math.abs(row.privacyAcceptedAt.getTime() - row.submittedAt.getTime())).toBeLessThan(1000);

    // The admin has it in the bell, with its link; the client does not.
    const notifications = await db.notification.findMany({ where: { type: "complaint", data: { path: ["complaint_id"], equals: row.id } } });
    expect(notifications.map((n) => n.userId)).toContain(ownAdmin.id);
    expect(notifications.map((n) => n.userId)).not.toContain(ownClient.id);
    expect(notifications.every((n) => n.title === "Nueva hoja en el Libro de Reclamaciones" && n.link === `/admin/complaints/${row.id}`)).toBe(true);
    // The audit trail records its arrival, by the system (a visitor has no account).
    expect(await db.auditLog.count({ where: { action: "complaint.submit", entityType: "complaint", entityId: String(row.id), actorId: null } })).toBe(1);
  });

  it("numbers 20 sheets sent at once 000001 to 000020 of their year: no gap, no duplicate", async () => {
    // A year no other test files sheets in, so its counter starts at 1 here.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2035-06-04T15:00:00Z") });
    try {
      const results = await Promise.all(Array.from({ length: 20 }, () => submitComplaint(sheet(), { ipAddress: fakeIp(), userAgent: null })));
      const numbers = results.map((result) => result!.number).sort();
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `2035-${String(index + 1).padStart(6, "0")}`));
      expect(results.every((result) => result!.created)).toBe(true);
      expect(await db.complaint.count({ where: { year: 2035 } })).toBe(20);
      expect(await db.complaintCounter.findUnique({ where: { year: 2035 } })).toEqual({ year: 2035, last: 20 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps a minor's guardian, drops a guardian given by an adult and a currency without an amount", async () => {
    const minor = sheet({ is_minor: true, guardian_name: "Juan Huamán", guardian_document_type: "ce", guardian_document_number: "001234567" });
    expect((await post(minor)).status).toBe(201);
    expect((await rowsFor(minor.email as string))[0]).toMatchObject({ isMinor: true, guardianName: "Juan Huamán", guardianDocumentType: "ce", guardianDocumentNumber: "001234567" });

    const adult = sheet({ guardian_name: "Nadie", guardian_document_type: "dni", guardian_document_number: "12345678", amount_claimed: "", currency: "USD" });
    expect((await post(adult)).status).toBe(201);
    expect((await rowsFor(adult.email as string))[0]).toMatchObject({ isMinor: false, guardianName: null, guardianDocumentType: null, guardianDocumentNumber: null, amountClaimed: null, currency: null });
  });
});

describe("the same sheet sent again", () => {
  it("with the same key: the same number, one row, one e-mail to the consumer", async () => {
    const body = sheet();
    const first = await post(body);
    const second = await post(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const rows = await rowsFor(body.email as string);
    expect(rows).toHaveLength(1);
    expect(await db.outboundEmail.count({ where: { kind: "complaint", relatedType: "complaint", relatedId: String(rows[0].id) } })).toBe(1);
  });

  it("with the same key at the same moment (a double click): one sheet, both answers name it", async () => {
    const body = sheet();
    const [a, b] = await Promise.all([submitComplaint(body, { ipAddress: fakeIp(), userAgent: null }), submitComplaint(body, { ipAddress: fakeIp(), userAgent: null })]);
    expect(a!.number).toBe(b!.number);
    expect([a!.created, b!.created].sort()).toEqual([false, true]);
    expect(await rowsFor(body.email as string)).toHaveLength(1);
  });

  it("without a key: the same content the same day is one sheet", async () => {
    const body = sheet({ submission_key: undefined });
    const first = await post(body);
    const second = await post({ ...body, email: (body.email as string).toUpperCase(), document_number: "45678912" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect((second.body.data as Json).number).toBe((first.body.data as Json).number);
    expect(await rowsFor(body.email as string)).toHaveLength(1);
    // Another detail is another sheet.
    const third = await post({ ...body, detail: `${body.detail as string} Y además no responden.` });
    expect((third.body.data as Json).number).not.toBe((first.body.data as Json).number);
  });

  it("a key already used by another person's sheet is refused (409) and opens nothing", async () => {
    const first = sheet();
    expect((await post(first)).status).toBe(201);
    const other = sheet({ submission_key: first.submission_key });
    const answer = await post(other);
    expect(answer.status).toBe(409);
    expect(answer.body.data).toBeUndefined();
    expect(JSON.stringify(answer.body)).not.toContain((first.email as string).toLowerCase());
    expect(await rowsFor(other.email as string)).toHaveLength(0);
  });
});

describe("POST /api/v1/complaints: refused sheets", () => {
  it("checks each document by its type: DNI 8 digits, RUC with its check digit, CE and passport", async () => {
    await expect422(sheet({ document_number: "1234567" }), "document_number", /DNI tiene 8 dígitos/);
    await expect422(sheet({ document_type: "ruc", document_number: "20131312954" }), "document_number", /RUC no es válido/);
    await expect422(sheet({ document_type: "ce", document_number: "AB-1" }), "document_number", /carné de extranjería/);
    await expect422(sheet({ document_type: "passport", document_number: "12345" }), "document_number", /pasaporte/);
    await expect422(sheet({ document_type: "cedula" }), "document_type", /tipo de documento/);
    for (const [type, number] of [["ruc", "20131312955"], ["ce", "001234567"], ["passport", "ab 123456"]]) {
      const body = sheet({ document_type: type, document_number: number });
      expect((await post(body)).status, `${type} ${number}`).toBe(201);
      expect((await rowsFor(body.email as string))[0].documentNumber).toBe(number.replace(/\s/g, "").toUpperCase());
    }
  });

  it("a minor without the guardian's data: 422 on each missing field, nothing stored", async () => {
    const body = sheet({ is_minor: true });
    const errors = await expect422(body, "guardian_name", /padre, madre o apoderado/);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["guardian_document_type", "guardian_document_number"]));
    await expect422(sheet({ is_minor: true, guardian_name: "Ana", guardian_document_type: "dni", guardian_document_number: "123" }), "guardian_document_number", /DNI/);
    expect(await rowsFor(body.email as string)).toHaveLength(0);
  });

  it("an amount with 3 decimals, negative, too large or without its currency: 422", async () => {
    await expect422(sheet({ amount_claimed: "10.123" }), "amount_claimed", /2 decimales/);
    await expect422(sheet({ amount_claimed: 10.125 }), "amount_claimed");
    await expect422(sheet({ amount_claimed: "-5" }), "amount_claimed", /negativo/);
    await expect422(sheet({ amount_claimed: -5 }), "amount_claimed", /negativo/);
    await expect422(sheet({ amount_claimed: "10000000000" }), "amount_claimed");
    await expect422(sheet({ amount_claimed: "100", currency: "" }), "currency", /moneda/);
    await expect422(sheet({ amount_claimed: "100", currency: "GBP" }), "currency");
    const largest = sheet({ amount_claimed: 9999999999.99, currency: "USD" });
    expect((await post(largest)).status).toBe(201);
    expect((await rowsFor(largest.email as string))[0].amountClaimed?.toFixed(2)).toBe("9999999999.99");
  });

  it("without the privacy consent, with the required texts missing or hostile: 422 in Spanish, nothing stored", async () => {
    await expect422(sheet({ privacy_accepted: false }), "privacy_accepted", /^Debes aceptar la Política de privacidad\.$/);
    await expect422(sheet({ privacy_accepted: "yes" }), "privacy_accepted");
    const errors = await expect422({ privacy_accepted: true }, "consumer_name");
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["document_number", "address", "email", "good_type", "good_description", "kind", "detail", "consumer_request"]));
    for (const messages of Object.values(errors)) expect(messages[0]).not.toMatch(/^(Invalid|Expected|Too)/);
    await expect422(sheet({ consumer_name: "Ana\u202Eanitram" }), "consumer_name", /dirección del texto/);
    await expect422(sheet({ detail: "x".repeat(5001) }), "detail", /5000/);
    await expect422(sheet({ email: "no-es-correo" }), "email");
    await expect422(sheet({ submission_key: "corta" }), "submission_key");
    await expect422(sheet({ submission_key: "x".repeat(20) + ":" }), "submission_key");
    // The body's shape itself: not an object, not JSON, not JSON's type.
    expect((await post([])).status).toBe(422);
    expect((await post("{no es json")).status).toBe(400);
    const form = await call(complaintsRoute.POST, "/api/v1/complaints", { method: "POST", body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    const huge = await post(JSON.stringify({ detail: "x".repeat(1024 * 1024 + 10) }));
    expect(huge.status).toBe(413);
  });

  it("a filled-in honeypot answers like a success and stores nothing", async () => {
    const body = sheet({ website: "https://spam.example" });
    const answer = await post(body);
    expect(answer.status).toBe(201);
    expect((answer.body.data as Json).number).toMatch(/^\d{4}-000000$/);
    expect(await rowsFor(body.email as string)).toHaveLength(0);
    // Its "PDF" opens nothing.
    const number = (answer.body.data as Json).number as string;
    const pdf = await call(pdfRoute.GET, complaintPdfPath(number), { params: { number } });
    expect(pdf.status).toBe(404);
  });

  it(`more than ${COMPLAINT_RATE_LIMIT.limit} sheets from one address in 10 minutes: 429 with Retry-After, the repeat of a filed sheet still answered`, async () => {
    const ip = fakeIp();
    const filed: Record<string, unknown>[] = [];
    for (let index = 0; index < COMPLAINT_RATE_LIMIT.limit; index++) {
      const body = sheet();
      expect((await post(body, ip)).status).toBe(201);
      filed.push(body);
    }
    const refused = sheet();
    const answer = await post(refused, ip);
    expect(answer.status).toBe(429);
    expect(Number(answer.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(answer.body.message).toMatch(/^Has enviado demasiadas hojas de reclamación\. Inténtalo de nuevo en \d+ minutos?\.$/);
    expect(await rowsFor(refused.email as string)).toHaveLength(0);
    // A retry of a sheet already filed is not a new sheet: it gets its number even now.
    expect((await post(filed[0], ip)).status).toBe(201);
  });
});

describe("the other methods", () => {
  it("GET, PUT, PATCH and DELETE on /api/v1/complaints: 405 with Allow: POST; only GET on the PDF", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"] as const) {
      const answer = await call(complaintsRoute[method], "/api/v1/complaints", { method });
      expect(answer.status, method).toBe(405);
      expect(answer.response.headers.get("allow")).toBe("POST");
      expect(typeof answer.body.message).toBe("string");
    }
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const answer = await call(pdfRoute[method], "/api/v1/complaints/2026-000001/pdf", { method, params: { number: "2026-000001" } });
      expect(answer.status, method).toBe(405);
      expect(answer.response.headers.get("allow")).toBe("GET");
    }
  });
});

describe("the consumer's signed PDF link", () => {
  it("opens the sheet as a PDF with every section; a wrong, missing or another sheet's token is a 404 like an unknown number", async () => {
    const body = sheet({ kind: "queja", is_minor: true, guardian_name: "Juan Huamán", guardian_document_type: "dni", guardian_document_number: "12345678" });
    const { body: answer } = await post(body);
    const number = (answer.data as Json).number as string;
    const url = new URL(String((answer.data as Json).pdf_url));

    const file = await pdfRoute.GET(new Request(`http://localhost${url.pathname}${url.search}`), { params: Promise.resolve({ number }) });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("content-disposition")).toContain(`hoja-de-reclamacion-${number}.pdf`);
    const { text, info } = await readPdf(new Uint8Array(await file.arrayBuffer()));
    expect(info.Title).toBe(`Hoja de reclamación ${number}`);
    for (const expected of [
      "Libro de Reclamaciones — Hoja de reclamación",
      number,
      "1. Identificación del consumidor reclamante",
      "Rosa Huamán Quispe",
      "DNI 45678912",
      "Juan Huamán",
      "2. Identificación del bien contratado",
      "S/ 1,500.50",
      "3. Detalle de la reclamación y pedido del consumidor",
      "Queja",
      "Solicito la devolución proporcional del pago.",
      "4. Observaciones y acciones adoptadas por el proveedor",
      "Pendiente de respuesta. Plazo: hasta el",
      "INDECOPI",
      "15 días hábiles",
    ]) {
      expect(text.replace(/\s+/g, " "), expected).toContain(expected);
    }

    const other = sheet();
    const otherNumber = ((await post(other)).body.data as Json).number as string;
    for (const [label, path, params] of [
      ["no token", `/api/v1/complaints/${number}/pdf`, number],
      ["a wrong token", `/api/v1/complaints/${number}/pdf?token=${"A".repeat(43)}`, number],
      ["another sheet's token", `/api/v1/complaints/${number}/pdf?token=${complaintPdfToken(otherNumber)}`, number],
      ["an unknown number with its own token", complaintPdfPath("2099-999999"), "2099-999999"],
      ["a malformed number", `/api/v1/complaints/x/pdf?token=abc`, "x"],
    ] as const) {
      const refused = await call(pdfRoute.GET, path, { params: { number: params } });
      expect(refused.status, label).toBe(404);
      expect(refused.body.message, label).toBe("Hoja de reclamación no encontrada.");
    }
  });
});

describe("the form's server action", () => {
  it("files the sheet and answers its receipt; sent again with its key, the same receipt", async () => {
    request.headers = new Headers({ "user-agent": "ComplaintForm/1.0", "x-forwarded-for": fakeIp() });
    const values = sheet({ amount_claimed: "", currency: "PEN" });
    const first = await submitComplaintAction(values);
    expect(first.ok, JSON.stringify(first)).toBe(true);
    if (!first.ok) return;
    expect(first.data).toMatchObject({ email: (values.email as string).toLowerCase(), due_date: addBusinessDays(businessDate(), 15) });
    expect(first.data.pdf_path).toBe(complaintPdfPath(first.data.number));
    const again = await submitComplaintAction(values);
    expect(again).toEqual(first);
    expect(await rowsFor(values.email as string)).toHaveLength(1);
  });

  it("answers a refusal with its field errors (422)", async () => {
    request.headers = new Headers({ "x-forwarded-for": fakeIp() });
    const result = await submitComplaintAction(sheet({ document_number: "1" }));
    expect(result).toMatchObject({ ok: false, status: 422, message: "Revisa los campos marcados." });
    expect(!result.ok && result.errors?.document_number?.[0]).toBe("El DNI tiene 8 dígitos.");
  });
});

describe("the e-mails, as a real SMTP server receives them", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(() => {
    delete process.env.SMTP_URL;
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** The parts of a multipart message: headers (lower-cased names) and body. */
  function parts(mail: ReceivedMail): { headers: Record<string, string>; body: string }[] {
    const boundary = /boundary="?([^";\s]+)"?/i.exec(mail.headers["content-type"] ?? "")?.[1];
    if (!boundary) return [];
    return mail.raw
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((chunk) => {
        const split = chunk.search(/\r?\n\r?\n/);
        const headers: Record<string, string> = {};
        for (const line of chunk.slice(0, split).replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
          const colon = line.indexOf(":");
          if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        return { headers, body: chunk.slice(split).trim() };
      });
  }

  it("the consumer gets the copy with the sheet's PDF attached, each admin a notice with the link", async () => {
    process.env.SMTP_URL = smtp.url;
    const ownAdmin = await createTestUser({ role: "admin" });
    const ownClient = await createTestUser({ role: "client" });
    const body = sheet();
    const email = (body.email as string).toLowerCase();
    const { status, body: answer } = await post(body);
    expect(status).toBe(201);
    const number = (answer.data as Json).number as string;
    const row = (await rowsFor(email))[0];

    const mail = await smtp.waitFor((m) => m.recipients.includes(email));
    expect(mail.headers.subject).toBe(`Hoja de reclamación N.° ${number}`);
    const all = parts(mail);
    const pdfPart = all.find((part) => (part.headers["content-type"] ?? "").startsWith("application/pdf"));
    expect(pdfPart, "a PDF part").toBeDefined();
    expect(pdfPart!.headers["content-disposition"]).toContain(`hoja-de-reclamacion-${number}.pdf`);
    const pdf = Buffer.from(pdfPart!.body.replace(/\s+/g, ""), "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await readPdf(new Uint8Array(pdf))).text).toContain(number);
    const textPart = all.find((part) => (part.headers["content-type"] ?? "").startsWith("text/plain"));
    expect(textPart?.body.replace(/=\r?\n/g, "")).toContain("15 d=C3=ADas h=C3=A1biles");

    // The log says so: sent, about this sheet.
    expect(await db.outboundEmail.findMany({ where: { relatedType: "complaint", relatedId: String(row.id), kind: "complaint" }, select: { recipient: true, status: true } })).toEqual([
      { recipient: email, status: "sent" },
    ]);
    const notices = await db.outboundEmail.findMany({ where: { relatedType: "complaint", relatedId: String(row.id), kind: "complaint_notice" }, select: { recipient: true, status: true } });
    expect(notices.map((notice) => notice.recipient)).toContain(ownAdmin.email);
    expect(notices.map((notice) => notice.recipient)).not.toContain(ownClient.email);
    expect(notices.every((notice) => notice.status === "sent")).toBe(true);
    const notice = await smtp.waitFor((m) => m.recipients.includes(ownAdmin.email) && (m.headers.subject ?? "").includes(number));
    expect(notice.headers.subject).toBe(`Nueva hoja en el Libro de Reclamaciones: N.° ${number}`);
    expect(notice.text.replace(/=\r?\n/g, "\n").replace(/\n/g, "")).toContain(`/admin/complaints/${row.id}`);
  });

  it("a mail server that is down never fails the sheet: 201, the sheet stored, the failure logged", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const body = sheet();
    expect((await post(body)).status).toBe(201);
    const [row] = await rowsFor(body.email as string);
    expect(row).toBeDefined();
    expect(await db.outboundEmail.findMany({ where: { relatedType: "complaint", relatedId: String(row.id), kind: "complaint" }, select: { status: true } })).toEqual([{ status: "failed" }]);
    errors.mockRestore();
  });
});
