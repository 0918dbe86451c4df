// Requests about personal data (Ley 29733) on the real database: a client asks to erase its
// account and an admin completes it (the client can no longer sign in, every session and token
// ends, personal data is gone or anonymised, invoices stay exactly as they were and their PDF
// still prints the original customer, the audit trail stays); the public "Derechos ARCO" form
// validates documents and consent, traps bots and is rate limited; terms are 10 or 20 business
// days across holidays; an answered request cannot be answered again; clients get 403 on the
// admin routes; the contact form and registration store the privacy version when accepted.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as contactRoute } from "@/app/api/v1/contact/route";
import { POST as publicRoute } from "@/app/api/v1/data-requests/route";
import { GET as deletionStatus, POST as deletionRoute } from "@/app/api/v1/client/deletion-request/route";
import { GET as adminList } from "@/app/api/v1/admin/data-requests/route";
import { GET as adminDetail } from "@/app/api/v1/admin/data-requests/[id]/route";
import { POST as resolveRoute } from "@/app/api/v1/admin/data-requests/[id]/resolve/route";
import { GET as invoicePdf } from "@/app/api/v1/admin/invoices/[id]/pdf/route";
import { POST as loginRoute } from "@/app/api/v1/auth/login/route";
import { POST as registerRoute } from "@/app/api/v1/auth/register/route";
import { GET as profileRoute } from "@/app/api/v1/client/profile/route";
import { listAuditLogs } from "@/lib/audit/queries";
import { db } from "@/lib/db";
import { PRIVACY_POLICY_VERSION } from "@/lib/legal/privacy";
import { mediaStorage } from "@/lib/media/storage";
import { dataRequestDueDate } from "@/lib/privacy/data-request-terms";
import { ERASED_TEXT, erasedEmail } from "@/lib/privacy/erasure";
import { rucCheckDigit } from "@/lib/sunat/identity";
import { call, createTestUser, fakeIp, sessionCookieFor, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { createTestInvoice } from "./helpers/billing";
import { useOwnMediaDir } from "./helpers/media-api";
import { readPdf } from "./helpers/pdf-text";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

let restoreMediaDir: () => Promise<void>;
let smtp: TestSmtpServer;
let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  restoreMediaDir = await useOwnMediaDir();
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  admin = await createTestUser({ role: "admin" });
  adminToken = await tokenFor(admin);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
  await restoreMediaDir();
});

afterEach(() => {
  vi.useRealTimers();
});

const ruc = (first10: string) => `${first10}${rucCheckDigit(first10)}`;

function arcoBody(overrides: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  return {
    kind: "access",
    name: `Rosa Quispe ${tag}`,
    email: `rosa.${tag}@example.pe`,
    document_type: "dni",
    document_number: "45678912",
    privacy_accepted: true,
    ...overrides,
  };
}

const submit = (body: unknown, ip = fakeIp()) => call(publicRoute, "/api/v1/data-requests", { method: "POST", body, ip });
const resolve = (id: number, body: unknown, bearer = adminToken) =>
  call(resolveRoute, `/api/v1/admin/data-requests/${id}/resolve`, { method: "POST", body, bearer, params: { id: String(id) } });
const detail = async (id: number) => (await call(adminDetail, `/api/v1/admin/data-requests/${id}`, { bearer: adminToken, params: { id: String(id) } })).body.data as Json;

describe("terms in business days", () => {
  it("gives 10 business days to cancellation, rectification and opposition and 20 to access and portability, skipping weekends and holidays", () => {
    // Friday 4 December 2026; 8 and 9 December, 25 December and 1 January are holidays.
    expect(dataRequestDueDate("cancellation", "2026-12-04")).toBe("2026-12-22");
    expect(dataRequestDueDate("rectification", "2026-12-04")).toBe("2026-12-22");
    expect(dataRequestDueDate("opposition", "2026-12-04")).toBe("2026-12-22");
    expect(dataRequestDueDate("access", "2026-12-04")).toBe("2027-01-07");
    expect(dataRequestDueDate("portability", "2026-12-04")).toBe("2027-01-07");
  });

  it("dates a request filed on a fixed day with its kind's term, and the admin list counts the business days left", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-04T15:00:00.000Z")); // 10:00 in Lima
    const rectification = await submit(arcoBody({ kind: "rectification", detail: "Mi apellido materno está mal escrito: es Huamán." }));
    const access = await submit(arcoBody({ kind: "access" }));
    expect(rectification.status).toBe(201);
    expect((rectification.body.data as Json).due_date).toBe("2026-12-22");
    expect((access.body.data as Json).due_date).toBe("2027-01-07");
    const shown = await detail((rectification.body.data as Json).id as number);
    expect(shown).toMatchObject({ due_date: "2026-12-22", days_left: 10, status: "pending", kind: "rectification" });

    // Two business days after the due date (23 and 24 December) it reads as two days late.
    vi.setSystemTime(new Date("2026-12-28T15:00:00.000Z"));
    expect(await detail((rectification.body.data as Json).id as number)).toMatchObject({ days_left: -3 });
  });
});

