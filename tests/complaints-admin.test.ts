// The back office's Libro de Reclamaciones: a sheet is a legal record the database itself keeps
// (no update but the answer, once; no delete, no truncate, whoever sends the SQL); the answer is
// written once (a second one is a 409) and e-mailed with the sheet's PDF through a real SMTP
// server, a failed e-mail shows as failed and "Reenviar" sends it; the list's deadline in business
// days across holidays and month ends, its filters, the authority's CSV and PDF export of a
// period, the 405s and the 403 of a client.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as listRoute from "@/app/api/v1/admin/complaints/route";
import * as detailRoute from "@/app/api/v1/admin/complaints/[id]/route";
import * as answerRoute from "@/app/api/v1/admin/complaints/[id]/answer/route";
import * as resendRoute from "@/app/api/v1/admin/complaints/[id]/resend/route";
import * as pdfRoute from "@/app/api/v1/admin/complaints/[id]/pdf/route";
import * as exportRoute from "@/app/api/v1/admin/complaints/export/route";
import type { AdminActor } from "@/lib/auth/actor";
import { countAdminComplaintsByState, listAdminComplaints, type ComplaintDetailContract, type ComplaintRowContract } from "@/lib/complaints/admin-queries";
import { complaintDeadline } from "@/lib/complaints/admin-schema";
import { answerComplaint } from "@/lib/complaints/answer";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { call, createTestUser, tokenFor, uniqueTag, type TestUser } from "./helpers/auth";
import { createComplaint } from "./helpers/complaints";
import { readPdf } from "./helpers/pdf-text";
import { freePort, startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

let admin: TestUser;
let adminToken: string;
let clientToken: string;
let actor: AdminActor;
let smtp: TestSmtpServer;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  adminToken = await tokenFor(admin);
  clientToken = await tokenFor(await createTestUser({ role: "client" }));
  actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", ipAddress: "203.0.113.5", sessionId: null };
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
afterEach(() => {
  delete process.env.SMTP_URL;
  vi.restoreAllMocks();
});

/** Without SMTP the mailer prints each e-mail on the console: keep the output readable. */
const muteConsole = () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};

const params = (id: number | string) => ({ id: String(id) });
const detail = (id: number | string, bearer = adminToken) => call(detailRoute.GET, `/api/v1/admin/complaints/${id}`, { bearer, params: params(id) });
const answer = (id: number | string, body: unknown, bearer = adminToken) =>
  call(answerRoute.POST, `/api/v1/admin/complaints/${id}/answer`, { method: "POST", bearer, params: params(id), body });
const resend = (id: number | string) => call(resendRoute.POST, `/api/v1/admin/complaints/${id}/resend`, { method: "POST", bearer: adminToken, params: params(id) });
const exportCall = (query: string, bearer = adminToken) => call(exportRoute.GET, `/api/v1/admin/complaints/export?${query}`, { bearer });

const rawComplaint = (id: number) => db.complaint.findUniqueOrThrow({ where: { id } });

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("It was accepted.");
}

