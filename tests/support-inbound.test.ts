// Client e-mail that lands in tickets, through the functions the inbound pipeline calls in its own
// transaction: an answer is added to the client's ticket (a closed or resolved one reopens, the
// admins are told), an e-mail about no ticket opens one (its e-mail kept as the opening message,
// not counted as a reply), and both threads show what came by e-mail. Admins read the original and
// download the attachments; clients cannot.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as attachmentRoute from "@/app/api/v1/admin/tickets/[id]/attachments/[attachmentId]/route";
import * as originalRoute from "@/app/api/v1/admin/tickets/[id]/replies/[replyId]/original/route";
import { db } from "@/lib/db";
import { mediaStorage } from "@/lib/media/storage";
import type { EmailedClientReplyInput, EmailedTicketInput } from "@/lib/support/schema";
import type { AdminTicketDetailContract, AdminTicketSummaryContract, TicketDetailContract } from "@/lib/support/serialize";
import {
  addEmailedClientReply,
  emailAdminsAboutClientReply,
  emailAdminsAboutNewTicket,
  markTicketReplyBounced,
  openTicketFromEmail,
  ticketThreadingInfo,
} from "@/lib/support/service";
import { call, uniqueTag } from "./helpers/auth";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";
import { auditOf, caller, clientReply, myTicket, notificationsOf, openTicket, staffCalls, type Caller } from "./helpers/support";

let admin: Caller;
let ana: Caller;
let beto: Caller;
let smtp: TestSmtpServer;

