// The reply goes to the sender by e-mail through a REAL SMTP server started here: To the sender,
// Reply-To the company's contact e-mail (no inbound reply address configured here), Subject
// "Re: " + subject + the conversation's "[#C-<id>]", and the Message-ID stored on the reply entry
// is the one the server received. With the server down the reply is kept, the error is stored on
// the entry, and "Reenviar" delivers it once the server is up.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getSiteSettings } from "@/lib/content/settings";
import { db } from "@/lib/db";
import { uniqueTag } from "./helpers/auth";
import { adminCall, auditOf, createAdmin, createMessage, latestReply, routes, type AdminCaller } from "./helpers/contact-inbox";
import { freePort, startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

const { messageRoute, resendRoute, notesRoute } = routes;
type Id = { id: string };

let admin: AdminCaller;
let smtp: TestSmtpServer;
let contactEmail: string | null;

beforeAll(async () => {
  delete process.env.INBOUND_REPLY_ADDRESS;
  admin = await createAdmin();
  smtp = await startSmtpServer();
  contactEmail = (await getSiteSettings()).contactEmail;
});
afterAll(() => smtp.close());
afterEach(() => {
  delete process.env.SMTP_URL;
  vi.restoreAllMocks();
});

const reply = (id: number, text: string) =>
  adminCall<Id>(admin, messageRoute.PUT, `/api/v1/admin/contact-messages/${id}`, {
    method: "PUT",
    body: { status: "replied", reply: text },
    params: { id: String(id) },
  });
const resend = (id: number) =>
  adminCall<Id>(admin, resendRoute.POST, `/api/v1/admin/contact-messages/${id}/resend`, { method: "POST", params: { id: String(id) } });

describe("the reply e-mail", () => {
  it("reaches the sender with Reply-To the company, Subject Re: + subject + [#C-id], and the stored Message-ID", async () => {
    process.env.SMTP_URL = smtp.url;
    const tag = uniqueTag();
    const email = `cliente.${tag}@example.pe`;
    const message = await createMessage(tag, { email, subject: `Cotización de ERP ${tag}`, message: "¿Cuánto cuesta?\nSomos 6 usuarios." });

    const { status, body } = await reply(message.id, `Hola, gracias por escribir (${tag}).\nLe enviamos la propuesta.`);
    expect(status).toBe(200);
    expect(body.email).toEqual({ sent: true, status: "sent", error: null });
    expect(body.message).toBe("Respuesta enviada por correo.");

    const mail = await smtp.waitFor((m) => m.recipients.includes(email));
    const stored = await latestReply(message.id);
    expect(mail.recipients).toEqual([email]);
    expect(mail.headers.to).toBe(email);
    expect(contactEmail).toBeTruthy();
    expect(mail.headers["reply-to"]).toBe(contactEmail);
    expect(mail.headers.subject).toBe(`Re: Cotización de ERP ${tag} [#C-${message.id}]`);
    expect(mail.headers["message-id"]).toBe(stored.mailMessageId);
    expect(mail.headers["in-reply-to"]).toBeUndefined(); // the first mail of the thread answers no earlier one
    expect(mail.text).toContain(`Hola, gracias por escribir (${tag}).\nLe enviamos la propuesta.`);
    expect(mail.text).toContain("> ¿Cuánto cuesta?\n> Somos 6 usuarios.");
    expect(stored).toMatchObject({ deliveryStatus: "sent", deliveryError: null, authorId: admin.user.id });
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.serverResponse).toMatch(/^250\b/);
    expect((body.data as { reply_message_id: string }).reply_message_id).toBe(stored.mailMessageId);
  });

  it("has a Spanish subject when the message had none", async () => {
    process.env.SMTP_URL = smtp.url;
    const tag = uniqueTag();
    const email = `sinasunto.${tag}@example.pe`;
    const message = await createMessage(tag, { email, subject: null });
    expect((await reply(message.id, "Respuesta")).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.recipients.includes(email));
    expect(mail.headers.subject).toBe(`Respuesta a tu mensaje de contacto [#C-${message.id}]`);
  });

  it("with the SMTP server down: the reply is kept, the error stored and shown; Reenviar delivers it once the server is up", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const tag = uniqueTag();
    const email = `caido.${tag}@example.pe`;
    const message = await createMessage(tag, { email, subject: `Servidor caído ${tag}` });

    const failed = await reply(message.id, "Esta respuesta no debe perderse.");
    expect(failed.status).toBe(200);
    expect(failed.body.email).toMatchObject({ sent: false, status: "failed", error: expect.stringMatching(/^No se pudo enviar el correo: /) });
    expect(failed.body.message).toBe("La respuesta se guardó, pero no se pudo enviar el correo. Usa «Reenviar» para intentarlo de nuevo.");
    expect((await db.contactMessage.findUniqueOrThrow({ where: { id: message.id } })).status).toBe("replied");
    let stored = await latestReply(message.id);
    expect(stored).toMatchObject({ body: "Esta respuesta no debe perderse.", sentAt: null, deliveryStatus: "failed", serverResponse: null });
    expect(stored.deliveryError).toMatch(/ECONNREFUSED/);
    const firstMessageId = stored.mailMessageId;
    expect(firstMessageId).toMatch(/^<[0-9a-f-]{36}@[a-z0-9.-]+>$/);
    expect((failed.body.data as { reply_error: string }).reply_error).toBe(stored.deliveryError);

    // Still down: the resend fails the same way, and nothing is lost.
    const stillDown = await resend(message.id);
    expect(stillDown.body.email).toMatchObject({ sent: false });

    const upAgain = await startSmtpServer(port);
    try {
      const resent = await resend(message.id);
      expect(resent.status).toBe(200);
      expect(resent.body.email).toEqual({ sent: true, status: "sent", error: null });
      const mail = await upAgain.waitFor((m) => m.recipients.includes(email));
      stored = await latestReply(message.id);
      expect(stored.sentAt).toBeInstanceOf(Date);
      expect(stored.deliveryError).toBeNull();
      expect(stored.mailMessageId).toBe(firstMessageId);
      expect(mail.headers["message-id"]).toBe(firstMessageId);
      expect(mail.headers.subject).toBe(`Re: Servidor caído ${tag} [#C-${message.id}]`);
      // Still one reply in the thread: the resend sent the stored one again.
      expect(await db.contactEntry.count({ where: { messageId: message.id, kind: "reply" } })).toBe(1);
      expect((await resend(message.id)).status).toBe(409); // already sent
    } finally {
      await upAgain.close();
    }
    expect((await auditOf("contact_message", message.id)).map((e) => e.action)).toEqual([
      "contact_message.reply",
      "contact_message.resend_reply",
      "contact_message.resend_reply",
    ]);
  });

  it("two resends at once e-mail the visitor once; a resend while the first send is in flight is refused", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const tag = uniqueTag();
    const email = `doble.${tag}@example.pe`;
    const message = await createMessage(tag, { email, subject: `Doble envío ${tag}` });
    expect((await reply(message.id, "Una sola vez, por favor.")).body.email).toMatchObject({ sent: false });

    const upAgain = await startSmtpServer(port);
    try {
      const [first, second] = await Promise.all([resend(message.id), resend(message.id)]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const refused = first.status === 409 ? first : second;
      expect(refused.body.message).toBe("La respuesta ya se está enviando por correo. Espera unos segundos.");
      await upAgain.waitFor((m) => m.recipients.includes(email));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(upAgain.received.filter((m) => m.recipients.includes(email))).toHaveLength(1);
    } finally {
      await upAgain.close();
    }

    // A reply just stored, whose e-mail has neither gone out nor failed yet: "Reenviar" must wait.
    const pending = await createMessage(`${tag}b`, { email: `espera.${tag}@example.pe` });
    await db.contactMessage.update({ where: { id: pending.id }, data: { status: "replied", repliedAt: new Date() } });
    await db.contactEntry.create({
      data: { messageId: pending.id, kind: "reply", body: "En camino", deliveryStatus: "sending", attemptedAt: new Date(), mailMessageId: `<camino.${tag}@lumenti.pe>` },
    });
    expect((await resend(pending.id)).status).toBe(409);
    expect((await latestReply(pending.id)).deliveryStatus).toBe("sending");
  });

  it("a note is never e-mailed", async () => {
    process.env.SMTP_URL = smtp.url;
    const tag = uniqueTag();
    const email = `nota.${tag}@example.pe`;
    const message = await createMessage(tag, { email });
    const before = smtp.received.length;
    const created = await adminCall<Id>(admin, notesRoute.POST, `/x/${message.id}/notes`, { body: { body: `Nota interna ${tag}` }, params: { id: String(message.id) } });
    expect(created.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.slice(before).filter((m) => m.raw.includes(tag))).toHaveLength(0);
  });
});
