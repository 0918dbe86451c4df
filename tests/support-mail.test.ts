// Tickets by e-mail, through the REST contract and a REAL SMTP server: a staff reply reaches the
// client as a person's mail (the ticket's own reply address, "[#T-n]" in the subject, the
// Message-ID the reply keeps, In-Reply-To of the ticket's previous mail, the author's signature),
// its delivery state is true everywhere, "Reenviar" sends a failed one exactly once (even when
// pressed twice at once), and status mails carry the same reference and reply address.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as resendRoute from "@/app/api/v1/admin/tickets/[id]/replies/[replyId]/resend/route";
import { db } from "@/lib/db";
import { addEmailedClientReply } from "@/lib/support/service";
import type { AdminTicketDetailContract, TicketDetailContract } from "@/lib/support/serialize";
import { call, uniqueTag } from "./helpers/auth";
import { freePort, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "./helpers/smtp";
import { auditOf, caller, myTicket, openTicket, staffCalls, type Caller } from "./helpers/support";

let admin: Caller;
let ana: Caller;
let smtp: TestSmtpServer;
const REPLY_BASE = "soporte@lumenti.pe";

beforeAll(async () => {
  [admin, ana] = await Promise.all([caller("admin"), caller("client")]);
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.INBOUND_REPLY_ADDRESS;
  vi.restoreAllMocks();
});

const { adminTicket, adminUpdate, staffReply } = staffCalls(() => admin);

const resend = (ticketId: number | string, replyId: number | string, who: Caller = admin) =>
  call<{ id: string; replyId: string }>(resendRoute.POST, `/api/v1/admin/tickets/${ticketId}/replies/${replyId}/resend`, {
    method: "POST",
    bearer: who.token,
    params: { id: String(ticketId), replyId: String(replyId) },
  });

/** Without SMTP the mailer prints each e-mail on the console: keep the test output readable. */
const muteConsole = () => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
};

const replyRows = (ticketId: number) => db.ticketReply.findMany({ where: { ticketId, fromStaff: true }, orderBy: { id: "asc" } });
const mailsWithId = (messageId: string | null) => smtp.received.filter((mail) => mail.headers["message-id"] === messageId);
const toAna = (ticketId: number) => (mail: ReceivedMail) => mail.recipients.includes(ana.user.email) && (mail.headers.subject ?? "").includes(`[#T-${ticketId}]`);

async function emailedAnswer(ticketId: number, who: Caller, messageId: string) {
  const inbound = await db.inboundEmail.create({
    data: { via: "smtp", messageId, fromAddress: who.user.email, subject: `Re: ticket [#T-${ticketId}]`, bytes: 512, outcome: "ticket_reply" },
  });
  return db.$transaction((tx) =>
    addEmailedClientReply(tx, {
      ticketId,
      userId: who.user.id,
      body: "Ya probé y sigue igual.",
      originalText: "Ya probé y sigue igual.\n\n> Respuesta anterior citada",
      fromAddress: who.user.email,
      authWarning: null,
      inboundEmailId: inbound.id,
      mailMessageId: messageId,
    }),
  );
}

