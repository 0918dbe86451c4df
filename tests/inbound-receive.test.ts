// Where a real-world e-mail LANDS: the corpus of tests/fixtures/inbound, rewritten to answer a real
// conversation (a staff reply sent through the REST handler to a REAL SMTP server, so its
// Message-ID, reply address and "[#C-id]" exist), handed to the inbound pipeline end to end, and
// the database checked the way the inbox would show it: the thread's entries, the status, the
// admins' bell and the inbound_emails log.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { INBOUND_LIMITS } from "@/lib/inbound/parse";
import { receiveInboundMail, type InboundMeta } from "@/lib/inbound/receive";
import { messageIdDomain } from "@/lib/mail";
import { createTestUser, uniqueTag } from "./helpers/auth";
import { adminCall, createAdmin, createMessage, entriesOf, latestReply, routes, type AdminCaller } from "./helpers/contact-inbox";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

process.env.INBOUND_REPLY_ADDRESS = "soporte@lumenti.pe";

const FIXTURES = path.join(import.meta.dirname, "fixtures", "inbound");
const { messageRoute, attachmentRoute } = routes;

let admin: AdminCaller;
let smtp: TestSmtpServer;

beforeAll(async () => {
  admin = await createAdmin();
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  process.env.INBOUND_REPLY_ADDRESS = "soporte@lumenti.pe";
  vi.spyOn(console, "info").mockImplementation(() => {});
  return () => {
    delete process.env.SMTP_URL;
    vi.restoreAllMocks();
  };
});

/** A fixture as bytes kept one to one in a string (Latin-1 bodies stay as they are). */
const fixture = (name: string) => readFileSync(path.join(FIXTURES, `${name}.eml`)).toString("latin1");

/**
 * Replaces the named header lines of a raw message's top-level head (folded lines included);
 * a null drops the header, a header the message lacks is added. The body is left untouched.
 */
function withHeaders(raw: string, changes: Record<string, string | null>): string {
  const eol = raw.includes("\r\n") ? "\r\n" : "\n";
  const split = raw.indexOf(`${eol}${eol}`);
  const head = raw.slice(0, split);
  const rest = raw.slice(split);
  const wanted = new Map(Object.entries(changes).map(([name, value]) => [name.toLowerCase(), { name, value }]));
  const done = new Set<string>();
  const fields: string[][] = [];
  for (const line of head.split(eol)) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields.at(-1)!.push(line);
    else fields.push([line]);
  }
  const out: string[] = [];
  for (const field of fields) {
    const key = field[0].slice(0, field[0].indexOf(":")).trim().toLowerCase();
    const change = wanted.get(key);
    if (!change) {
      out.push(...field);
      continue;
    }
    if (change.value !== null && !done.has(key)) out.push(`${change.name}: ${change.value}`);
    done.add(key);
  }
  for (const [key, change] of wanted) if (!done.has(key) && change.value !== null) out.push(`${change.name}: ${change.value}`);
  // Header values are written as UTF-8 bytes, like a mail program sending 8-bit headers.
  return Buffer.from(out.join(eol), "utf8").toString("latin1") + rest;
}

const bytes = (raw: string) => Buffer.from(raw, "latin1");
const meta = (recipients: string[] = ["soporte@lumenti.pe"]): InboundMeta => ({ via: "smtp", remoteAddress: "203.0.113.50", recipients });
const newId = (host: string) => `<${randomUUID()}@${host}>`;

type Conversation = { id: number; email: string; messageId: string; replyTo: string; subject: string };

/** A visitor's message answered by staff through the REST handler; the e-mail as the SMTP server got it. */
async function conversation(): Promise<Conversation> {
  const tag = uniqueTag();
  const message = await createMessage(tag, { email: `visitante.${tag}@example.pe`, status: "read" });
  const answer = await adminCall<{ id: string }>(admin, messageRoute.PUT, `/api/v1/admin/contact-messages/${message.id}`, {
    method: "PUT",
    body: { status: "replied", reply: "Hola, le enviamos la propuesta.\nQuedamos atentos." },
    params: { id: String(message.id) },
  });
  expect(answer.status).toBe(200);
  const sent = await smtp.waitFor((mail) => mail.recipients.includes(message.email) && (mail.headers.subject ?? "").includes(`[#C-${message.id}]`));
  expect(sent.headers["reply-to"]).toMatch(/^soporte\+[^@]+@lumenti\.pe$/);
  return { id: message.id, email: message.email, messageId: sent.headers["message-id"], replyTo: sent.headers["reply-to"], subject: sent.headers.subject };
}

