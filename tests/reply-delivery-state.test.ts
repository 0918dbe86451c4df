// The e-mail state tells the truth. A reply stored while the outgoing mail is not configured
// (no SMTP_URL) or while the mail server refuses it is "not sent" everywhere an admin or a client
// of the API looks: the reply's `reply_status` (sending | sent | failed | not_configured), the
// list, the CSV export and the dashboard's median first response, which counts only replies
// really sent (the conversation's first_response_at). "Reenviar" is refused (409) while there is nothing to resend or SMTP is still not
// configured, and sends once it is. Every other e-mail (contact notice, tickets, invoices) leaves
// a row in the outbound e-mail log instead of being dropped silently, and no row keeps a body.
import { once } from "node:events";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminActor } from "@/lib/auth/actor";
import { medianFirstResponse } from "@/lib/admin/charts";
import { businessDate } from "@/lib/dates";
import { issueInvoice } from "@/lib/billing/invoices";
import { submitContactMessage } from "@/lib/contact/service";
import { sendPasswordResetLink } from "@/lib/auth/password-reset";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { openTicket } from "@/lib/support/service";
import { createTestUser, fakeIp, uniqueTag } from "./helpers/auth";
import { adminCall, auditOf, createAdmin, createMessage, latestReply, routes, type AdminCaller } from "./helpers/contact-inbox";
import { freePort, startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

const { messageRoute, resendRoute, listRoute, exportRoute } = routes;
type Id = { id: string };
type Json = Record<string, unknown>;

let admin: AdminCaller;
let actor: AdminActor;
let smtp: TestSmtpServer;

beforeAll(async () => {
  admin = await createAdmin();
  actor = { ...admin.user, role: "admin", ipAddress: "203.0.113.51", sessionId: null };
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
afterEach(() => {
  delete process.env.SMTP_URL;
  vi.restoreAllMocks();
});

/** Without SMTP the mailer prints each e-mail on the console: keep the test output readable. */
const muteConsole = () => {
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  return info;
};

const reply = (id: number, text: string) =>
  adminCall<Id>(admin, messageRoute.PUT, `/api/v1/admin/contact-messages/${id}`, { method: "PUT", body: { status: "replied", reply: text }, params: { id: String(id) } });
const resend = (id: number) =>
  adminCall<Id>(admin, resendRoute.POST, `/api/v1/admin/contact-messages/${id}/resend`, { method: "POST", params: { id: String(id) } });
const show = (id: number) => adminCall<Id>(admin, messageRoute.GET, `/api/v1/admin/contact-messages/${id}`, { params: { id: String(id) } });
const listed = async (tag: string) =>
  ((await adminCall(admin, listRoute.GET, `/api/v1/admin/contact-messages?q=${tag}`)).body.data as { data: Json[] }).data;
async function exported(tag: string): Promise<string> {
  const response = await exportRoute.GET(
    new Request(`http://localhost/api/v1/admin/contact-messages/export?q=${tag}`, { headers: { authorization: `Bearer ${admin.token}` } }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  return response.text();
}
const stored = (id: number) => db.contactMessage.findUniqueOrThrow({ where: { id } });
const outbound = (relatedType: string, relatedId: number | string) =>
  db.$queryRaw<{ kind: string; recipient: string; subject: string; status: string; error: string | null }[]>`
    SELECT kind, recipient, subject, status::text AS status, error FROM outbound_emails
    WHERE related_type = ${relatedType} AND related_id = ${String(relatedId)} ORDER BY id`;

class Rollback extends Error {}

/**
 * Whether the dashboard's median first response counts this message: inside a rolled-back
 * REPEATABLE READ transaction the message (and its sent time, if any) is moved to a window
 * decades in the past that nothing else touches, and the median is read there.
 */
async function countedInMedian(id: number): Promise<boolean> {
  const now = new Date("1999-06-15T12:00:00Z");
  let count = -1;
  try {
    await db.$transaction(
      async (tx) => {
        const row = await tx.contactMessage.findUniqueOrThrow({ where: { id } });
        const shift = row.createdAt.getTime() - (now.getTime() - 2 * 3_600_000);
        await tx.contactMessage.update({
          where: { id },
          data: { createdAt: new Date(row.createdAt.getTime() - shift), firstResponseAt: row.firstResponseAt ? new Date(row.firstResponseAt.getTime() - shift) : null },
        });
        count = (await medianFirstResponse(now, tx)).count;
        throw new Rollback();
      },
      { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
    );
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return count === 1;
}

describe("a reply without SMTP_URL", () => {
  it("is stored as not sent (not_configured) in the answer, the detail, the list and the CSV, and is not counted as a first response", async () => {
    const consoleInfo = muteConsole();
    const tag = uniqueTag();
    const message = await createMessage(tag, { subject: `Sin SMTP ${tag}` });

    const { status, body } = await reply(message.id, `Gracias por escribirnos (${tag}).`);
    expect(status).toBe(200);
    expect(body.email).toEqual({ sent: false, status: "not_configured", error: null });
    expect(body.message).toBe("La respuesta se guardó, pero no se envió: el correo saliente no está configurado.");
    expect(body.data).toMatchObject({ status: "replied", reply_status: "not_configured", reply_sent_at: null });
    // The console still shows the e-mail, as before.
    expect(consoleInfo.mock.calls.flat().join("\n")).toContain(`Gracias por escribirnos (${tag}).`);

    expect(await stored(message.id)).toMatchObject({ status: "replied", firstResponseAt: null });
    const entry = await latestReply(message.id);
    expect(entry).toMatchObject({ deliveryStatus: "not_configured", sentAt: null, serverResponse: null });
    expect(entry.attemptedAt).toBeInstanceOf(Date);
    expect((await show(message.id)).body.data).toMatchObject({ reply_status: "not_configured", reply_sent_at: null });
    expect((await listed(tag))[0]).toMatchObject({ id: message.id, reply_status: "not_configured", reply_sent_at: null });
    const csv = await exported(tag);
    expect(csv.split("\r\n")[0]).toContain("Envío de la respuesta");
    expect(csv).toContain("No enviado: correo saliente no configurado");
    expect(await countedInMedian(message.id)).toBe(false);

    expect(await outbound("contact_message", message.id)).toEqual([
      { kind: "contact_reply", recipient: message.email, subject: `Re: Sin SMTP ${tag} [#C-${message.id}]`, status: "not_configured", error: null },
    ]);
  });

  it("«Reenviar» is refused while SMTP is not configured, and sends once it is", async () => {
    muteConsole();
    const tag = uniqueTag();
    const message = await createMessage(tag, { subject: `Reenviar ${tag}` });
    expect((await reply(message.id, "Respuesta guardada.")).status).toBe(200);

    const refused = await resend(message.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("El correo saliente no está configurado: la respuesta no se puede reenviar todavía.");
    expect((await latestReply(message.id)).deliveryStatus).toBe("not_configured");

    process.env.SMTP_URL = smtp.url;
    const resent = await resend(message.id);
    expect(resent.status).toBe(200);
    expect(resent.body.email).toEqual({ sent: true, status: "sent", error: null });
    expect(resent.body.data).toMatchObject({ reply_status: "sent", reply_sent_at: expect.any(String) });
    const mail = await smtp.waitFor((m) => m.recipients.includes(message.email));
    expect(mail.headers.subject).toBe(`Re: Reenviar ${tag} [#C-${message.id}]`);
    const entry = await latestReply(message.id);
    expect(entry).toMatchObject({ deliveryStatus: "sent", deliveryError: null });
    expect(mail.headers["message-id"]).toBe(entry.mailMessageId);
    // The first response is when the mail server took it, not when it was written.
    expect((await stored(message.id)).firstResponseAt).toEqual(entry.sentAt);
    expect(entry.sentAt!.getTime()).toBeGreaterThan(entry.createdAt.getTime());
    expect(await countedInMedian(message.id)).toBe(true);

    expect((await resend(message.id)).status).toBe(409); // nothing left to resend
    expect((await auditOf("contact_message", message.id)).map((entry) => entry.action)).toEqual(["contact_message.reply", "contact_message.resend_reply"]);
    expect((await outbound("contact_message", message.id)).map((entry) => entry.status)).toEqual(["not_configured", "sent"]);
  });

  it("a message never replied has reply_status null; «Reenviar» on it is a 409", async () => {
    const tag = uniqueTag();
    const message = await createMessage(tag);
    expect((await show(message.id)).body.data).toMatchObject({ reply_status: null });
    expect((await listed(tag))[0]).toMatchObject({ reply_status: null });
    const refused = await resend(message.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("El mensaje no tiene una respuesta que reenviar.");
  });
});

describe("a reply the mail server does not take", () => {
  it("is failed, with a short error that carries no credentials; the list and the CSV say «No enviado: falló el envío»", async () => {
    muteConsole();
    const port = await freePort();
    process.env.SMTP_URL = `smtp://usuario:Cl4veSecreta@127.0.0.1:${port}`;
    const tag = uniqueTag();
    const message = await createMessage(tag);
    const { body } = await reply(message.id, "No debe perderse.");
    expect(body.email).toMatchObject({ sent: false, status: "failed", error: expect.stringMatching(/^No se pudo enviar el correo: /) });
    const entry = await latestReply(message.id);
    expect(entry).toMatchObject({ deliveryStatus: "failed", sentAt: null });
    expect(entry.deliveryError!.length).toBeLessThanOrEqual(300);
    expect(entry.deliveryError).not.toContain("Cl4veSecreta");
    expect((await stored(message.id)).firstResponseAt).toBeNull();
    expect((await listed(tag))[0]).toMatchObject({ reply_status: "failed" });
    expect(await exported(tag)).toContain("No enviado: falló el envío");
    expect(await countedInMedian(message.id)).toBe(false);
    const [logged] = await outbound("contact_message", message.id);
    expect(logged).toMatchObject({ kind: "contact_reply", status: "failed" });
    expect(logged.error).not.toContain("Cl4veSecreta");
  });
});

describe("the sending state", () => {
  it("is stored before the SMTP call and reads `sending` while the server holds the message; a resend meanwhile is a 409", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const received: string[] = [];
    const slow = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          received.push(...session.envelope.rcptTo.map((to) => to.address));
          void held.then(() => callback());
        });
      },
    });
    slow.listen(0, "127.0.0.1");
    await once(slow.server, "listening");
    const address = slow.server.address();
    process.env.SMTP_URL = `smtp://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      const tag = uniqueTag();
      const message = await createMessage(tag);
      const replying = reply(message.id, "Respuesta lenta.");
      await vi.waitFor(() => expect(received).toContain(message.email), { timeout: 10_000, interval: 50 });

      const entry = await latestReply(message.id);
      expect(entry.deliveryStatus).toBe("sending");
      expect(entry.attemptedAt).toBeInstanceOf(Date);
      expect((await show(message.id)).body.data).toMatchObject({ reply_status: "sending", reply_sent_at: null });
      const meanwhile = await resend(message.id);
      expect(meanwhile.status).toBe(409);
      expect(meanwhile.body.message).toBe("La respuesta ya se está enviando por correo. Espera unos segundos.");

      release();
      const done = await replying;
      expect(done.body.email).toEqual({ sent: true, status: "sent", error: null });
      expect((await latestReply(message.id)).deliveryStatus).toBe("sent");
      expect(received.filter((to) => to === message.email)).toHaveLength(1);
    } finally {
      release();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it("a send whose process died (sending for minutes) can be sent again", async () => {
    process.env.SMTP_URL = smtp.url;
    const message = await createMessage(uniqueTag());
    const lost = new Date(Date.now() - 10 * 60_000);
    await db.contactMessage.update({ where: { id: message.id }, data: { status: "replied", repliedAt: lost } });
    const entry = await db.contactEntry.create({
      data: { messageId: message.id, kind: "reply", body: "Quedó a medias.", deliveryStatus: "sending", attemptedAt: lost, mailMessageId: `<medias.${message.id}@lumenti.pe>`, createdAt: lost },
    });
    expect((await show(message.id)).body.data).toMatchObject({ reply_status: "sending" });
    const resent = await resend(message.id);
    expect(resent.status).toBe(200);
    expect(resent.body.email).toEqual({ sent: true, status: "sent", error: null });
    const mail = await smtp.waitFor((m) => m.recipients.includes(message.email));
    expect(mail.headers["message-id"]).toBe(entry.mailMessageId);
    expect(await db.contactEntry.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({ deliveryStatus: "sent", sentAt: expect.any(Date) });
  });
});

describe("every other e-mail leaves a row in the outbound log", () => {
  it("without SMTP: the contact notice, a new ticket and a new invoice are logged as not sent (not_configured)", async () => {
    muteConsole();
    const tag = uniqueTag();
    const contactId = await submitContactMessage(
      { name: `Visitante ${tag}`, email: `visitante.${tag}@example.pe`, message: `Hola ${tag}`, subject: `Aviso ${tag}` },
      { ipAddress: fakeIp(), userAgent: "vitest" },
    );
    expect(contactId).not.toBeNull();
    await vi.waitFor(async () => expect(await outbound("contact_message", contactId!)).toHaveLength(1));
    expect((await outbound("contact_message", contactId!))[0]).toMatchObject({ kind: "contact_notice", status: "not_configured", subject: `Nuevo mensaje de contacto: Aviso ${tag}` });

    const client = await createTestUser();
    const ticket = await openTicket(
      { id: client.id, name: client.name, email: client.email, role: "client", ipAddress: fakeIp(), sessionId: null },
      { subject: `Ticket ${tag}`, message: "No funciona la impresora." },
    );
    const ticketMails = await outbound("ticket", ticket.id);
    expect(ticketMails.length).toBeGreaterThan(0);
    expect(ticketMails.every((mail) => mail.kind === "ticket" && mail.status === "not_configured")).toBe(true);

    const invoice = await issueInvoice(actor, {
      user_id: client.id,
      currency: "PEN",
      due_date: businessDate(),
      lines: [{ description: `Soporte ${tag}`, quantity: "1", unit_price: "10.00" }],
    });
    expect(await outbound("invoice", invoice.id)).toEqual([
      { kind: "invoice", recipient: client.email, subject: `Nueva factura ${invoice.invoice_number}`, status: "not_configured", error: null },
    ]);
  });

  it("with the mail server refusing: a ticket e-mail is logged as failed", async () => {
    muteConsole();
    process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
    const client = await createTestUser();
    const ticket = await openTicket(
      { id: client.id, name: client.name, email: client.email, role: "client", ipAddress: fakeIp(), sessionId: null },
      { subject: `Ticket caído ${uniqueTag()}`, message: "Sin correo." },
    );
    const mails = await outbound("ticket", ticket.id);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((mail) => mail.status === "failed" && (mail.error ?? "").startsWith("No se pudo enviar el correo: "))).toBe(true);
  });

  it("never keeps a body: a password-reset link printed on the console is nowhere in the log", async () => {
    const consoleInfo = muteConsole();
    const user = await createTestUser();
    await sendPasswordResetLink(user.email);
    const printed = consoleInfo.mock.calls.flat().join("\n");
    const link = /https?:\/\/\S+/.exec(printed.slice(printed.indexOf(user.email)))?.[0];
    expect(link).toBeTruthy();
    const rows = await db.$queryRaw<Json[]>`SELECT * FROM outbound_emails WHERE recipient = ${user.email}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "not_configured" });
    expect(JSON.stringify(rows)).not.toContain(link!.slice(-20));
  });
});