describe("a staff reply's e-mail", () => {
  it("goes to the client from the ticket's reply address, names the ticket, keeps its Message-ID, answers the previous mail and ends with the signature", async () => {
    process.env.SMTP_URL = smtp.url;
    process.env.INBOUND_REPLY_ADDRESS = REPLY_BASE;
    const signature = `Carla Ríos\nMesa de ayuda · Lumen ${uniqueTag()}`;
    await db.user.update({ where: { id: admin.user.id }, data: { signature } });
    const subject = `Factura sin timbrar ${uniqueTag()}`;
    const ticket = await openTicket(ana, subject);
    const { replyToken } = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id }, select: { replyToken: true } });

    const answered = await staffReply(ticket.id, { body: "Hola, ya la reenviamos a SUNAT." });
    expect(answered.status).toBe(201);
    expect(answered.body.email).toEqual({ sent: true, status: "sent", error: null });
    expect(answered.body.message).toBe("Respuesta enviada por correo al cliente.");

    const first = await smtp.waitFor(toAna(ticket.id));
    expect(first.recipients).toEqual([ana.user.email]);
    expect(first.headers.subject).toBe(`Respuesta a tu ticket #${ticket.id}: ${subject} [#T-${ticket.id}]`);
    expect(first.headers["reply-to"]).toBe(`soporte+${replyToken}@lumenti.pe`);
    // A person wrote it: no Auto-Submitted, so the client's vacation responder may answer it like any mail.
    expect(first.headers["auto-submitted"]).toBeUndefined();
    expect(first.headers["in-reply-to"]).toBeUndefined();
    expect(first.text).toContain(`Hola, ya la reenviamos a SUNAT.\n\n-- \n${signature}`);
    expect(first.text).toContain("Puedes responder a este correo");
    expect(first.text).toContain(`/client/tickets/${ticket.id}`);

    const [stored] = await replyRows(ticket.id);
    expect(stored).toMatchObject({ deliveryStatus: "sent", deliveryError: null, mailMessageId: first.headers["message-id"] });
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.serverResponse).toMatch(/^250/);
    const entry = (answered.body.data as AdminTicketDetailContract).entries.find((item) => item.kind === "reply");
    expect(entry).toMatchObject({ delivery_status: "sent", server_response: stored.serverResponse, reply_id: stored.id, author: { id: admin.user.id, name: admin.user.name } });
    expect((answered.body.data as AdminTicketDetailContract).reply_address).toBe(`soporte+${replyToken}@lumenti.pe`);

    // The client answers by e-mail; the next staff reply answers that mail and names the whole thread.
    const clientMessageId = `<respuesta-${uniqueTag()}@correo.example.pe>`;
    await emailedAnswer(ticket.id, ana, clientMessageId);
    await staffReply(ticket.id, { body: "Gracias, lo revisamos otra vez." });
    const second = await smtp.waitFor((mail) => toAna(ticket.id)(mail) && mail.text.includes("lo revisamos otra vez"));
    expect(second.headers["in-reply-to"]).toBe(clientMessageId);
    expect(second.headers.references?.split(/\s+/)).toEqual([stored.mailMessageId, clientMessageId]);
    const secondRow = (await replyRows(ticket.id))[1];
    expect(second.headers["message-id"]).toBe(secondRow.mailMessageId);
    expect(second.headers["message-id"]).not.toBe(first.headers["message-id"]);
  });

  it("without a reply address configured there is no Reply-To and the mail sends the client to the portal", async () => {
    process.env.SMTP_URL = smtp.url;
    const ticket = await openTicket(ana);
    await staffReply(ticket.id, { body: "Respuesta sin dirección de respuesta." });
    const mail = await smtp.waitFor(toAna(ticket.id));
    expect(mail.headers["reply-to"]).toBeUndefined();
    expect(mail.text).toContain("Para responder, entra a la conversación en tu portal:");
    expect(mail.text).not.toContain("Puedes responder a este correo");
  });

  it("a status change e-mails the client with the ticket's reference and reply address, marked as automatic", async () => {
    process.env.SMTP_URL = smtp.url;
    process.env.INBOUND_REPLY_ADDRESS = REPLY_BASE;
    const ticket = await openTicket(ana);
    const { replyToken } = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id }, select: { replyToken: true } });
    await adminUpdate(ticket.id, { status: "resolved" });
    const mail = await smtp.waitFor((item) => toAna(ticket.id)(item) && (item.headers.subject ?? "").startsWith(`Tu ticket #${ticket.id} ahora está «Resuelto»`));
    expect(mail.headers.subject).toMatch(new RegExp(`\\[#T-${ticket.id}\\]$`));
    expect(mail.headers["reply-to"]).toBe(`soporte+${replyToken}@lumenti.pe`);
    expect(mail.headers["auto-submitted"]).toBe("auto-generated");
  });
});