describe("the database keeps every sheet as it was submitted", () => {
  it("refuses UPDATE of any field, DELETE and TRUNCATE, even as raw SQL through the app's connection", async () => {
    const sheet = await createComplaint();
    await expect(db.$executeRaw`UPDATE complaints SET consumer_name = 'Otra persona' WHERE id = ${sheet.id}`).rejects.toThrow(/no se puede modificar/);
    await expect(db.$executeRaw`UPDATE complaints SET due_date = due_date + 30 WHERE id = ${sheet.id}`).rejects.toThrow(/no se puede modificar/);
    await expect(db.$executeRaw`UPDATE complaints SET detail = 'Texto cambiado', answer = 'Hola', answered_at = now() WHERE id = ${sheet.id}`).rejects.toThrow(
      /no se puede modificar/,
    );
    await expect(db.complaint.update({ where: { id: sheet.id }, data: { email: "otro@example.pe" } })).rejects.toThrow();
    await expect(db.$executeRaw`DELETE FROM complaints WHERE id = ${sheet.id}`).rejects.toThrow(/no se puede eliminar/);
    await expect(db.complaint.delete({ where: { id: sheet.id } })).rejects.toThrow();
    await expect(db.$executeRawUnsafe("TRUNCATE complaints")).rejects.toThrow(/no se puede eliminar/);
    expect(await rawComplaint(sheet.id)).toEqual(sheet);
  });

  it("accepts writing the answer once, and refuses a second answer", async () => {
    const sheet = await createComplaint();
    const written = await db.$executeRaw`
      UPDATE complaints SET answer = 'Primera respuesta', answered_at = now(), answered_by_id = 'x', answered_by_name = 'Ana' WHERE id = ${sheet.id}`;
    expect(written).toBe(1);
    await expect(db.$executeRaw`UPDATE complaints SET answer = 'Segunda respuesta', answered_at = now() WHERE id = ${sheet.id}`).rejects.toThrow(/ya fue respondida/);
    expect((await rawComplaint(sheet.id)).answer).toBe("Primera respuesta");
  });
});

describe("answering a sheet", () => {
  it("answerComplaint twice: the second is a 409 and the first answer stays", async () => {
    muteConsole();
    const sheet = await createComplaint();
    const first = await answerComplaint(actor, sheet.id, { answer: "  Le devolvemos el importe.\r\nSaludos.  " });
    expect(first.answer).toBe("Le devolvemos el importe.\nSaludos.");
    expect(first.state).toBe("answered");
    expect(first.days_left).toBeNull();
    expect(first.answered_by).toEqual({ id: admin.id, name: admin.name });
    const second = await refusal(answerComplaint(actor, sheet.id, { answer: "Otra respuesta" }));
    expect(second.kind).toBe("conflict");
    expect(second.message).toBe("Esta hoja ya fue respondida.");
    expect((await rawComplaint(sheet.id)).answer).toBe("Le devolvemos el importe.\nSaludos.");
    const audit = await db.auditLog.findMany({ where: { entityType: "complaint", entityId: String(sheet.id) } });
    expect(audit.map((entry) => entry.action)).toEqual(["complaint.answer"]);
  });

  it("two answers at the same moment: one is stored, the other is a 409", async () => {
    muteConsole();
    const sheet = await createComplaint();
    const outcomes = await Promise.allSettled([answerComplaint(actor, sheet.id, { answer: "Respuesta A" }), answerComplaint(actor, sheet.id, { answer: "Respuesta B" })]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as DomainError).kind).toBe("conflict");
  });

  it("refuses an empty, too long or hostile answer (422) and an unknown sheet (404)", async () => {
    const sheet = await createComplaint();
    for (const body of [{ answer: "   " }, { answer: "x".repeat(5001) }, { answer: "Hola\u202Eevil" }, { answer: 5 }, {}]) {
      const result = await answer(sheet.id, body);
      expect(result.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect((result.body.errors as Record<string, string[]>).answer).toBeDefined();
    }
    expect((await rawComplaint(sheet.id)).answer).toBeNull();
    expect((await answer(999_999_999, { answer: "Hola" })).status).toBe(404);
    expect((await answer("1e2", { answer: "Hola" })).status).toBe(404);
  });

  it("POST …/answer e-mails the consumer the answer with the sheet's PDF; the sheet shows it sent", async () => {
    process.env.SMTP_URL = smtp.url;
    const sheet = await createComplaint();
    const result = await answer(sheet.id, { answer: "Hemos revisado su caso y le reembolsaremos S/ 150.00." });
    expect(result.status).toBe(200);
    const data = result.body.data as ComplaintDetailContract;
    expect(data.state).toBe("answered");
    expect(data.answer_email.status).toBe("sent");
    const mail = await smtp.waitFor((received) => received.recipients.includes(sheet.email));
    expect(mail.headers.subject).toBe(`Respuesta a tu hoja de reclamación N.° ${sheet.number}`);
    expect(mail.raw).toMatch(new RegExp(`filename="?hoja-de-reclamacion-${sheet.number}\\.pdf"?`));
    expect(mail.raw).toContain("Content-Type: application/pdf");
    expect(mail.raw).toContain("JVBERi0"); // "%PDF-" in base64: the attachment is a PDF
    expect(mail.raw).toMatch(/reembolsaremos S\/ 150\.00|reembolsaremos/);
    const again = await detail(sheet.id);
    expect((again.body.data as ComplaintDetailContract).answer_email.status).toBe("sent");
    expect((again.body.data as ComplaintDetailContract).pdf_url).toBe(`/api/v1/admin/complaints/${sheet.id}/pdf`);
    // Sent: nothing to resend.
    expect((await resend(sheet.id)).status).toBe(409);
  });

  it("a failed e-mail shows as failed with its reason, and Reenviar sends it (audited)", async () => {
    muteConsole();
    process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
    const sheet = await createComplaint();
    const result = await answer(sheet.id, { answer: "Respuesta que no sale la primera vez." });
    expect(result.status).toBe(200);
    const data = result.body.data as ComplaintDetailContract;
    expect(data.state).toBe("answered");
    expect(data.answer_email.status).toBe("failed");
    expect(data.answer_email.error).toMatch(/No se pudo enviar el correo/);
    const [row] = await listAdminComplaints({ q: sheet.number });
    expect(row.answer_email.status).toBe("failed");

    process.env.SMTP_URL = smtp.url;
    const resent = await resend(sheet.id);
    expect(resent.status).toBe(200);
    expect((resent.body.data as ComplaintDetailContract).answer_email.status).toBe("sent");
    await smtp.waitFor((received) => received.recipients.includes(sheet.email));
    const actions = (await db.auditLog.findMany({ where: { entityType: "complaint", entityId: String(sheet.id) }, orderBy: { id: "asc" } })).map((entry) => entry.action);
    expect(actions).toEqual(["complaint.answer", "complaint.resend_answer"]);
    expect((await resend(sheet.id)).status).toBe(409);
  });

  it("without outgoing mail the answer is stored, its e-mail is not_configured, and Reenviar says why it cannot send", async () => {
    muteConsole();
    const sheet = await createComplaint();
    const result = await answer(sheet.id, { answer: "Respuesta registrada." });
    expect((result.body.data as ComplaintDetailContract).answer_email.status).toBe("not_configured");
    const refused = await resend(sheet.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/no está configurado/);
    const unanswered = await createComplaint();
    expect((await resend(unanswered.id)).status).toBe(409);
  });
});