beforeAll(async () => {
  [admin, ana, beto] = await Promise.all([caller("admin"), caller("client"), caller("client")]);
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
afterEach(() => {
  delete process.env.SMTP_URL;
  vi.restoreAllMocks();
});

const { adminList, adminTicket, adminUpdate, staffReply } = staffCalls(() => admin);

type Ids = { id: string; replyId: string };
const original = (ticketId: number, replyId: number | string, who: Caller = admin) =>
  call<Ids>(originalRoute.GET, `/api/v1/admin/tickets/${ticketId}/replies/${replyId}/original`, { bearer: who.token, params: { id: String(ticketId), replyId: String(replyId) } });
const attachment = (ticketId: number, attachmentId: number | string, who: Caller = admin) =>
  attachmentRoute.GET(
    new Request(`http://localhost/api/v1/admin/tickets/${ticketId}/attachments/${attachmentId}`, { headers: { authorization: `Bearer ${who.token}` } }),
    { params: Promise.resolve({ id: String(ticketId), attachmentId: String(attachmentId) }) },
  );

const inboundEmail = (who: Caller, messageId: string, outcome = "ticket_reply") =>
  db.inboundEmail.create({ data: { via: "smtp", messageId, fromAddress: who.user.email, subject: "Correo de prueba", bytes: 900, outcome } });

/** What the inbound pipeline passes for an e-mail of `who` (ticketId, subject and inboundEmailId in `overrides`). */
const emailed = (who: Caller, overrides: Partial<EmailedClientReplyInput & EmailedTicketInput> = {}) =>
  ({
    userId: who.user.id,
    body: "Sigue sin funcionar el acceso.",
    originalText: "Sigue sin funcionar el acceso.\n\nEl lun., Soporte escribió:\n> ¿Puede probar otra vez?",
    fromAddress: who.user.email,
    authWarning: null,
    mailMessageId: `<${uniqueTag()}@correo.example.pe>`,
    ...overrides,
  }) as EmailedClientReplyInput & EmailedTicketInput;

/** A file stored like the inbound pipeline stores an attachment, linked to a ticket reply. */
async function storedAttachment(replyId: number, fileName: string, bytes: Buffer, mime = "application/pdf") {
  const storageKey = `mail-attachments/test-${uniqueTag()}/archivo.bin`;
  await mediaStorage().put(storageKey, bytes, mime);
  return db.mailAttachment.create({ data: { storageKey, fileName, mime, bytes: bytes.length, ticketReplyId: replyId } });
}

describe("addEmailedClientReply", () => {
  it("adds the client's e-mailed answer, reopens a closed ticket (closed_at cleared, a status change by the client), tells the admins and is audited as the system's", async () => {
    const ticket = await openTicket(ana);
    await adminUpdate(ticket.id, { status: "closed" });
    const before = (await notificationsOf(admin.user.id, ticket.id)).length;
    const messageId = `<cliente-${uniqueTag()}@correo.example.pe>`;
    const inbound = await inboundEmail(ana, messageId);

    const result = await db.$transaction((tx) =>
      addEmailedClientReply(tx, emailed(ana, { ticketId: ticket.id, inboundEmailId: inbound.id, mailMessageId: messageId, authWarning: "DKIM y SPF fallaron: el remitente no está verificado." })),
    );
    expect(result).toEqual({ replyId: expect.any(Number), reopened: true });

    const row = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(row).toMatchObject({ status: "open", closedAt: null });
    const events = await db.ticketEvent.findMany({ where: { ticketId: ticket.id }, orderBy: { id: "asc" } });
    expect(events.at(-1)).toMatchObject({ fromStatus: "closed", toStatus: "open", actorId: ana.user.id });
    expect(await db.ticketReply.findUniqueOrThrow({ where: { id: result.replyId } })).toMatchObject({
      fromStaff: false,
      viaEmail: true,
      authorId: ana.user.id,
      inboundEmailId: inbound.id,
      mailMessageId: messageId,
      fromAddress: ana.user.email,
    });

    const notices = await notificationsOf(admin.user.id, ticket.id);
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)).toMatchObject({ type: "ticket_reply", title: `Ticket #${ticket.id} reabierto por el cliente por correo`, adminOnly: true });
    expect(notices.at(-1)?.body).toContain("Sigue sin funcionar el acceso.");
    const audit = (await auditOf(ticket.id)).at(-1);
    expect(audit).toMatchObject({ action: "ticket.reply", actorId: null, details: { after: { reply_id: result.replyId, via_email: true, status: "open" } } });

    // Admins see it as an e-mailed inbound entry with its warning; the client sees it as theirs, "by e-mail".
    const detail = (await adminTicket(ticket.id)).body.data as AdminTicketDetailContract;
    expect(detail.entries.at(-2)).toMatchObject({
      id: `reply-${result.replyId}`,
      kind: "inbound",
      via: "email",
      from_address: ana.user.email,
      auth_warning: "DKIM y SPF fallaron: el remitente no está verificado.",
      original_available: true,
      reply_id: result.replyId,
      delivery_status: null,
      author: { id: ana.user.id, name: ana.user.name },
    });
    expect(detail.entries.at(-1)).toMatchObject({ kind: "event", body: null, event: "status_changed", data: { from: "closed", to: "open" } });
    const mine = (await myTicket(ana, ticket.id)).body.data as TicketDetailContract;
    expect(mine.conversation.find((entry) => entry.id === `reply-${result.replyId}`)).toMatchObject({ type: "message", via_email: true, from_staff: false });

    // "Ver original": the whole e-mail, for admins only.
    const shown = await original(ticket.id, result.replyId);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ original_text: expect.stringContaining("> ¿Puede probar otra vez?"), from_address: ana.user.email });
    expect((await original(ticket.id, result.replyId, ana)).status).toBe(403);
  });

  it("keeps an open ticket open, and after the commit the admins get the e-mail", async () => {
    process.env.SMTP_URL = smtp.url;
    const ticket = await openTicket(ana, `Consulta por correo ${uniqueTag()}`);
    const inbound = await inboundEmail(ana, `<abierto-${uniqueTag()}@correo.example.pe>`);
    const result = await db.$transaction((tx) => addEmailedClientReply(tx, emailed(ana, { ticketId: ticket.id, inboundEmailId: inbound.id, body: "Adjunto la captura." })));
    expect(result.reopened).toBe(false);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("open");
    expect((await notificationsOf(admin.user.id, ticket.id)).at(-1)).toMatchObject({ title: `Nueva respuesta por correo en el ticket #${ticket.id}` });

    await emailAdminsAboutClientReply(ticket.id, result.replyId);
    const mail = await smtp.waitFor((item) => item.recipients.includes(admin.user.email) && (item.headers.subject ?? "").startsWith(`Nueva respuesta por correo en el ticket #${ticket.id}`));
    expect(mail.text).toContain("Adjunto la captura.");
    expect(mail.text).toContain(`/admin/tickets/${ticket.id}`);
  });

  it("refuses another client's ticket or an unknown one (nothing written), and cuts an over-long answer instead of losing it", async () => {
    const ticket = await openTicket(ana);
    const inbound = await inboundEmail(beto, `<ajeno-${uniqueTag()}@correo.example.pe>`);
    await expect(db.$transaction((tx) => addEmailedClientReply(tx, emailed(beto, { ticketId: ticket.id, inboundEmailId: inbound.id })))).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(db.$transaction((tx) => addEmailedClientReply(tx, emailed(ana, { ticketId: 2_000_000_000, inboundEmailId: inbound.id })))).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await db.ticketReply.count({ where: { ticketId: ticket.id } })).toBe(0);

    const long = `${"a".repeat(12_000)}\u0007`;
    const result = await db.$transaction((tx) => addEmailedClientReply(tx, emailed(ana, { ticketId: ticket.id, inboundEmailId: inbound.id, body: long, authWarning: "" })));
    const row = await db.ticketReply.findUniqueOrThrow({ where: { id: result.replyId } });
    expect(row.body).toHaveLength(10_000);
    expect(row.body.endsWith("…")).toBe(true);
    expect(row.authWarning).toBeNull();
  });
});