describe("the public Derechos ARCO form (POST /api/v1/data-requests)", () => {
  it("stores a valid request with the privacy version, tells the admins and e-mails a receipt with the number and due date", async () => {
    const body = arcoBody({ kind: "opposition", document_type: "ce", document_number: "001-234 567", detail: "No quiero recibir publicidad por correo." });
    const answer = await submit(body);
    expect(answer.status).toBe(201);
    const data = answer.body.data as { id: number; due_date: string };
    expect(data.id).toBeGreaterThan(0);
    const row = await db.dataRequest.findUniqueOrThrow({ where: { id: data.id } });
    expect(row).toMatchObject({ kind: "opposition", status: "pending", documentType: "ce", documentNumber: "001234567", privacyVersion: PRIVACY_POLICY_VERSION, userId: null });
    expect(row.privacyAcceptedAt).toBeInstanceOf(Date);
    const bell = await db.notification.findFirst({ where: { userId: admin.id, type: "data_request", data: { path: ["data_request_id"], equals: data.id } } });
    expect(bell?.link).toBe(`/admin/data-requests?id=${data.id}`);
    const mail = await smtp.waitFor((received) => received.recipients.includes(body.email as string));
    expect(mail.headers.subject).toContain(`n.º ${data.id}`);
    expect(mail.text).toContain(data.due_date.split("-").reverse().join("/"));
    expect((await detail(data.id)).receipt_email).toMatchObject({ status: "sent" });
  });

  it("refuses missing fields, a bad document for its type, a missing detail and an unticked consent, storing nothing", async () => {
    const before = await db.dataRequest.count();
    const empty = await submit({});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors as Json).sort()).toEqual(["document_number", "document_type", "email", "kind", "name", "privacy_accepted"].sort());

    const shortDni = await submit(arcoBody({ document_number: "1234" }));
    expect(shortDni.status).toBe(422);
    expect((shortDni.body.errors as Json).document_number).toEqual(["El DNI tiene 8 dígitos."]);
    const goodRuc = ruc("2012345678");
    const badRuc = await submit(arcoBody({ document_type: "ruc", document_number: `${goodRuc.slice(0, 10)}${(Number(goodRuc[10]) + 1) % 10}` }));
    expect((badRuc.body.errors as Json).document_number).toBeDefined();
    const unknownType = await submit(arcoBody({ document_type: "licencia" }));
    expect((unknownType.body.errors as Json).document_type).toBeDefined();

    const noDetail = await submit(arcoBody({ kind: "rectification" }));
    expect((noDetail.body.errors as Json).detail).toBeDefined();
    const tooLong = await submit(arcoBody({ detail: "x".repeat(2001) }));
    expect((tooLong.body.errors as Json).detail).toBeDefined();

    const noConsent = await submit(arcoBody({ privacy_accepted: false }));
    expect(noConsent.status).toBe(422);
    expect((noConsent.body.errors as Json).privacy_accepted).toEqual(["Debes aceptar la Política de privacidad para continuar."]);
    expect(await db.dataRequest.count()).toBe(before);

    // A valid RUC and a passport are accepted.
    expect((await submit(arcoBody({ document_type: "ruc", document_number: ruc("2060123456") }))).status).toBe(201);
    expect((await submit(arcoBody({ document_type: "passport", document_number: "ab123456" }))).status).toBe(201);
  });

  it("answers a bot that fills the honeypot as if it worked, and stores, notifies and sends nothing", async () => {
    const body = arcoBody({ website: "https://spam.example" });
    const answer = await submit(body);
    expect(answer.status).toBe(201);
    expect(await db.dataRequest.count({ where: { email: body.email as string } })).toBe(0);
  });

  it("refuses the sixth request in ten minutes from one address with 429 and Retry-After", async () => {
    const ip = fakeIp();
    for (let index = 0; index < 5; index += 1) expect((await submit(arcoBody(), ip)).status).toBe(201);
    const refused = await submit(arcoBody(), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await submit(arcoBody())).status).toBe(201);
  });
});