describe("the deadline in business days", () => {
  const deadlineOf = (row: ComplaintRowContract) => complaintDeadline(row).text;

  it("counts business days across holidays and month ends, on a fixed today", async () => {
    const tag = `Plazo ${uniqueTag()}`;
    const cases = [
      // Tue 8 and Wed 9 Dec 2026 are holidays: from Fri 4 to Mon 14, four business days.
      { due: "2026-12-14", today: "2026-12-04", daysLeft: 4, state: "pending", text: "Quedan 4 días hábiles" },
      // Fri 1 Jan 2027 is a holiday: from Wed 30 Dec to Mon 4 Jan, two.
      { due: "2027-01-04", today: "2026-12-30", daysLeft: 2, state: "pending", text: "Quedan 2 días hábiles" },
      // Across November's end: Mon 30, Tue 1, Wed 2.
      { due: "2026-12-02", today: "2026-11-27", daysLeft: 3, state: "pending", text: "Quedan 3 días hábiles" },
      { due: "2026-12-02", today: "2026-12-01", daysLeft: 1, state: "pending", text: "Queda 1 día hábil" },
      { due: "2026-12-02", today: "2026-12-02", daysLeft: 0, state: "pending", text: "Vence hoy" },
      // Due Fri 4, today Thu 10: Mon 7 and Thu 10 count, the holidays do not.
      { due: "2026-12-04", today: "2026-12-10", daysLeft: -2, state: "overdue", text: "Vencida hace 2 días hábiles" },
    ] as const;
    for (const entry of cases) {
      const sheet = await createComplaint({ consumerName: `${tag} ${entry.due}`, due: entry.due });
      const [row] = await listAdminComplaints({ q: sheet.number }, undefined, entry.today);
      expect(row.due_date, entry.text).toBe(entry.due);
      expect(row.days_left, entry.text).toBe(entry.daysLeft);
      expect(row.state, entry.text).toBe(entry.state);
      expect(deadlineOf(row)).toBe(entry.text);
    }
  });

  it("the day right after the due date is late already, even on a weekend", async () => {
    // Due Fri 11 Dec 2026, today Sat 12: no business day has passed, but the term has.
    const sheet = await createComplaint({ due: "2026-12-11" });
    const [row] = await listAdminComplaints({ q: sheet.number }, undefined, "2026-12-12");
    expect(row.state).toBe("overdue");
    expect(complaintDeadline(row).tone).toBe("overdue");
    expect(row.days_left).toBeLessThanOrEqual(0);
    expect(deadlineOf(row)).toBe(row.days_left === 0 ? "Vencida el 11/12/2026" : "Vencida hace 1 día hábil");
    const [monday] = await listAdminComplaints({ q: sheet.number }, undefined, "2026-12-14");
    expect(monday.days_left).toBe(-1);
    expect(deadlineOf(monday)).toBe("Vencida hace 1 día hábil");
  });

  it("an answered sheet has no days left and reads «Respondida el …»", async () => {
    const sheet = await createComplaint({ due: "2026-12-14" });
    await db.$executeRaw`UPDATE complaints SET answer = 'Listo', answered_at = '2026-12-09T15:00:00Z' WHERE id = ${sheet.id}`;
    const [row] = await listAdminComplaints({ q: sheet.number }, undefined, "2026-12-20");
    expect(row.days_left).toBeNull();
    expect(row.state).toBe("answered");
    expect(deadlineOf(row)).toBe("Respondida el 09/12/2026");
  });
});