describe("openTicketFromEmail", () => {
  it("opens a ticket whose opening message is the e-mail (not a reply), tells the admins, and threads the first staff reply to it", async () => {
    process.env.SMTP_URL = smtp.url;
    const messageId = `<nuevo-${uniqueTag()}@correo.example.pe>`;
    const inbound = await inboundEmail(ana, messageId, "new_ticket");
    const body = `El sistema no emite facturas desde esta mañana.\n${"x".repeat(11_000)}`;
    const receivedAt = new Date(Date.now() - 5_000);
    const { ticketId, replyId } = await db.$transaction((tx) =>
      openTicketFromEmail(tx, emailed(ana, { subject: "   ", body, inboundEmailId: inbound.id, mailMessageId: messageId, receivedAt })),
    );
    const file = await storedAttachment(replyId, "Captura de pantalla «error».pdf", Buffer.from("%PDF-1.4 prueba de adjunto"));

    const ticket = await db.ticket.findUniqueOrThrow({ where: { id: ticketId } });
    expect(ticket).toMatchObject({ userId: ana.user.id, subject: "(sin asunto)", status: "open", priority: "medium", createdAt: receivedAt });
    expect(ticket.description).toHaveLength(10_000);

    const detail = (await adminTicket(ticketId)).body.data as AdminTicketDetailContract;
    expect(detail.replies_count).toBe(0);
    expect(detail.entries).toHaveLength(1);
    expect(detail.entries[0]).toMatchObject({
      id: "description",
      kind: "message",
      via: "email",
      reply_id: replyId,
      original_available: true,
      attachments: [{ id: file.id, file_name: "Captura de pantalla «error».pdf", mime: "application/pdf", bytes: file.bytes, url: `/api/v1/admin/tickets/${ticketId}/attachments/${file.id}` }],
    });
    expect(detail.conversation).toEqual([expect.objectContaining({ id: "description", via_email: true })]);
    const listed = (await adminList(`?user_id=${ana.user.id}&q=%23${ticketId}`)).body.data as AdminTicketSummaryContract[];
    expect(listed.find((row) => row.id === ticketId)).toMatchObject({ replies_count: 0, subject: "(sin asunto)" });

    expect((await notificationsOf(admin.user.id, ticketId)).at(-1)).toMatchObject({ type: "ticket_new", title: `Nuevo ticket #${ticketId} por correo: (sin asunto)` });
    expect((await auditOf(ticketId))[0]).toMatchObject({ action: "ticket.create", actorId: null, details: { after: { via_email: true } } });
    await emailAdminsAboutNewTicket(ticketId);
    await smtp.waitFor((item) => item.recipients.includes(admin.user.email) && (item.headers.subject ?? "").startsWith(`Nuevo ticket #${ticketId} por correo`));

    expect(await ticketThreadingInfo(ticketId)).toEqual({ userEmail: ana.user.email, replyToken: ticket.replyToken, messageIds: [messageId] });
    expect(await ticketThreadingInfo(2_000_000_000)).toBeNull();

    await staffReply(ticketId, { body: "Recibimos su correo." });
    const reply = await smtp.waitFor((item) => item.recipients.includes(ana.user.email) && (item.headers.subject ?? "").includes(`[#T-${ticketId}]`));
    expect(reply.headers["in-reply-to"]).toBe(messageId);
    const staffId = (await db.ticketReply.findFirstOrThrow({ where: { ticketId, fromStaff: true } })).mailMessageId;
    expect((await ticketThreadingInfo(ticketId))?.messageIds).toEqual([messageId, staffId]);
    expect(((await adminTicket(ticketId)).body.data as AdminTicketDetailContract).replies_count).toBe(1);
  });
});