/** A client with everything an account can hold. */
async function richClient() {
  const tag = uniqueTag();
  const password = "Clave#Segura2026";
  const client = await createTestUser({ password, name: `Carla Mendoza ${tag}` });
  const taxId = ruc("2055512345");
  await db.user.update({ where: { id: client.id }, data: { billingName: `Mendoza Consultores ${tag} S.A.C.`, taxId, image: "https://example.pe/carla.png" } });
  await db.account.create({ data: { userId: client.id, type: "oidc", provider: "google", providerAccountId: `google-${tag}` } });
  await db.passwordResetToken.create({ data: { userId: client.id, tokenHash: tag.padEnd(64, "0"), expiresAt: new Date(Date.now() + 3_600_000) } });
  await db.notification.create({ data: { userId: client.id, type: "invoice", title: "Tu factura" } });

  const storage = mediaStorage();
  const ticket = await db.ticket.create({
    data: { userId: client.id, subject: `Mi servidor ${tag}`, description: "Mi número es 987654321", replies: { create: { authorId: client.id, body: "Adjunto captura", viaEmail: false } } },
    select: { id: true, replies: { select: { id: true } } },
  });
  const attachmentKey = `mail/${tag}/captura.txt`;
  await storage.put(attachmentKey, new TextEncoder().encode("captura"), "text/plain");
  await db.mailAttachment.create({ data: { storageKey: attachmentKey, fileName: "captura.txt", mime: "text/plain", bytes: 7, ticketReplyId: ticket.replies[0].id } });
  await db.notification.create({ data: { userId: admin.id, adminOnly: true, type: "ticket", title: "Nuevo ticket", body: `${client.name}: ayuda`, data: { ticket_id: ticket.id } } });

  const message = await db.contactMessage.create({
    data: { name: client.name, email: client.email, phone: "987654321", company: "Mendoza SAC", subject: "Cotización", message: "Necesito un ERP", ipAddress: "10.1.2.3", userAgent: "Firefox" },
    select: { id: true },
  });

  const paid = await createTestInvoice(db, { userId: client.id, status: "paid" });
  const open = await createTestInvoice(db, { userId: client.id });
  const payment = await db.payment.findFirstOrThrow({ where: { invoiceId: paid.id } });
  const confirmedVoucher = `vouchers/${tag}-confirmado`;
  const pendingVoucher = `vouchers/${tag}-pendiente`;
  await storage.put(confirmedVoucher, new TextEncoder().encode("voucher"), "application/pdf");
  await storage.put(pendingVoucher, new TextEncoder().encode("voucher"), "application/pdf");
  const confirmedReport = await db.paymentReport.create({
    data: {
      invoiceId: paid.id,
      userId: client.id,
      amount: paid.amount,
      currency: paid.currency,
      paidOn: paid.issuedAt,
      method: "yape",
      reference: "OP-123",
      voucherKey: confirmedVoucher,
      voucherName: "yape.pdf",
      voucherMime: "application/pdf",
      voucherBytes: 7,
      status: "confirmed",
      reviewedAt: new Date(),
      paymentId: payment.id,
    },
  });
  const pendingReport = await db.paymentReport.create({
    data: { invoiceId: open.id, userId: client.id, amount: "10.00", currency: open.currency, paidOn: open.issuedAt, method: "plin", voucherKey: pendingVoucher, voucherName: "plin.pdf", voucherMime: "application/pdf", voucherBytes: 7 },
  });
  const subscription = await db.subscription.create({
    data: { userId: client.id, planName: `Soporte ${tag}`, amount: "100.00", currency: "PEN", billingPeriod: "monthly", nextBillingDate: new Date("2030-01-01T00:00:00Z") },
  });
  await db.auditLog.create({ data: { actorId: client.id, action: "profile.update", entityType: "profile", entityId: client.id, ipAddress: "10.9.9.9" } });

  return { client, password, taxId, ticket, attachmentKey, message, paid, open, confirmedReport, pendingReport, confirmedVoucher, pendingVoucher, subscription };
}

