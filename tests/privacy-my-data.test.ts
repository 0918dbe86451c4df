// "Mis datos": a person downloads everything the product holds about them, as JSON
// (GET /api/v1/client/my-data) and as a readable PDF summary (…/my-data/pdf). A client with one of
// everything gets each group with its rows, nothing of another client, and no credential of any
// kind; the answers are private attachments, audited and limited; a large history comes out whole
// across the reads in batches.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as myDataRoute } from "@/app/api/v1/client/my-data/route";
import { GET as myDataPdfRoute } from "@/app/api/v1/client/my-data/pdf/route";
import { businessDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { PRIVACY_POLICY_VERSION } from "@/lib/legal/privacy";
import { collectMyData, type MyData } from "@/lib/privacy/my-data";
import { MY_DATA_PDF_NOTE } from "@/lib/privacy/my-data-pdf";
import { MY_DATA_EXPORT_RATE_LIMIT } from "@/lib/privacy/service";
import { hitRateLimit } from "@/lib/rate-limit";
import { call, createTestUser, sessionCookieFor, tokenFor } from "./helpers/auth";
import { createPersonWithEverything, type PersonFixture } from "./helpers/my-data";
import { readPdf } from "./helpers/pdf-text";

let person: PersonFixture;
let other: PersonFixture;
let data: MyData;

beforeAll(async () => {
  person = await createPersonWithEverything("María");
  other = await createPersonWithEverything("Jorge");
  data = await collectMyData(person.user.id);
});

const download = (options: { bearer?: string; cookie?: string }) => call(myDataRoute, "/api/v1/client/my-data", options);

describe("what the export holds", () => {
  it("gives the profile without any credential, and says whether the second factor is on and since when", () => {
    expect(data.privacy_policy_version).toBe(PRIVACY_POLICY_VERSION);
    expect(data.explanation).toMatch(/Ley N\.° 29733/);
    expect(Date.parse(data.generated_at)).not.toBeNaN();
    expect(data.profile).toMatchObject({
      id: person.user.id,
      name: person.user.name,
      email: person.user.email,
      email_verified: true,
      role: "client",
      tax_id: "20100070970",
      privacy_version: "2026-11-29",
      privacy_accepted_at: "2026-11-29T15:00:00.000Z",
      second_factor: { enabled: true, enabled_since: "2026-11-20T10:00:00.000Z", recovery_codes_left: 1 },
    });
    expect(data.profile.billing_name).toContain("María S.A.C.");
  });

  it("lists each group with the client's own rows", () => {
    expect(data.linked_accounts).toEqual([expect.objectContaining({ provider: "google" })]);
    expect(data.subscriptions).toHaveLength(1);
    expect(data.subscriptions[0]).toMatchObject({ amount: "150.00", currency: "PEN", billing_period: "monthly", status: "active" });

    expect(data.invoices).toHaveLength(1);
    const invoice = data.invoices[0];
    expect(invoice).toMatchObject({ number: person.invoiceNumber, subtotal: "200.00", tax_amount: "36.00", total: "236.00", amount_paid: "100.00" });
    expect(invoice.customer).toEqual({ name: expect.stringContaining("María S.A.C."), tax_id: "20100070970", email: person.user.email });
    expect(invoice.lines).toEqual([expect.objectContaining({ description: expect.stringContaining("Soporte de noviembre"), unit_price: "200.00", line_total: "200.00" })]);
    expect(invoice.payments).toEqual([expect.objectContaining({ amount: "100.00", method: "transferencia" })]);
    expect(invoice.credit_notes).toEqual([expect.objectContaining({ total: "11.80", reason_code: "04", lines: [expect.objectContaining({ line_total: "10.00" })] })]);
    expect(invoice.sunat).toMatchObject({ status: "accepted" });
    expect(invoice.reminders).toEqual([expect.objectContaining({ step: "before", days_late: -3 })]);
    expect(invoice.issued_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(data.payments).toEqual([expect.objectContaining({ amount: "100.00", invoice_number: person.invoiceNumber })]);
    expect(data.payment_reports).toEqual([expect.objectContaining({ amount: "50.00", method: "yape", voucher: { name: "yape.png", mime: "image/png", bytes: 48213 } })]);
    expect(data.customer_credits).toEqual([expect.objectContaining({ amount: "11.80", kind: "credit_note" })]);

    expect(data.tickets).toHaveLength(1);
    const ticket = data.tickets[0];
    expect(ticket.subject).toBe(person.ticketSubject);
    expect(ticket.replies.map((reply) => reply.from)).toEqual(["me", "staff"]);
    expect(ticket.replies[0].attachments).toEqual([{ file_name: "captura.png", mime: "image/png", bytes: 2048 }]);
    expect(ticket.events).toEqual([expect.objectContaining({ by: "system", from_status: "open", to_status: "in_progress" })]);

    // Found by the address whatever its capitals, with every entry of the conversation.
    expect(data.contact_messages).toHaveLength(1);
    expect(data.contact_messages[0]).toMatchObject({ subject: person.contactSubject, ip_address: "198.51.100.7" });
    expect(data.contact_messages[0].entries.map((entry) => entry.kind)).toEqual(["reply", "note"]);

    expect(data.complaints).toEqual([expect.objectContaining({ number: person.complaintNumber, kind: "reclamo", document_number: "45678912", answer: null })]);
    expect(data.data_requests).toEqual([expect.objectContaining({ kind: "access", status: "pending" })]);
    expect(data.notifications).toHaveLength(1);
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toEqual({ created_at: expect.any(String), last_seen_at: expect.any(String), expires_at: expect.any(String) });
    expect(data.api_tokens).toEqual([expect.objectContaining({ name: "api", last_used_at: null })]);
    expect(data.emails_sent_to_me).toEqual([expect.objectContaining({ kind: "invoice", status: "sent", subject: `Tu comprobante ${person.invoiceNumber}` })]);
    expect(data.emails_received_from_me).toEqual([expect.objectContaining({ outcome: "ticket_reply" })]);
  });

  it("gives the audit entries about the account with their changes, and only the action of the person's work on other records", () => {
    const byAction = Object.fromEntries(data.audit_entries.map((entry) => [entry.action, entry]));
    expect(byAction["profile.update"]).toMatchObject({ by: "me", ip_address: "198.51.100.7", details: { after: { name: person.user.name } } });
    // Someone else's change to the account: what changed, not from where.
    expect(byAction["user.update"]).toMatchObject({ by: "system", ip_address: null, details: expect.any(Object) });
    expect(byAction["ticket.create"]).toMatchObject({ by: "me", entity_type: "ticket", details: null });
  });

  it("holds nothing of another client", () => {
    const text = JSON.stringify(data);
    for (const value of [other.user.email, other.user.name, other.invoiceNumber, other.ticketSubject, other.contactSubject, other.complaintNumber]) {
      expect(text).not.toContain(value);
    }
  });

  it("holds no password hash, token, token hash, second-factor secret or recovery code", () => {
    const text = JSON.stringify(data);
    for (const secret of person.secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(password|password_hash|token|token_hash|session_token|access_token|refresh_token|id_token|totp_secret\w*|code_hash)"\s*:/);
  });
});

describe("GET /api/v1/client/my-data", () => {
  it("answers the same data as a private JSON attachment named after today, and records the download", async () => {
    const before = await db.auditLog.count({ where: { actorId: person.user.id, action: "privacy.export" } });
    const { status, response, text } = await download({ bearer: person.token });
    expect(status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="mis-datos-${businessDate()}.json"`);
    expect(response.headers.get("cache-control")).toContain("no-store");

    const file = JSON.parse(text) as MyData;
    expect(Object.keys(file)).toEqual(Object.keys(data));
    // The download itself adds an audit entry and marks the token used.
    const comparable = (value: MyData) => ({ ...value, generated_at: "", audit_entries: [], api_tokens: [] });
    expect(comparable(file)).toEqual(comparable(data));
    for (const secret of person.secrets) expect(text).not.toContain(secret);

    const entries = await db.auditLog.findMany({ where: { actorId: person.user.id, action: "privacy.export" } });
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ entityType: "user", entityId: person.user.id });
  });

  it("works with the browser's session cookie too", async () => {
    const { status, text } = await download({ cookie: await sessionCookieFor(person.user) });
    expect(status).toBe(200);
    expect((JSON.parse(text) as MyData).profile.email).toBe(person.user.email);
  });

  it("gives an admin their own data, not anyone else's", async () => {
    const admin = await createTestUser({ role: "admin" });
    const { status, text } = await download({ bearer: await tokenFor(admin) });
    expect(status).toBe(200);
    const file = JSON.parse(text) as MyData;
    expect(file.profile).toMatchObject({ email: admin.email, role: "admin" });
    expect(file.invoices).toEqual([]);
    expect(text).not.toContain(person.user.email);
  });

  it("refuses a request without a session (401) or with a revoked token", async () => {
    const anonymous = await download({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toEqual(expect.any(String));
    const invalid = await download({ bearer: "1|not-a-real-token-not-a-real-token-00000000" });
    expect(invalid.status).toBe(401);
  });

  it("refuses an eleventh download within the hour (429 with Retry-After), JSON and PDF alike", async () => {
    const busy = await createTestUser({ role: "client" });
    const token = await tokenFor(busy);
    for (let index = 0; index < MY_DATA_EXPORT_RATE_LIMIT.limit; index++) await hitRateLimit(`privacy-export:user:${busy.id}`, MY_DATA_EXPORT_RATE_LIMIT);
    const json = await download({ bearer: token });
    expect(json.status).toBe(429);
    expect(Number(json.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(json.body.message).toMatch(/Inténtalo de nuevo en \d+ minuto/);
    const pdf = await call(myDataPdfRoute, "/api/v1/client/my-data/pdf", { bearer: token });
    expect(pdf.status).toBe(429);
    expect(await db.auditLog.count({ where: { actorId: busy.id, action: "privacy.export" } })).toBe(0);
  });
});

describe("GET /api/v1/client/my-data/pdf", () => {
  it("answers a PDF summary with the profile and the main rows of each group", async () => {
    const request = new Request("http://localhost/api/v1/client/my-data/pdf", { headers: { authorization: `Bearer ${person.token}` } });
    const response = await myDataPdfRoute(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="mis-datos-${businessDate()}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const { text, info } = await readPdf(bytes);
    expect(info.Title).toBe("Mis datos personales");
    expect(text).toContain(person.user.name);
    expect(text).toContain(person.user.email);
    expect(text).toContain(MY_DATA_PDF_NOTE);
    expect(text).toContain("Comprobantes (1)");
    expect(text).toContain(person.invoiceNumber);
    expect(text).toContain(person.ticketSubject);
    expect(text).toContain("Libro de Reclamaciones (1)");
    expect(text).not.toContain(other.user.email);
    expect(await db.auditLog.count({ where: { actorId: person.user.id, action: "privacy.export", details: { path: ["after", "format"], equals: "pdf" } } })).toBe(1);
  });
});

describe("a long history", () => {
  it("comes out whole, across several reads, in the file and in the summary's counts", async () => {
    const busy = await createTestUser({ role: "client" });
    const notifications = 1_234;
    await db.notification.createMany({ data: Array.from({ length: notifications }, (_, index) => ({ userId: busy.id, type: "info", title: `Aviso ${index + 1}` })) });
    await db.ticket.createMany({ data: Array.from({ length: 120 }, (_, index) => ({ userId: busy.id, subject: `Ticket ${index + 1}`, description: "Detalle" })) });

    const { status, text } = await download({ bearer: await tokenFor(busy) });
    expect(status).toBe(200);
    const file = JSON.parse(text) as MyData;
    expect(file.notifications).toHaveLength(notifications);
    expect(new Set(file.notifications.map((row) => row.title)).size).toBe(notifications);
    expect(file.notifications.at(-1)?.title).toBe(`Aviso ${notifications}`);
    expect(file.tickets).toHaveLength(120);

    const request = new Request("http://localhost/api/v1/client/my-data/pdf", { headers: { authorization: `Bearer ${await tokenFor(busy)}` } });
    const response = await myDataPdfRoute(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const { text: summary } = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(summary).toContain(`Notificaciones (${notifications})`);
    expect(summary).toContain(`Aviso ${notifications}`);
    expect(summary).toMatch(new RegExp(`Se muestran los \\d+ más recientes de ${notifications}`));
    expect(summary).not.toContain("Aviso 1 ");
  });
});