/** A fixture made into the visitor's answer to that conversation's reply (all threading headers point at it). */
function answerTo(name: string, to: Conversation, messageId = newId("correo.example.pe")): { raw: string; messageId: string } {
  const raw = withHeaders(fixture(name), {
    From: `Visitante <${to.email}>`,
    To: `Lumen Consultoría TI <${to.replyTo}>`,
    Subject: `Re: ${to.subject}`,
    "In-Reply-To": to.messageId,
    References: to.messageId,
    "Message-ID": messageId,
    "Delivered-To": null,
  });
  return { raw, messageId };
}

const status = async (id: number) => (await db.contactMessage.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
const bell = (id: number) => db.notification.count({ where: { userId: admin.user.id, link: `/admin/contact-messages?id=${id}` } });
const logged = (messageId: string) => db.inboundEmail.findUnique({ where: { messageId } });
const inbound = async (id: number) => (await entriesOf(id)).filter((entry) => entry.kind === "inbound");
const events = async (id: number, event: string) => (await entriesOf(id)).filter((entry) => entry.kind === "event" && entry.event === event);

describe("the visitor's answer from real mail programs", () => {
  it.each([
    ["gmail-reply", "Ya pude emitir la factura electrónica desde el portal sin problemas.", "Para emitir la factura electrónica entra a Facturación"],
    ["outlook-reply", "Les confirmo que el error aparece al generar la guía de remisión", "¿Nos puedes indicar en qué pantalla aparece el error"],
    ["apple-mail-reply", "Perfecto, el jueves 26 a las 3 p. m. nos viene bien", "Podemos hacer la visita técnica el jueves 26"],
  ])("%s: one inbound entry with the new text only, the quote kept in the original; unread again, the bell rings", async (name, said, quoted) => {
    const talk = await conversation();
    expect(await status(talk.id)).toBe("replied");
    const bellBefore = await bell(talk.id);
    const { raw, messageId } = answerTo(name, talk);

    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "contact_entry" });

    const entries = await inbound(talk.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].body).toContain(said);
    expect(entries[0].body).not.toContain(quoted);
    expect(entries[0].originalText).toContain(said);
    expect(entries[0].originalText).toContain(quoted);
    expect(entries[0]).toMatchObject({ fromAddress: talk.email, mailMessageId: messageId });
    expect(await status(talk.id)).toBe("new");
    expect(await bell(talk.id)).toBe(bellBefore + 1);
    expect(await logged(messageId)).toMatchObject({ outcome: "contact_entry", relatedType: "contact_message", relatedId: String(talk.id) });
  });

  it("a webmail that drops the reply headers lands by the subject's reference", async () => {
    const talk = await conversation();
    const bellBefore = await bell(talk.id);
    const messageId = newId("webmail.hostingperu.pe");
    const raw = withHeaders(fixture("headers-stripped-subject-ref"), {
      From: talk.email,
      To: "soporte@lumenti.pe",
      Subject: `Re: Consulta [#C-${talk.id}]`,
      "Message-ID": messageId,
      "Return-Path": `<${talk.email}>`,
      "X-Sender": talk.email,
    });
    expect(await receiveInboundMail(bytes(raw), meta())).toEqual({ status: "accepted", outcome: "contact_entry" });

    const entries = await inbound(talk.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].body).toContain("¿Me podrían enviar la cotización actualizada");
    expect(await status(talk.id)).toBe("new");
    expect(await bell(talk.id)).toBe(bellBefore + 1);
    expect(await logged(messageId)).toMatchObject({ outcome: "contact_entry", relatedId: String(talk.id), reason: "Asociado por la referencia del asunto." });
  });

  it("a mail sent to the conversation's own address, with no reference at all, lands by the address", async () => {
    const talk = await conversation();
    const messageId = newId("webmail.hostingperu.pe");
    const raw = withHeaders(fixture("headers-stripped-subject-ref"), {
      From: talk.email,
      To: talk.replyTo,
      Subject: "Cotización actualizada",
      "Message-ID": messageId,
      "Return-Path": `<${talk.email}>`,
      "X-Sender": talk.email,
    });
    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "contact_entry" });

    expect(await inbound(talk.id)).toHaveLength(1);
    expect(await status(talk.id)).toBe("new");
    expect(await logged(messageId)).toMatchObject({ outcome: "contact_entry", relatedId: String(talk.id), reason: "Asociado por la dirección de respuesta." });
  });

  it("the visitor answering a closed conversation reopens it, and the thread says so", async () => {
    const talk = await conversation();
    const closed = await adminCall<{ id: string }>(admin, messageRoute.PUT, `/api/v1/admin/contact-messages/${talk.id}`, {
      method: "PUT",
      body: { status: "closed" },
      params: { id: String(talk.id) },
    });
    expect(closed.status).toBe(200);
    expect(await status(talk.id)).toBe("closed");
    const { raw } = answerTo("gmail-reply", talk);

    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "contact_entry" });
    expect(await status(talk.id)).toBe("new");
    expect(await inbound(talk.id)).toHaveLength(1);
    const reopened = await events(talk.id, "reopened_by_email");
    expect(reopened).toHaveLength(1);
    expect(reopened[0].data).toMatchObject({ from: "closed", to: "new" });
  });
});