describe("Solicitar eliminación → the admin completes it → the account is erased", () => {
  it("erases personal data, ends every session, keeps the fiscal records valid and can never run twice", async () => {
    const fixture = await richClient();
    const { client } = fixture;
    const clientToken = await tokenFor(client);
    const cookie = await sessionCookieFor(client);
    const invoiceBefore = await db.invoice.findUniqueOrThrow({ where: { id: fixture.paid.id }, include: { lines: true } });

    // The client asks; a second request while it waits is refused with the first one's date.
    const asked = await call(deletionRoute, "/api/v1/client/deletion-request", { method: "POST", bearer: clientToken, body: { confirmation: "ELIMINAR" } });
    expect(asked.status).toBe(201);
    const receipt = asked.body.data as { id: number; due_date: string; status: string };
    expect(receipt.status).toBe("pending");
    const again = await call(deletionRoute, "/api/v1/client/deletion-request", { method: "POST", bearer: clientToken });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(receipt.due_date.split("-").reverse().join("/"));
    const wrongWord = await call(deletionRoute, "/api/v1/client/deletion-request", { method: "POST", bearer: clientToken, body: { confirmation: "borrar" } });
    expect(wrongWord.status).toBe(422);
    expect((await call(deletionStatus, "/api/v1/client/deletion-request", { bearer: clientToken })).body.data).toMatchObject({ id: receipt.id, due_date: receipt.due_date });
    expect(await db.dataRequest.count({ where: { userId: client.id } })).toBe(1);
    const receiptMail = await smtp.waitFor((mail) => mail.recipients.includes(client.email) && mail.headers.subject.includes("eliminación"));
    expect(receiptMail.text).toContain("Tus comprobantes electrónicos y sus datos obligatorios se conservan por obligación tributaria");

    // A client cannot use the admin routes.
    expect((await call(adminList, "/api/v1/admin/data-requests", { bearer: clientToken })).status).toBe(403);
    expect((await resolve(receipt.id, { outcome: "completed", resolution: "Listo" }, clientToken)).status).toBe(403);

    // The admin sees it, with what the erasure touches; the resolution text is required.
    const list = await call(adminList, "/api/v1/admin/data-requests?kind=cancellation&status=pending&per_page=100", { bearer: adminToken });
    expect(list.status).toBe(200);
    const listed = ((list.body.data as Json).data as Json[]).find((row) => row.id === receipt.id);
    expect(listed).toMatchObject({ kind: "cancellation", user_id: client.id, due_date: receipt.due_date, days_left: 10 });
    expect((await detail(receipt.id)).erasure_preview).toMatchObject({ tickets: 1, contact_messages: 1, payment_reports: 2, subscriptions_to_cancel: 1, invoices_kept: 2 });
    expect((await resolve(receipt.id, { outcome: "completed", resolution: "" })).status).toBe(422);

    const done = await resolve(receipt.id, { outcome: "completed", resolution: "Eliminamos tu cuenta conforme a tu pedido." });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "completed", erasure: { tickets: 1, subscriptions_cancelled: 1, payment_reports_deleted: 1, payment_reports_blanked: 1 } });

    // The person is told at the address they had, and the screen shows that e-mail as sent.
    const result = await smtp.waitFor((mail) => mail.recipients.includes(client.email) && mail.headers.subject.includes("Eliminamos tus datos"));
    expect(result.text).toContain("Eliminamos tu cuenta conforme a tu pedido.");
    expect((await detail(receipt.id)).reply_email).toMatchObject({ status: "sent", recipient: client.email });

    // Answering twice is refused.
    expect((await resolve(receipt.id, { outcome: "rejected", resolution: "Otra vez" })).status).toBe(409);

    // The account: anonymised, and it cannot sign in or use any old session or token.
    const user = await db.user.findUniqueOrThrow({ where: { id: client.id } });
    expect(user).toMatchObject({ name: "Usuario eliminado", email: erasedEmail(client.id), passwordHash: null, image: null, billingName: null, taxId: null, emailVerified: null });
    expect(user.email).toBe(user.email.toLowerCase());
    expect(user.anonymizedAt).toBeInstanceOf(Date);
    for (const email of [client.email, user.email]) {
      expect((await call(loginRoute, "/api/v1/auth/login", { method: "POST", body: { email, password: fixture.password } })).status).toBe(401);
    }
    expect((await call(profileRoute, "/api/v1/client/profile", { bearer: clientToken })).status).toBe(401);
    expect((await call(profileRoute, "/api/v1/client/profile", { cookie })).status).toBe(401);
    expect(await db.session.count({ where: { userId: client.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: client.id } })).toBe(0);
    expect(await db.account.count({ where: { userId: client.id } })).toBe(0);
    expect(await db.passwordResetToken.count({ where: { userId: client.id } })).toBe(0);
    expect(await db.notification.count({ where: { userId: client.id } })).toBe(0);

    // Support and contact: gone or anonymised, files deleted; the admins' bell no longer names them.
    expect(await db.ticket.count({ where: { id: fixture.ticket.id } })).toBe(0);
    expect(await mediaStorage().read(fixture.attachmentKey)).toBeNull();
    expect(await db.notification.count({ where: { userId: admin.id, data: { path: ["ticket_id"], equals: fixture.ticket.id } } })).toBe(0);
    expect(await db.contactMessage.findUniqueOrThrow({ where: { id: fixture.message.id } })).toMatchObject({
      name: "Usuario eliminado",
      email: erasedEmail(client.id),
      phone: null,
      company: null,
      message: ERASED_TEXT,
      ipAddress: null,
      userAgent: null,
    });

    // Payment reports: the one behind a payment stays without its voucher; the other is gone.
    expect(await db.paymentReport.findUniqueOrThrow({ where: { id: fixture.confirmedReport.id } })).toMatchObject({ voucherKey: null, voucherName: null, reference: null, paymentId: fixture.confirmedReport.paymentId });
    expect(await db.paymentReport.count({ where: { id: fixture.pendingReport.id } })).toBe(0);
    expect(await mediaStorage().read(fixture.confirmedVoucher)).toBeNull();
    expect(await mediaStorage().read(fixture.pendingVoucher)).toBeNull();

    // Subscriptions: cancelled, with an audit entry.
    expect(await db.subscription.findUniqueOrThrow({ where: { id: fixture.subscription.id } })).toMatchObject({ status: "cancelled", nextBillingDate: null });
    expect(await db.auditLog.count({ where: { action: "subscription.erasure_cancel", entityId: String(fixture.subscription.id) } })).toBe(1);

    // Fiscal records: unchanged, and the invoice PDF still prints the original customer. Only the
    // admin search's derived text changes: it no longer finds the invoice by the erased account's name.
    const { searchText: searchBefore, ...fiscalBefore } = invoiceBefore;
    const { searchText: searchAfter, ...fiscalAfter } = await db.invoice.findUniqueOrThrow({ where: { id: fixture.paid.id }, include: { lines: true } });
    expect(fiscalAfter).toEqual(fiscalBefore);
    expect(searchBefore).toContain(client.name.toLowerCase());
    expect(searchAfter).not.toContain(client.name.toLowerCase());
    expect(await db.payment.count({ where: { userId: client.id } })).toBe(1);
    const pdf = await invoicePdf(new Request(`http://localhost/api/v1/admin/invoices/${fixture.paid.id}/pdf`, { headers: { authorization: `Bearer ${adminToken}`, "x-lumen-peer-address": fakeIp() } }), {
      params: Promise.resolve({ id: String(fixture.paid.id) }),
    });
    expect(pdf.status).toBe(200);
    const { text } = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(invoiceBefore.invoiceNumber);
    expect(text).toContain(invoiceBefore.customerName);
    expect(text).toContain(fixture.taxId);

    // The audit trail: the client's own entries stay, signed "Usuario eliminado"; the erasure is recorded.
    const trail = await listAuditLogs({ userId: client.id }, { page: 1, perPage: 50 });
    expect(trail.data.some((entry) => entry.action === "profile.update" && entry.user?.name === "Usuario eliminado")).toBe(true);
    expect(await db.auditLog.count({ where: { action: "data_request.complete", entityId: String(receipt.id), actorId: admin.id } })).toBe(1);
    // The request itself is kept with the name and address it was made with.
    expect(await db.dataRequest.findUniqueOrThrow({ where: { id: receipt.id } })).toMatchObject({ status: "completed", email: client.email, resolvedById: admin.id });
  });

  it("erases an account that holds nothing but itself", async () => {
    const client = await createTestUser({ password: "Clave#Segura2026" });
    const asked = await call(deletionRoute, "/api/v1/client/deletion-request", { method: "POST", bearer: await tokenFor(client) });
    expect(asked.status).toBe(201);
    const done = await resolve((asked.body.data as Json).id as number, { outcome: "completed", resolution: "Listo." });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ erasure: { tickets: 0, contact_messages: 0, files: 0, invoices_kept: 0 } });
    expect(await db.user.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({ name: "Usuario eliminado", passwordHash: null });
  });

  it("refuses an admin's own deletion request (403) and answers a rejection without touching the account", async () => {
    const adminTwo = await createTestUser({ role: "admin" });
    expect((await call(deletionRoute, "/api/v1/client/deletion-request", { method: "POST", bearer: await tokenFor(adminTwo) })).status).toBe(403);

    const client = await createTestUser({ password: "Clave#Segura2026" });
    const asked = await call(deletionRoute, "/api/v1/client/deletion-request", { method: "POST", bearer: await tokenFor(client) });
    const id = (asked.body.data as Json).id as number;
    const rejected = await resolve(id, { outcome: "rejected", resolution: "Tienes una factura en disputa; te escribiremos." });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: "rejected", erasure: null });
    expect(await db.user.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({ email: client.email, anonymizedAt: null });
    expect(await db.notification.count({ where: { userId: client.id, type: "data_request_resolved" } })).toBe(1);
    // A new request may follow a rejected one.
    expect((await call(deletionRoute, "/api/v1/client/deletion-request", { method: "POST", bearer: await tokenFor(client) })).status).toBe(201);
  });
});