describe("a reply whose e-mail did not go out", () => {
  it("is stored as failed with the reason, shown in the thread, and «Reenviar» delivers it once with the same Message-ID", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
    const ticket = await openTicket(ana);
    const answered = await staffReply(ticket.id, { body: "Esta respuesta no sale a la primera." });
    expect(answered.status).toBe(201);
    expect(answered.body.email).toMatchObject({ sent: false, status: "failed", error: expect.stringMatching(/^No se pudo enviar el correo: /) });
    expect(answered.body.message).toMatch(/no se pudo enviar el correo. Usa «Reenviar»/);
    const [row] = await replyRows(ticket.id);
    expect(row).toMatchObject({ deliveryStatus: "failed", sentAt: null });
    expect(row.deliveryError).toMatch(/^No se pudo enviar el correo: /);
    const entry = ((await adminTicket(ticket.id)).body.data as AdminTicketDetailContract).entries.find((item) => item.kind === "reply");
    expect(entry).toMatchObject({ delivery_status: "failed", delivery_error: row.deliveryError, sent_at: null });
    // The client sees the reply, and nothing of its e-mail.
    const seen = (await myTicket(ana, ticket.id)).body.data as Record<string, unknown>;
    expect(JSON.stringify(seen)).not.toMatch(/delivery|failed|entries/);

    process.env.SMTP_URL = smtp.url;
    const resent = await resend(ticket.id, row.id);
    expect(resent.status).toBe(200);
    expect(resent.body.email).toEqual({ sent: true, status: "sent", error: null });
    const mail = await smtp.waitFor(toAna(ticket.id));
    expect(mail.headers["message-id"]).toBe(row.mailMessageId);
    expect(mail.text).toContain("Esta respuesta no sale a la primera.");
    expect(await db.ticketReply.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ deliveryStatus: "sent", deliveryError: null });

    const again = await resend(ticket.id, row.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("La respuesta ya se envió por correo.");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsWithId(row.mailMessageId)).toHaveLength(1);

    const audit = (await auditOf(ticket.id)).filter((item) => item.action === "ticket.resend_reply");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.user.id, details: { before: { reply_id: row.id, delivery_error: row.deliveryError }, after: null } });
  });

  it("two «Reenviar» at once send one e-mail: the second is told the send is in flight", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
    const ticket = await openTicket(ana);
    await staffReply(ticket.id, { body: "Dos reenvíos a la vez." });
    const [row] = await replyRows(ticket.id);
    expect(row.deliveryStatus).toBe("failed");

    process.env.SMTP_URL = smtp.url;
    const both = await Promise.all([resend(ticket.id, row.id), resend(ticket.id, row.id)]);
    expect(both.map((result) => result.status).sort()).toEqual([200, 409]);
    const refused = both.find((result) => result.status === 409);
    expect(refused?.body.message).toMatch(/^La respuesta (ya se está enviando por correo|ya se envió por correo)/);
    await smtp.waitFor((mail) => mail.headers["message-id"] === row.mailMessageId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsWithId(row.mailMessageId)).toHaveLength(1);
    expect((await auditOf(ticket.id)).filter((item) => item.action === "ticket.resend_reply")).toHaveLength(1);
  });

  it("without SMTP it is not_configured and «Reenviar» is refused until mail is configured; a fresh `sending` is in flight, a stale one may be sent again", async () => {
    muteConsole();
    const ticket = await openTicket(ana);
    const answered = await staffReply(ticket.id, { body: "Sin correo saliente." });
    expect(answered.body.email).toEqual({ sent: false, status: "not_configured", error: null });
    expect(answered.body.message).toMatch(/el correo saliente no está configurado/);
    const [row] = await replyRows(ticket.id);
    expect(row.deliveryStatus).toBe("not_configured");

    const refused = await resend(ticket.id, row.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("El correo saliente no está configurado: la respuesta no se puede reenviar todavía.");

    process.env.SMTP_URL = smtp.url;
    await db.ticketReply.update({ where: { id: row.id }, data: { deliveryStatus: "sending", attemptedAt: new Date() } });
    const inFlight = await resend(ticket.id, row.id);
    expect(inFlight.status).toBe(409);
    expect(inFlight.body.message).toBe("La respuesta ya se está enviando por correo. Espera unos segundos.");

    await db.ticketReply.update({ where: { id: row.id }, data: { attemptedAt: new Date(Date.now() - 3 * 60_000) } });
    const stale = await resend(ticket.id, row.id);
    expect(stale.status).toBe(200);
    expect(stale.body.email).toMatchObject({ sent: true, status: "sent" });
  });

  it("«Reenviar» answers 404 for a client's reply, another ticket's reply or an unknown one, 409 for a reply from before e-mail delivery, and 403 to clients", async () => {
    muteConsole();
    process.env.SMTP_URL = smtp.url;
    const [ticket, other] = await Promise.all([openTicket(ana), openTicket(ana)]);
    await staffReply(ticket.id, { body: "Respuesta del equipo." });
    const [staffRow] = await replyRows(ticket.id);
    const clientRow = await db.ticketReply.create({ data: { ticketId: ticket.id, authorId: ana.user.id, body: "Del cliente" } });
    const legacy = await db.ticketReply.create({ data: { ticketId: ticket.id, authorId: admin.user.id, body: "Antigua", fromStaff: true } });

    expect((await resend(ticket.id, clientRow.id)).status).toBe(404);
    expect((await resend(other.id, staffRow.id)).status).toBe(404);
    expect((await resend(ticket.id, 2_000_000_000)).status).toBe(404);
    expect((await resend(ticket.id, "x")).status).toBe(404);
    const old = await resend(ticket.id, legacy.id);
    expect(old.status).toBe(409);
    expect(old.body.message).toBe("Esta respuesta no tiene un correo que reenviar.");
    expect((await resend(ticket.id, staffRow.id, ana)).status).toBe(403);
  });
});

describe("the client's view", () => {
  it("shows an e-mailed answer as «by e-mail» and nothing of the staff replies' delivery", async () => {
    muteConsole();
    const ticket = await openTicket(ana);
    await staffReply(ticket.id, { body: "Primera respuesta." });
    await emailedAnswer(ticket.id, ana, `<cliente-${uniqueTag()}@correo.example.pe>`);
    const seen = (await myTicket(ana, ticket.id)).body.data as TicketDetailContract & Record<string, unknown>;
    expect(seen.conversation.filter((entry) => entry.type === "message").map((entry) => entry.type === "message" && [entry.from_staff, entry.via_email])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(seen).not.toHaveProperty("entries");
    expect(seen).not.toHaveProperty("assigned_to");
  });
});