describe("what must not land in the conversation", () => {
  it("a stranger answering our reply's Message-ID (a forgery) opens a new conversation of their own", async () => {
    const talk = await conversation();
    const before = await entriesOf(talk.id);
    const stranger = `cobranzas.${uniqueTag()}@pagos-seguros.example`;
    const messageId = newId("vps-3321.hosting-barato.example");
    const raw = withHeaders(fixture("forged-reply"), {
      From: `Lumen Consultoría TI - Cobranzas <${stranger}>`,
      To: talk.replyTo,
      Subject: `Re: ${talk.subject}`,
      "In-Reply-To": talk.messageId,
      References: talk.messageId,
      "Message-ID": messageId,
    });

    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "new_contact" });
    expect(await entriesOf(talk.id)).toEqual(before);
    expect(await status(talk.id)).toBe("replied");
    const opened = await db.contactMessage.findMany({ where: { email: stranger } });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ origin: "email", status: "new" });
    expect(opened[0].message).toContain("nueva cuenta BCP");
    expect(await logged(messageId)).toMatchObject({ outcome: "new_contact", relatedType: "contact_message", relatedId: String(opened[0].id) });
  });

  it("the visitor's out-of-office reply is a quiet event, never an entry", async () => {
    const talk = await conversation();
    const bellBefore = await bell(talk.id);
    const { raw, messageId } = answerTo("auto-reply", talk);

    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "auto_reply" });
    expect(await inbound(talk.id)).toHaveLength(0);
    expect(await events(talk.id, "auto_reply")).toHaveLength(1);
    expect(await status(talk.id)).toBe("replied");
    expect(await bell(talk.id)).toBe(bellBefore);
    expect(await logged(messageId)).toMatchObject({ outcome: "auto_reply", relatedType: "contact_message", relatedId: String(talk.id) });
  });

  it("a delivery failure report naming our reply marks that reply failed with the server's reason", async () => {
    const talk = await conversation();
    expect(await latestReply(talk.id)).toMatchObject({ deliveryStatus: "sent" });
    const messageId = newId("mx1.lumenti.pe");
    const raw = withHeaders(fixture("dsn-bounce").replaceAll("<a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6d@lumenti.pe>", talk.messageId), { "Message-Id": messageId });

    expect(await receiveInboundMail(bytes(raw), meta())).toEqual({ status: "accepted", outcome: "bounce" });
    const reply = await latestReply(talk.id);
    expect(reply.mailMessageId).toBe(talk.messageId);
    expect(reply.deliveryStatus).toBe("failed");
    expect(reply.deliveryError).toContain("5.1.1");
    expect(reply.deliveryError).toContain("User unknown");
    expect(await events(talk.id, "bounce")).toHaveLength(1);
    expect(await inbound(talk.id)).toHaveLength(0);
    expect(await logged(messageId)).toMatchObject({ outcome: "bounce", relatedType: "contact_message", relatedId: String(talk.id) });
  });

  it("our own notification coming back is a loop: logged, nothing else written", async () => {
    const talk = await conversation();
    const before = await entriesOf(talk.id);
    const messageId = newId(messageIdDomain());
    const raw = withHeaders(fixture("own-notification-loop"), {
      "Reply-To": talk.replyTo,
      Subject: `Actualización de tu conversación [#C-${talk.id}]`,
      "Message-ID": messageId,
    });
    const conversationsBefore = await db.contactMessage.count({ where: { email: "no-reply@lumenti.pe" } });

    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "loop" });
    expect(await logged(messageId)).toMatchObject({ outcome: "loop", relatedType: null, relatedId: null });
    expect(await entriesOf(talk.id)).toEqual(before);
    expect(await db.contactMessage.count({ where: { email: "no-reply@lumenti.pe" } })).toBe(conversationsBefore);
  });

  it("the same mail delivered twice lands once", async () => {
    const talk = await conversation();
    const { raw, messageId } = answerTo("gmail-reply", talk);

    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "contact_entry" });
    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "duplicate" });
    expect(await inbound(talk.id)).toHaveLength(1);
    expect(await db.inboundEmail.count({ where: { messageId } })).toBe(1);
  });

  it("an HTML answer with scripts and event handlers is stored as plain text without them", async () => {
    const talk = await conversation();
    const { raw } = answerTo("html-with-script", talk);

    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "contact_entry" });
    const [entry] = await inbound(talk.id);
    expect(entry.body).toContain("reunión del viernes");
    for (const text of [entry.body ?? "", entry.originalText ?? ""]) {
      expect(text.toLowerCase()).not.toContain("<script");
      expect(text.toLowerCase()).not.toContain("onerror");
      expect(text).not.toContain("SECRETO_SCRIPT");
    }
  });

  it("a mail over the size limit is refused and nothing is written", async () => {
    const talk = await conversation();
    const before = await entriesOf(talk.id);
    const { raw, messageId } = answerTo("gmail-reply", talk);
    const huge = Buffer.concat([bytes(raw), Buffer.alloc(INBOUND_LIMITS.maxBytes, "a")]);

    const result = await receiveInboundMail(huge, meta([talk.replyTo]));
    expect(result.status).toBe("rejected");
    expect(await logged(messageId)).toBeNull();
    expect(await entriesOf(talk.id)).toEqual(before);
  });
});