describe("consent on the contact form and registration", () => {
  it("stores the privacy version with a contact message when accepted, refuses false, leaves it unrecorded when absent", async () => {
    const message = { name: "Luis Paredes", message: "Quisiera una cotización." };
    const accepted = `luis.${uniqueTag()}@example.pe`;
    expect((await call(contactRoute, "/api/v1/contact", { method: "POST", body: { ...message, email: accepted, privacy_accepted: true } })).status).toBe(201);
    expect(await db.contactMessage.findFirstOrThrow({ where: { email: accepted } })).toMatchObject({ privacyVersion: PRIVACY_POLICY_VERSION });

    const refused = await call(contactRoute, "/api/v1/contact", { method: "POST", body: { ...message, email: `no.${uniqueTag()}@example.pe`, privacy_accepted: false } });
    expect(refused.status).toBe(422);
    expect((refused.body.errors as Json).privacy_accepted).toBeDefined();

    const absent = `sin.${uniqueTag()}@example.pe`;
    expect((await call(contactRoute, "/api/v1/contact", { method: "POST", body: { ...message, email: absent } })).status).toBe(201);
    expect(await db.contactMessage.findFirstOrThrow({ where: { email: absent } })).toMatchObject({ privacyVersion: null, privacyAcceptedAt: null });
  });

  it("stores the privacy version with a new account when accepted, refuses false, leaves it unrecorded when absent", async () => {
    const account = (email: string, extra: Record<string, unknown> = {}) => ({ name: "Ana Ríos", email, password: "Clave#Segura2026", password_confirmation: "Clave#Segura2026", ...extra });
    const accepted = `ana.${uniqueTag()}@example.pe`;
    expect((await call(registerRoute, "/api/v1/auth/register", { method: "POST", body: account(accepted, { privacy_accepted: true }) })).status).toBe(201);
    const user = await db.user.findUniqueOrThrow({ where: { email: accepted } });
    expect(user.privacyVersion).toBe(PRIVACY_POLICY_VERSION);
    expect(user.privacyAcceptedAt).toBeInstanceOf(Date);

    const refused = await call(registerRoute, "/api/v1/auth/register", { method: "POST", body: account(`no.${uniqueTag()}@example.pe`, { privacy_accepted: false }) });
    expect(refused.status).toBe(422);

    const absent = `sin.${uniqueTag()}@example.pe`;
    expect((await call(registerRoute, "/api/v1/auth/register", { method: "POST", body: account(absent) })).status).toBe(201);
    expect(await db.user.findUniqueOrThrow({ where: { email: absent } })).toMatchObject({ privacyVersion: null, privacyAcceptedAt: null });
  });
});