describe("markTicketReplyBounced", () => {
  it("marks the staff reply whose mail bounced as failed with the reason (Reenviar applies), audited, admins told; an unknown Message-ID is null", async () => {
    process.env.SMTP_URL = smtp.url;
    const ticket = await openTicket(ana);
    await staffReply(ticket.id, { body: "Esta respuesta rebotará." });
    const reply = await db.ticketReply.findFirstOrThrow({ where: { ticketId: ticket.id, fromStaff: true } });
    expect(reply.deliveryStatus).toBe("sent");

    const ticketId = await db.$transaction((tx) => markTicketReplyBounced(tx, reply.mailMessageId as string, "5.1.1 El buzón no existe"));
    expect(ticketId).toBe(ticket.id);
    expect(await db.ticketReply.findUniqueOrThrow({ where: { id: reply.id } })).toMatchObject({ deliveryStatus: "failed", deliveryError: "Rebotado: 5.1.1 El buzón no existe", sentAt: null });
    const entry = ((await adminTicket(ticket.id)).body.data as AdminTicketDetailContract).entries.find((item) => item.reply_id === reply.id);
    expect(entry).toMatchObject({ delivery_status: "failed", delivery_error: "Rebotado: 5.1.1 El buzón no existe" });
    expect((await auditOf(ticket.id)).at(-1)).toMatchObject({ action: "ticket.reply_bounced", actorId: null, details: { after: { reply_id: reply.id } } });
    expect((await notificationsOf(admin.user.id, ticket.id)).at(-1)).toMatchObject({ type: "ticket_reply_bounced", title: `El correo de una respuesta del ticket #${ticket.id} rebotó` });

    expect(await db.$transaction((tx) => markTicketReplyBounced(tx, `<nadie-${uniqueTag()}@lumenti.pe>`, "x"))).toBeNull();
  });
});

describe("attachments of e-mailed replies", () => {
  it("an admin downloads one as an attachment (its type, nosniff, never cached); a client gets 403; another ticket's or a missing file is 404", async () => {
    const ticket = await openTicket(ana);
    const other = await openTicket(ana);
    const inbound = await inboundEmail(ana, `<adjunto-${uniqueTag()}@correo.example.pe>`);
    const { replyId } = await db.$transaction((tx) => addEmailedClientReply(tx, emailed(ana, { ticketId: ticket.id, inboundEmailId: inbound.id })));
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80]);
    const file = await storedAttachment(replyId, "Informe técnico.pdf", bytes);

    const response = await attachment(ticket.id, file.id);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Informe tecnico.pdf"; filename*=UTF-8''Informe%20t%C3%A9cnico.pdf`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    const asClient = await attachment(ticket.id, file.id, ana);
    expect(asClient.status).toBe(403);
    expect(await asClient.text()).not.toContain("PDF");
    expect((await attachment(other.id, file.id)).status).toBe(404);
    expect((await attachment(ticket.id, 2_000_000_000)).status).toBe(404);
    expect((await attachment(ticket.id, "../../etc")).status).toBe(404);

    await mediaStorage().delete([file.storageKey]);
    expect((await attachment(ticket.id, file.id)).status).toBe(404);
  });

  it("a reply typed in the portal has no original (404)", async () => {
    const ticket = await openTicket(ana);
    expect((await clientReply(ana, ticket.id, { body: "Desde el portal." })).status).toBe(201);
    const reply = await db.ticketReply.findFirstOrThrow({ where: { ticketId: ticket.id } });
    expect((await original(ticket.id, reply.id)).status).toBe(404);
    const detail = (await adminTicket(ticket.id)).body.data as AdminTicketDetailContract;
    expect(detail.entries.find((entry) => entry.reply_id === reply.id)).toMatchObject({ kind: "inbound", via: "portal", original_available: false, attachments: [] });
  });
});