describe("the list's filters", () => {
  const today = "2026-12-10";
  let tag: string;
  let pending: { id: number; number: string };
  let overdue: { id: number; number: string };
  let answered: { id: number; number: string };
  let queja: { id: number; number: string };

  beforeAll(async () => {
    tag = `Filtro${uniqueTag()}`;
    pending = await createComplaint({ consumerName: `${tag} pendiente`, due: "2026-12-15", submittedAt: new Date("2026-11-20T15:00:00Z") });
    overdue = await createComplaint({ consumerName: `${tag} vencida`, due: "2026-12-04", submittedAt: new Date("2026-11-12T15:00:00Z") });
    answered = await createComplaint({ consumerName: `${tag} respondida`, due: "2026-12-04", submittedAt: new Date("2026-11-13T15:00:00Z") });
    queja = await createComplaint({ consumerName: `${tag} queja`, kind: "queja", due: "2026-12-20", submittedAt: new Date("2026-11-25T15:00:00Z") });
    await db.$executeRaw`UPDATE complaints SET answer = 'Listo', answered_at = '2026-12-01T15:00:00Z' WHERE id = ${answered.id}`;
  });

  const numbers = async (filter: Parameters<typeof listAdminComplaints>[0]) => (await listAdminComplaints({ q: tag, ...filter }, undefined, today)).map((row) => row.number);

  it("state: pending (still in time), overdue (past its due date, unanswered), answered; with counts", async () => {
    expect(await numbers({ state: "overdue" })).toEqual([overdue.number]);
    expect(await numbers({ state: "answered" })).toEqual([answered.number]);
    expect((await numbers({ state: "pending" })).sort()).toEqual([pending.number, queja.number].sort());
    expect(await countAdminComplaintsByState({ q: tag }, today)).toEqual({ all: 4, pending: 2, overdue: 1, answered: 1 });
  });

  it("kind, period of submission (Lima days), search, and the order", async () => {
    expect(await numbers({ kind: "queja" })).toEqual([queja.number]);
    expect(await numbers({ from: "2026-11-13", to: "2026-11-20" })).toEqual([pending.number, answered.number]);
    expect(await numbers({})).toEqual([queja.number, pending.number, answered.number, overdue.number]);
    expect(await numbers({ sort: "due_date" })).toEqual([overdue.number, answered.number, pending.number, queja.number]);
    const byNumber = await listAdminComplaints({ q: overdue.number }, undefined, today);
    expect(byNumber.map((row) => row.number)).toEqual([overdue.number]);
  });

  it("GET /api/v1/admin/complaints pages, filters and refuses a malformed query", async () => {
    const page = await call(listRoute.GET, `/api/v1/admin/complaints?q=${tag}&kind=queja&page=1&per_page=5`, { bearer: adminToken });
    expect(page.status).toBe(200);
    const paged = page.body.data as { data: ComplaintRowContract[]; total: number };
    expect(paged.total).toBe(1);
    expect(paged.data[0]).toMatchObject({ number: queja.number, kind: "queja", due_date: "2026-12-20", state: expect.any(String) });
    expect(typeof paged.data[0].days_left).toBe("number");
    for (const query of ["state=late", "kind=otro", "from=2026-02-30", "from=2026-12-10&to=2026-12-01", "sort=name"]) {
      expect((await call(listRoute.GET, `/api/v1/admin/complaints?${query}`, { bearer: adminToken })).status, query).toBe(422);
    }
  });
});