describe("attachments and clients", () => {
  it("an attached file is kept with the entry and the admins can download it", async () => {
    const talk = await conversation();
    const { raw } = answerTo("attachment", talk);

    expect(await receiveInboundMail(bytes(raw), meta([talk.replyTo]))).toEqual({ status: "accepted", outcome: "contact_entry" });
    const [entry] = await inbound(talk.id);
    expect(entry.body).toContain("Adjunto la orden de compra firmada");
    const files = await db.mailAttachment.findMany({ where: { contactEntryId: entry.id }, orderBy: { id: "asc" } });
    const pdf = files.find((file) => file.mime === "application/pdf");
    expect(pdf?.fileName).toBe("Orden de compra Nº 2026-118.pdf");
    expect(files.some((file) => file.fileName === "image001.png")).toBe(false);

    const download = await adminCall<{ id: string; attachmentId: string }>(
      admin,
      attachmentRoute.GET,
      `/api/v1/admin/contact-messages/${talk.id}/attachments/${pdf!.id}`,
      { params: { id: String(talk.id), attachmentId: String(pdf!.id) } },
    );
    expect(download.status).toBe(200);
    expect(download.text.startsWith("%PDF-1.4")).toBe(true);
  });

  it("a known client's mail that answers nothing opens a ticket for that client", async () => {
    const client = await createTestUser({ role: "client" });
    const messageId = newId("webmail.hostingperu.pe");
    const subject = `Problema con el portal ${uniqueTag()}`;
    const raw = withHeaders(fixture("headers-stripped-subject-ref"), {
      From: client.email,
      To: "soporte@lumenti.pe",
      Subject: subject,
      "Message-ID": messageId,
      "Return-Path": `<${client.email}>`,
      "X-Sender": client.email,
    });

    expect(await receiveInboundMail(bytes(raw), meta())).toEqual({ status: "accepted", outcome: "new_ticket" });
    const tickets = await db.ticket.findMany({ where: { userId: client.id } });
    expect(tickets).toHaveLength(1);
    expect(tickets[0].subject).toBe(subject);
    expect(await db.contactMessage.count({ where: { email: client.email } })).toBe(0);
    expect(await logged(messageId)).toMatchObject({ outcome: "new_ticket", relatedType: "ticket", relatedId: String(tickets[0].id) });
  });
});