describe("the export for the authority", () => {
  let inside: Awaited<ReturnType<typeof createComplaint>>[];
  let outside: Awaited<ReturnType<typeof createComplaint>>[];

  beforeAll(async () => {
    // A period of its own (no other test writes sheets in 2061), edges in Lima time.
    inside = [
      await createComplaint({ submittedAt: new Date("2061-01-01T00:05:00-05:00"), detail: 'Dijo "nunca más"; línea 1\nlínea 2', consumerName: "=HYPERLINK(\"http://evil\")" }),
      await createComplaint({ submittedAt: new Date("2061-01-15T12:00:00-05:00"), kind: "queja", amountClaimed: null, currency: null }),
      await createComplaint({ submittedAt: new Date("2061-01-31T23:30:00-05:00") }),
    ];
    outside = [
      await createComplaint({ submittedAt: new Date("2060-12-31T23:59:00-05:00") }),
      await createComplaint({ submittedAt: new Date("2061-02-01T00:10:00-05:00") }),
    ];
    await db.$executeRaw`UPDATE complaints SET answer = 'Respuesta, con "comillas"', answered_at = '2061-01-20T15:00:00Z', answered_by_name = 'Ana Admin' WHERE id = ${inside[1].id}`;
  });

  it("CSV: every sheet submitted in the period, none outside, every field, escaped", async () => {
    const result = await exportCall("format=csv&from=2061-01-01&to=2061-01-31");
    expect(result.status).toBe(200);
    expect(result.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(result.response.headers.get("content-disposition")).toBe('attachment; filename="libro-de-reclamaciones-2061-01-01_2061-01-31.csv"');
    const text = result.text.replace(/^\uFEFF/, "");
    for (const sheet of inside) expect(text).toContain(`"${sheet.number}"`);
    for (const sheet of outside) expect(text).not.toContain(sheet.number);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toContain('"N.° de hoja","Fecha de presentación"');
    expect(lines[0]).toContain('"Respuesta","Respondida el"');
    // The detail's quotes are doubled and its line break kept inside its cell; a formula is neutralised.
    expect(text).toContain('"Dijo ""nunca más""; línea 1\nlínea 2"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(`"${inside[0].documentNumber}"`);
    expect(text).toContain('"Respuesta, con ""comillas"""');
    expect(text).toContain('"2061-01-20"');
    expect(text).toContain('"Ana Admin"');
    // Oldest first.
    expect(text.indexOf(inside[0].number)).toBeLessThan(text.indexOf(inside[2].number));
  });

  it("PDF: a PDF register with the numbers of the period", async () => {
    const result = await exportCall("format=pdf&from=2061-01-01&to=2061-01-31");
    expect(result.status).toBe(200);
    expect(result.response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await (await exportRoute.GET(new Request("http://localhost/api/v1/admin/complaints/export?format=pdf&from=2061-01-01&to=2061-01-31", { headers: { authorization: `Bearer ${adminToken}` } }), { params: Promise.resolve({}) })).arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const pdf = await readPdf(bytes);
    for (const sheet of inside) expect(pdf.text).toContain(sheet.number);
    for (const sheet of outside) expect(pdf.text).not.toContain(sheet.number);
    expect(pdf.text).toContain("3 hojas");
  });

  it("422 for a missing or bad format or day, from after to, or more than 366 days", async () => {
    for (const query of ["from=2061-01-01&to=2061-01-31", "format=xls&from=2061-01-01&to=2061-01-31", "format=csv&to=2061-01-31", "format=csv&from=2061-02-30&to=2061-03-01", "format=csv&from=2061-02-01&to=2061-01-01", "format=csv&from=2060-01-01&to=2061-01-01"]) {
      const result = await exportCall(query);
      expect(result.status, query).toBe(422);
      expect(typeof result.body.message).toBe("string");
    }
    expect((await exportCall("format=csv&from=2060-01-02&to=2061-01-01")).status).toBe(200);
  });
});

describe("routes: no update nor delete, admins only", () => {
  it("PUT, PATCH and DELETE of a sheet are 405 and change nothing", async () => {
    const sheet = await createComplaint();
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const result = await call(detailRoute[method], `/api/v1/admin/complaints/${sheet.id}`, { method, bearer: adminToken, params: params(sheet.id), body: { consumer_name: "Otro" } });
      expect(result.status, method).toBe(405);
      expect(result.response.headers.get("allow")).toBe("GET");
      expect(result.body.message).toMatch(/no se puede modificar ni eliminar/);
    }
    expect(await rawComplaint(sheet.id)).toEqual(sheet);
  });

  it("a client's token gets 403 on every complaints route; unknown ids are 404", async () => {
    const sheet = await createComplaint();
    expect((await call(listRoute.GET, "/api/v1/admin/complaints", { bearer: clientToken })).status).toBe(403);
    expect((await detail(sheet.id, clientToken)).status).toBe(403);
    expect((await answer(sheet.id, { answer: "Hola" }, clientToken)).status).toBe(403);
    expect((await call(pdfRoute.GET, `/api/v1/admin/complaints/${sheet.id}/pdf`, { bearer: clientToken, params: params(sheet.id) })).status).toBe(403);
    expect((await exportCall("format=csv&from=2061-01-01&to=2061-01-31", clientToken)).status).toBe(403);
    expect((await rawComplaint(sheet.id)).answer).toBeNull();
    expect((await detail(999_999_999)).status).toBe(404);
  });

  it("GET …/{id} answers the whole sheet; …/pdf is the sheet's PDF", async () => {
    const sheet = await createComplaint({ isMinor: true, guardianName: "Madre de prueba", guardianDocumentType: "dni", guardianDocumentNumber: "12345678" });
    const result = await detail(sheet.id);
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      number: sheet.number,
      consumer: { name: sheet.consumerName, document_type: "dni", document_number: sheet.documentNumber, email: sheet.email },
      address: sheet.address,
      guardian: { name: "Madre de prueba", document_type: "dni", document_number: "12345678" },
      amount_claimed: "150.00",
      currency: "PEN",
      detail: sheet.detail,
      consumer_request: sheet.consumerRequest,
      answer: null,
      answer_email: { status: "none" },
    });
    const pdf = await call(pdfRoute.GET, `/api/v1/admin/complaints/${sheet.id}/pdf`, { bearer: adminToken, params: params(sheet.id) });
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.response.headers.get("content-disposition")).toContain(`hoja-de-reclamacion-${sheet.number}.pdf`);
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
  });
});
