// A contact message is a conversation: staff reply as many times as needed (each reply its own
// e-mail, threaded to the earlier ones by In-Reply-To/References, the subject carrying
// "[#C-<id>]", Reply-To the conversation's own address), the visitor's e-mailed answers and
// internal notes join the thread, and the conversation can be closed, reopened, archived,
// unarchived, undone, assigned and merged. Everything through the REST handlers, with a REAL
// SMTP server where the e-mail matters, and the database checked after each call.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as notificationsGET } from "@/app/api/v1/notifications/route";
import { getSiteSettings } from "@/lib/content/settings";
import { storeMailAttachment } from "@/lib/conversations/attachments";
import { db } from "@/lib/db";
import { createTestUser, tokenFor, uniqueTag, type Json } from "./helpers/auth";
import { adminCall, auditOf, createAdmin, createMessage, entriesOf, latestReply, routes, type AdminCaller } from "./helpers/contact-inbox";
import { freePort, startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

const { listRoute, messageRoute, bulkRoute, bulkUndoRoute, notesRoute, resendRoute, reopenRoute, unarchiveRoute, undoRoute, mergeRoute, originalRoute, attachmentRoute } =
  routes;
type Id = { id: string };
type Entry = {
  id: string;
  kind: string;
  body: string | null;
  author: { id: string; name: string } | null;
  event: string | null;
  data: Json | null;
  delivery_status: string | null;
  sent_at: string | null;
  server_response: string | null;
  delivery_error: string | null;
  from_address: string | null;
  auth_warning: string | null;
  original_available: boolean;
  attachments: { id: number; file_name: string; mime: string; bytes: number; url: string }[];
};
type Detail = {
  id: number;
  status: string;
  previous_status: string | null;
  merged_into_id: number | null;
  assigned_to: { id: string; name: string } | null;
  reply_address: string | null;
  reply_text: string | null;
  reply_status: string | null;
  entries: Entry[];
  notes: { id: number; body: string }[];
};

let admin: AdminCaller;
let colleague: AdminCaller;
let smtp: TestSmtpServer;

beforeAll(async () => {
  admin = await createAdmin();
  colleague = await createAdmin();
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
beforeEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.INBOUND_REPLY_ADDRESS;
  vi.spyOn(console, "info").mockImplementation(() => {}); // the console "e-mails" without SMTP_URL
});
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.INBOUND_REPLY_ADDRESS;
  vi.restoreAllMocks();
});

const idParams = (id: number) => ({ params: { id: String(id) } });
const show = async (id: number, as: AdminCaller = admin) => {
  const answer = await adminCall<Id>(as, messageRoute.GET, `/api/v1/admin/contact-messages/${id}`, idParams(id));
  expect(answer.status).toBe(200);
  return answer.body.data as Detail;
};
const put = (id: number, body: unknown, as: AdminCaller = admin) =>
  adminCall<Id>(as, messageRoute.PUT, `/api/v1/admin/contact-messages/${id}`, { method: "PUT", body, ...idParams(id) });
const reply = (id: number, text: string, as: AdminCaller = admin) => put(id, { status: "replied", reply: text }, as);
const post = (handler: typeof reopenRoute.POST, id: number, action: string, body?: unknown) =>
  adminCall<Id>(admin, handler, `/api/v1/admin/contact-messages/${id}/${action}`, { method: "POST", ...(body === undefined ? {} : { body }), ...idParams(id) });
const listIds = async (query: string, as: AdminCaller = admin) => {
  const { status, body } = await adminCall(as, listRoute.GET, `/api/v1/admin/contact-messages?${query}`);
  expect(status, query).toBe(200);
  return (body.data as { data: { id: number; assigned_to: unknown }[] }).data;
};
const row = (id: number) => db.contactMessage.findUniqueOrThrow({ where: { id } });
const eventsOf = async (id: number) =>
  (await entriesOf(id)).filter((entry) => entry.kind === "event").map((entry) => [entry.event, entry.data, entry.authorId]);
const actionsOf = async (id: number) => (await auditOf("contact_message", id)).map((entry) => [entry.action, entry.details]);
/** Moves a message's last status change `seconds` into the past (the undo window is measured from it). */
const ageStatusChange = (id: number, seconds: number) =>
  db.contactMessage.update({ where: { id }, data: { statusChangedAt: new Date(Date.now() - seconds * 1000) } });

/** An e-mailed answer from the visitor, as the inbound side stores it. */
async function inboundAnswer(messageId: number, data: { body: string; originalText?: string; from: string; mailMessageId?: string; authWarning?: string }) {
  return db.contactEntry.create({
    data: {
      messageId,
      kind: "inbound",
      body: data.body,
      originalText: data.originalText ?? data.body,
      fromAddress: data.from,
      authWarning: data.authWarning ?? null,
      mailMessageId: data.mailMessageId ?? `<respuesta.${uniqueTag()}@mail.example.pe>`,
    },
  });
}

describe("replies by e-mail, threaded", () => {
  it("two replies are two entries, each e-mailed with its own Message-ID; the second answers the first (In-Reply-To, References)", async () => {
    process.env.SMTP_URL = smtp.url;
    const tag = uniqueTag();
    const email = `hilo.${tag}@example.pe`;
    const message = await createMessage(tag, { email, subject: `Hilo ${tag}` });

    const first = await reply(message.id, `Primera respuesta ${tag}.`);
    expect(first.status).toBe(200);
    expect(first.body.email).toEqual({ sent: true, status: "sent", error: null });
    const firstMail = await smtp.waitFor((mail) => mail.recipients.includes(email) && mail.text.includes(`Primera respuesta ${tag}.`));

    const second = await reply(message.id, `Segunda respuesta ${tag}.`);
    expect(second.status).toBe(200);
    expect(second.body.email).toEqual({ sent: true, status: "sent", error: null });
    const secondMail = await smtp.waitFor((mail) => mail.recipients.includes(email) && mail.text.includes(`Segunda respuesta ${tag}.`));

    const replies = (await entriesOf(message.id)).filter((entry) => entry.kind === "reply");
    expect(replies.map((entry) => entry.body)).toEqual([`Primera respuesta ${tag}.`, `Segunda respuesta ${tag}.`]);
    expect(replies[0].mailMessageId).not.toBe(replies[1].mailMessageId);
    expect(firstMail.headers["message-id"]).toBe(replies[0].mailMessageId);
    expect(secondMail.headers["message-id"]).toBe(replies[1].mailMessageId);
    expect(firstMail.headers["in-reply-to"]).toBeUndefined();
    expect(secondMail.headers["in-reply-to"]).toBe(replies[0].mailMessageId);
    expect(secondMail.headers.references).toBe(replies[0].mailMessageId);
    for (const mail of [firstMail, secondMail]) expect(mail.headers.subject).toBe(`Re: Hilo ${tag} [#C-${message.id}]`);

    // The server's answer is kept on each reply, and the thread shows both with their state.
    for (const entry of replies) {
      expect(entry.serverResponse).toMatch(/^250 /);
      expect(entry.deliveryStatus).toBe("sent");
    }
    const detail = await show(message.id);
    expect(detail.entries.filter((entry) => entry.kind === "reply").map((entry) => [entry.body, entry.delivery_status, entry.server_response, entry.author?.id])).toEqual([
      [`Primera respuesta ${tag}.`, "sent", replies[0].serverResponse, admin.user.id],
      [`Segunda respuesta ${tag}.`, "sent", replies[1].serverResponse, admin.user.id],
    ]);
    // The row shows the latest reply.
    expect(detail).toMatchObject({ status: "replied", reply_text: `Segunda respuesta ${tag}.`, reply_status: "sent" });
    expect((await listIds(`q=${tag}`))[0]).toMatchObject({ id: message.id, reply_text: `Segunda respuesta ${tag}.` });
    expect((await auditOf("contact_message", message.id)).map((entry) => entry.action)).toEqual(["contact_message.reply", "contact_message.reply"]);
  });

  it("a reply after the visitor's e-mailed answer answers that e-mail and quotes it", async () => {
    process.env.SMTP_URL = smtp.url;
    const tag = uniqueTag();
    const email = `respondio.${tag}@example.pe`;
    const message = await createMessage(tag, { email, subject: `Respuesta del visitante ${tag}` });
    await reply(message.id, `Primera ${tag}.`);
    const firstReply = await latestReply(message.id);
    const answer = await inboundAnswer(message.id, {
      body: `Gracias, ¿incluye capacitación? ${tag}`,
      originalText: `Gracias, ¿incluye capacitación? ${tag}\n\nEl lunes, Lumen escribió:\n> Primera ${tag}.`,
      from: email,
    });
    await new Promise((resolve) => setTimeout(resolve, 5)); // the next reply is written after the answer
    await reply(message.id, `Sí, la incluye ${tag}.`);
    const mail = await smtp.waitFor((m) => m.recipients.includes(email) && m.text.includes(`Sí, la incluye ${tag}.`));
    expect(mail.headers["in-reply-to"]).toBe(answer.mailMessageId);
    expect(mail.headers.references).toBe(`${firstReply.mailMessageId} ${answer.mailMessageId}`);
    expect(mail.text).toContain(`> Gracias, ¿incluye capacitación? ${tag}`);
    expect(mail.text).not.toContain("> > ");

    const detail = await show(message.id);
    expect(detail.entries.map((entry) => entry.kind)).toEqual(["message", "reply", "inbound", "reply"]);
    expect(detail.entries[2]).toMatchObject({ from_address: email, original_available: true, body: `Gracias, ¿incluye capacitación? ${tag}` });
  });

  it("Reply-To is the conversation's own address when INBOUND_REPLY_ADDRESS is set, else the company's contact e-mail", async () => {
    process.env.SMTP_URL = smtp.url;
    const tag = uniqueTag();
    const settings = await getSiteSettings();
    expect(settings.contactEmail).toBeTruthy();

    const plain = await createMessage(tag, { email: `sindir.${tag}@example.pe` });
    expect((await show(plain.id)).reply_address).toBeNull();
    await reply(plain.id, "Sin dirección de respuesta.");
    expect((await smtp.waitFor((m) => m.recipients.includes(`sindir.${tag}@example.pe`))).headers["reply-to"]).toBe(settings.contactEmail);

    process.env.INBOUND_REPLY_ADDRESS = "Soporte@LumenTI.pe";
    const addressed = await createMessage(tag, { email: `condir.${tag}@example.pe` });
    const token = (await row(addressed.id)).replyToken;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect((await show(addressed.id)).reply_address).toBe(`soporte+${token}@lumenti.pe`);
    await reply(addressed.id, "Con dirección de respuesta.");
    const mail = await smtp.waitFor((m) => m.recipients.includes(`condir.${tag}@example.pe`));
    expect(mail.headers["reply-to"]).toBe(`soporte+${token}@lumenti.pe`);
    // Every conversation has its own token.
    expect((await row(plain.id)).replyToken).not.toBe(token);
  });

  it("the author's signature goes under «-- »; without one, the company's name", async () => {
    process.env.SMTP_URL = smtp.url;
    const tag = uniqueTag();
    const signer = await createAdmin();
    await db.user.update({ where: { id: signer.user.id }, data: { signature: `Ana Torres\nConsultora comercial ${tag}` } });
    const signed = await createMessage(tag, { email: `firma.${tag}@example.pe` });
    await reply(signed.id, "Con firma.", signer);
    const mail = await smtp.waitFor((m) => m.recipients.includes(`firma.${tag}@example.pe`));
    expect(mail.text).toContain(`Con firma.\n\n-- \nAna Torres\nConsultora comercial ${tag}\n`);
    // The signature is the e-mail's, not the stored reply's.
    expect((await latestReply(signed.id)).body).toBe("Con firma.");

    const unsigned = await createMessage(tag, { email: `sinfirma.${tag}@example.pe` });
    await reply(unsigned.id, "Sin firma.");
    const plain = await smtp.waitFor((m) => m.recipients.includes(`sinfirma.${tag}@example.pe`));
    expect(plain.text).toContain(`Sin firma.\n\n-- \n${(await getSiteSettings()).companyName}\n`);
  });

  it("first_response_at is stamped by the first reply the mail server took, once: not by one unconfigured or failed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const tag = uniqueTag();
    const email = `primera.${tag}@example.pe`;
    const message = await createMessage(tag, { email });

    expect((await reply(message.id, "Sin correo configurado.")).body.email).toMatchObject({ status: "not_configured" });
    expect((await row(message.id)).firstResponseAt).toBeNull();

    process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
    expect((await reply(message.id, "Con el servidor caído.")).body.email).toMatchObject({ status: "failed" });
    const failed = await latestReply(message.id);
    expect(failed.deliveryError).toMatch(/^No se pudo enviar el correo: /);
    expect((await row(message.id)).firstResponseAt).toBeNull();

    process.env.SMTP_URL = smtp.url;
    expect((await reply(message.id, "Ahora sí.")).body.email).toMatchObject({ status: "sent" });
    const sent = await latestReply(message.id);
    const stamped = (await row(message.id)).firstResponseAt;
    expect(stamped).toEqual(sent.sentAt);

    // A later reply, and the resend of the earlier failed one, leave it as it was.
    await reply(message.id, "Una más.");
    const resent = await post(resendRoute.POST, message.id, "resend", { entry_id: `entry-${failed.id}` });
    expect(resent.status).toBe(200);
    expect(resent.body.email).toEqual({ sent: true, status: "sent", error: null });
    const mail = await smtp.waitFor((m) => m.recipients.includes(email) && m.text.includes("Con el servidor caído."));
    expect(mail.headers["message-id"]).toBe(failed.mailMessageId);
    expect(await db.contactEntry.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ deliveryStatus: "sent", deliveryError: null, serverResponse: expect.stringMatching(/^250 /) });
    expect((await row(message.id)).firstResponseAt).toEqual(stamped);

    const states = (await entriesOf(message.id)).filter((entry) => entry.kind === "reply").map((entry) => [entry.body, entry.deliveryStatus]);
    expect(states).toEqual([
      ["Sin correo configurado.", "not_configured"],
      ["Con el servidor caído.", "sent"],
      ["Ahora sí.", "sent"],
      ["Una más.", "sent"],
    ]);
    // A resend names a reply of this conversation; another one's is not found.
    const other = await createMessage(tag, { status: "replied" });
    const foreign = await latestReply(other.id);
    expect((await post(resendRoute.POST, message.id, "resend", { entry_id: foreign.id })).status).toBe(404);
    expect((await post(resendRoute.POST, message.id, "resend", { entry_id: "nota-1" })).status).toBe(422);
  });
});

describe("close, reopen, archive, unarchive and undo", () => {
  it("reopens a closed conversation (then it can be answered); 409 for any other status", async () => {
    const tag = uniqueTag();
    const message = await createMessage(tag, { status: "replied" });
    expect((await put(message.id, { status: "closed" })).status).toBe(200);
    expect((await reply(message.id, "¿Cerrada?")).status).toBe(409);

    const reopened = await post(reopenRoute.POST, message.id, "reopen");
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toMatchObject({ id: message.id, status: "read", previous_status: null });
    expect(await row(message.id)).toMatchObject({ status: "read", previousStatus: null });
    expect(await eventsOf(message.id)).toEqual([
      ["closed", { from: "replied", to: "closed" }, admin.user.id],
      ["reopened", { from: "closed", to: "read" }, admin.user.id],
    ]);
    expect((await actionsOf(message.id)).at(-1)).toEqual(["contact_message.reopen", { before: { status: "closed" }, after: { status: "read" } }]);
    expect((await reply(message.id, "Ahora sí se puede.")).status).toBe(200);

    for (const status of ["new", "read", "replied", "archived"] as const) {
      const other = await createMessage(tag, { status });
      const refused = await post(reopenRoute.POST, other.id, "reopen");
      expect([refused.status, refused.body.message], status).toEqual([409, "Solo se puede reabrir una conversación cerrada."]);
      expect((await row(other.id)).status).toBe(status);
      expect(await entriesOf(other.id)).toHaveLength(status === "replied" ? 1 : 0);
    }
    expect((await post(reopenRoute.POST, 2_000_000_101, "reopen")).status).toBe(404);
  });

  it("unarchives to the status it had before (replied); to read when unknown; 409 when not archived", async () => {
    const tag = uniqueTag();
    const message = await createMessage(tag, { status: "replied" });
    expect((await put(message.id, { status: "archived" })).status).toBe(200);
    expect(await row(message.id)).toMatchObject({ status: "archived", previousStatus: "replied" });

    const back = await post(unarchiveRoute.POST, message.id, "unarchive");
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ status: "replied" });
    expect(await eventsOf(message.id)).toEqual([
      ["archived", { from: "replied", to: "archived" }, admin.user.id],
      ["unarchived", { from: "archived", to: "replied" }, admin.user.id],
    ]);
    expect((await actionsOf(message.id)).map(([action]) => action)).toEqual(["contact_message.archive", "contact_message.unarchive"]);
    expect((await actionsOf(message.id))[1][1]).toEqual({ before: { status: "archived" }, after: { status: "replied" } });

    const again = await post(unarchiveRoute.POST, message.id, "unarchive");
    expect([again.status, again.body.message]).toEqual([409, "La conversación no está archivada."]);

    // Archived before conversations remembered where they came from.
    const old = await createMessage(tag, { status: "archived" });
    expect((await post(unarchiveRoute.POST, old.id, "unarchive")).body.data).toMatchObject({ status: "read" });
  });

  it.each([
    ["closed", "read"],
    ["archived", "replied"],
  ] as const)("undoes a change to %s within the window (back to %s); after it: 409 and nothing changes", async (to, from) => {
    const tag = uniqueTag();
    const message = await createMessage(tag, { status: from });
    expect((await put(message.id, { status: to })).status).toBe(200);
    const undone = await post(undoRoute.POST, message.id, "undo");
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ id: message.id, status: from });
    expect(await row(message.id)).toMatchObject({ status: from, previousStatus: null });
    expect((await eventsOf(message.id)).map(([event, data]) => [event, data])).toEqual([
      [to, { from, to }],
      ["restored", { from: to, to: from }],
    ]);
    expect((await actionsOf(message.id)).at(-1)).toEqual(["contact_message.undo", { before: { status: to }, after: { status: from } }]);

    // Nothing left to undo: the change was undone already.
    expect((await post(undoRoute.POST, message.id, "undo")).status).toBe(409);

    // The same change again, but undone too late.
    expect((await put(message.id, { status: to })).status).toBe(200);
    await ageStatusChange(message.id, 120);
    const entriesBefore = (await entriesOf(message.id)).length;
    const auditBefore = (await auditOf("contact_message", message.id)).length;
    const late = await post(undoRoute.POST, message.id, "undo");
    expect([late.status, late.body.message]).toEqual([409, "Ya no se puede deshacer este cambio."]);
    expect((await row(message.id)).status).toBe(to);
    expect(await entriesOf(message.id)).toHaveLength(entriesBefore);
    expect(await auditOf("contact_message", message.id)).toHaveLength(auditBefore);
  });

  it("bulk close writes an event and an audit entry per message; POST /undo brings them back within the window", async () => {
    const tag = uniqueTag();
    const fresh = await createMessage(tag, { status: "new" });
    const read = await createMessage(tag, { status: "read" });
    const replied = await createMessage(tag, { status: "replied" });
    const archived = await createMessage(tag, { status: "archived" });
    const ids = [fresh.id, read.id, replied.id, archived.id];

    const closed = await adminCall(admin, bulkRoute.POST, "/api/v1/admin/contact-messages/bulk", { body: { ids, action: "close" } });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toEqual({ affected: 3, ids: [fresh.id, read.id, replied.id].sort((a, b) => a - b) });
    for (const [message, from] of [[fresh, "new"], [read, "read"], [replied, "replied"]] as const) {
      expect(await row(message.id)).toMatchObject({ status: "closed", previousStatus: from });
      expect(await eventsOf(message.id)).toEqual([["closed", { from, to: "closed" }, admin.user.id]]);
      expect(await actionsOf(message.id)).toEqual([["contact_message.close", { before: { status: from }, after: { status: "closed" } }]]);
    }
    expect((await row(archived.id)).status).toBe("archived");
    expect(await entriesOf(archived.id)).toHaveLength(0);

    // One of them is left closed too long: the undo brings back the others.
    await ageStatusChange(read.id, 120);
    const undone = await adminCall(admin, bulkUndoRoute.POST, "/api/v1/admin/contact-messages/undo", { body: { ids } });
    expect(undone.status).toBe(200);
    expect(undone.body.data).toEqual({ restored: 2, ids: [fresh.id, replied.id].sort((a, b) => a - b) });
    expect((await row(fresh.id)).status).toBe("new");
    expect((await row(replied.id)).status).toBe("replied");
    expect((await row(read.id)).status).toBe("closed");
    expect((await row(archived.id)).status).toBe("archived");
    expect((await eventsOf(replied.id)).at(-1)).toEqual(["restored", { from: "closed", to: "replied" }, admin.user.id]);
    expect((await actionsOf(fresh.id)).at(-1)).toEqual(["contact_message.undo", { before: { status: "closed" }, after: { status: "new" } }]);
    expect(await eventsOf(read.id)).toHaveLength(1);

    const nothing = await adminCall(admin, bulkUndoRoute.POST, "/api/v1/admin/contact-messages/undo", { body: { ids } });
    expect(nothing.body.data).toEqual({ restored: 0, ids: [] });
    expect((await adminCall(admin, bulkUndoRoute.POST, "/api/v1/admin/contact-messages/undo", { body: { ids: [] } })).status).toBe(422);
  });
});

describe("assignment", () => {
  it("assigns to an admin: shown in the detail and the list, the assignee hears of it, ?assigned_to=me filters; null unassigns", async () => {
    const tag = uniqueTag();
    const message = await createMessage(tag);
    const other = await createMessage(tag);

    const assigned = await put(message.id, { assigned_to: colleague.user.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.email).toBeUndefined();
    const expected = { id: colleague.user.id, name: colleague.user.name };
    expect((await show(message.id)).assigned_to).toEqual(expected);
    expect((await listIds(`q=${tag}`)).find((item) => item.id === message.id)?.assigned_to).toEqual(expected);
    expect((await listIds(`q=${tag}`)).find((item) => item.id === other.id)?.assigned_to).toBeNull();

    // The assignee's bell.
    const bell = await adminCall(colleague, notificationsGET, "/api/v1/notifications");
    const notes = (bell.body as { notifications: { type: string; title: string; link: string | null; read_at: string | null }[] }).notifications;
    expect(notes.find((n) => n.link === `/admin/contact-messages?id=${message.id}`)).toMatchObject({
      type: "contact_assigned",
      title: `Se te asignó la conversación C-${message.id}`,
      read_at: null,
    });

    // "Mis conversaciones": the assignee's, not the one who assigned it; "none": the unassigned.
    expect((await listIds(`q=${tag}&assigned_to=me`, colleague)).map((item) => item.id)).toEqual([message.id]);
    expect(await listIds(`q=${tag}&assigned_to=me`)).toEqual([]);
    expect((await listIds(`q=${tag}&assigned_to=none`)).map((item) => item.id)).toEqual([other.id]);
    expect((await listIds(`q=${tag}&assigned_to=${colleague.user.id}`)).map((item) => item.id)).toEqual([message.id]);
    expect((await adminCall(admin, listRoute.GET, "/api/v1/admin/contact-messages?assigned_to=a%20b")).status).toBe(422);

    expect(await eventsOf(message.id)).toEqual([["assigned", { to_id: colleague.user.id, to_name: colleague.user.name }, admin.user.id]]);
    expect(await actionsOf(message.id)).toEqual([["contact_message.assign", { before: { assigned_to: null }, after: { assigned_to: colleague.user.id } }]]);

    const cleared = await put(message.id, { assigned_to: null });
    expect(cleared.status).toBe(200);
    expect((cleared.body.data as Detail).assigned_to).toBeNull();
    expect((await row(message.id)).assignedToId).toBeNull();
    expect((await eventsOf(message.id)).at(-1)).toEqual(["assigned", { to_id: null, to_name: null }, admin.user.id]);
    expect((await actionsOf(message.id)).at(-1)).toEqual(["contact_message.assign", { before: { assigned_to: colleague.user.id }, after: { assigned_to: null } }]);
  });

  it("refuses a client's id, an unknown id or a malformed one with 422, changing nothing; taking it oneself rings no bell", async () => {
    const tag = uniqueTag();
    const message = await createMessage(tag);
    const client = await createTestUser();
    for (const assignee of [client.id, "no-existe-este-usuario", "x y", 5, "a".repeat(65)]) {
      const refused = await put(message.id, { assigned_to: assignee });
      expect(refused.status, String(assignee)).toBe(422);
      expect(refused.body.errors).toHaveProperty("assigned_to");
    }
    expect((await row(message.id)).assignedToId).toBeNull();
    expect(await entriesOf(message.id)).toHaveLength(0);
    expect(await auditOf("contact_message", message.id)).toHaveLength(0);

    const before = await db.notification.count({ where: { userId: admin.user.id, type: "contact_assigned" } });
    expect((await put(message.id, { assigned_to: admin.user.id })).status).toBe(200);
    expect(await db.notification.count({ where: { userId: admin.user.id, type: "contact_assigned" } })).toBe(before);
    expect((await listIds(`q=${tag}&assigned_to=me`)).map((item) => item.id)).toEqual([message.id]);
  });
});

describe("merge", () => {
  it("same sender: the entries move, the source is closed with merged_into_id and a merged_into event, the target gains a merged event", async () => {
    const tag = uniqueTag();
    const email = `mismo.${tag}@example.pe`;
    const target = await createMessage(tag, { email, subject: `Primera consulta ${tag}`, createdAt: new Date(Date.now() - 3_600_000) });
    const source = await createMessage(tag, {
      email: email.toUpperCase(),
      subject: `Segunda consulta ${tag}`,
      status: "replied",
      replyText: `Respuesta a la segunda ${tag}`,
      createdAt: new Date(Date.now() - 60_000),
    });
    const note = await adminCall<Id>(admin, notesRoute.POST, `/x/${source.id}/notes`, { body: { body: `Nota de la segunda ${tag}` }, ...idParams(source.id) });
    expect(note.status).toBe(201);
    const moving = (await entriesOf(source.id)).map((entry) => entry.id);
    expect(moving).toHaveLength(2);

    const merged = await post(mergeRoute.POST, source.id, "merge", { into: target.id });
    expect(merged.status).toBe(200);
    const detail = merged.body.data as Detail;
    expect(detail.id).toBe(target.id);
    expect(detail.entries.map((entry) => [entry.kind, entry.event])).toEqual([
      ["message", null],
      ["event", "merged"],
      ["reply", null],
      ["note", null],
    ]);
    expect(detail.entries[1].data).toMatchObject({ from_id: source.id, subject: `Segunda consulta ${tag}`, message: source.message });
    expect(detail.notes.map((n) => n.body)).toEqual([`Nota de la segunda ${tag}`]);
    expect((await entriesOf(target.id)).map((entry) => entry.id)).toEqual(expect.arrayContaining(moving));

    expect(await row(source.id)).toMatchObject({ status: "closed", mergedIntoId: target.id, previousStatus: "replied" });
    const sourceDetail = await show(source.id);
    expect(sourceDetail).toMatchObject({ status: "closed", merged_into_id: target.id, notes: [] });
    expect(sourceDetail.entries.map((entry) => [entry.kind, entry.event, entry.data])).toEqual([
      ["message", null, null],
      ["event", "merged_into", { into_id: target.id }],
    ]);
    expect(await actionsOf(source.id)).toEqual([
      ["contact_message.merge", { before: { status: "replied", merged_into_id: null }, after: { status: "closed", merged_into_id: target.id } }],
    ]);
    const intoTarget = await auditOf("contact_message", target.id);
    expect(intoTarget.map((entry) => entry.action)).toEqual(["contact_message.merge_into"]);
    expect(intoTarget[0].details).toMatchObject({ after: { merged_from: source.id, moved_entries: 2 } });

    // Merged once: not again, and nothing can be merged into it.
    expect((await post(mergeRoute.POST, source.id, "merge", { into: target.id })).status).toBe(409);
    const third = await createMessage(tag, { email });
    expect((await post(mergeRoute.POST, third.id, "merge", { into: source.id })).status).toBe(409);
  });

  it("another sender: 409 and nothing moves; into itself: 422; into a missing one: 404", async () => {
    const tag = uniqueTag();
    const target = await createMessage(tag, { email: `uno.${tag}@example.pe` });
    const source = await createMessage(tag, { email: `otro.${tag}@example.pe`, status: "replied" });
    const refused = await post(mergeRoute.POST, source.id, "merge", { into: target.id });
    expect([refused.status, refused.body.message]).toEqual([409, "Solo se pueden unir conversaciones del mismo remitente."]);
    expect(await entriesOf(source.id)).toHaveLength(1);
    expect(await entriesOf(target.id)).toHaveLength(0);
    expect(await row(source.id)).toMatchObject({ status: "replied", mergedIntoId: null });
    expect(await auditOf("contact_message", source.id)).toHaveLength(0);
    expect(await auditOf("contact_message", target.id)).toHaveLength(0);

    const self = await post(mergeRoute.POST, source.id, "merge", { into: source.id });
    expect(self.status).toBe(422);
    for (const body of [{}, { into: "1" }, { into: 0 }, { into: 1.5 }]) expect((await post(mergeRoute.POST, source.id, "merge", body)).status, JSON.stringify(body)).toBe(422);
    expect((await post(mergeRoute.POST, source.id, "merge", { into: 2_000_000_102 })).status).toBe(404);
    expect((await row(source.id)).status).toBe("replied");
  });
});

describe("the thread through the API", () => {
  it("GET /{id} answers the entries oldest first, starting with the visitor's message; notes are also in `notes`", async () => {
    const tag = uniqueTag();
    const email = `hilo.${tag}@example.pe`;
    const message = await createMessage(tag, { email });
    await reply(message.id, `Respuesta ${tag}`);
    const answer = await inboundAnswer(message.id, {
      body: `Respuesta del visitante ${tag}`,
      from: email,
      authWarning: "No se pudo verificar que el remitente sea quien dice ser: falló DMARC (dkim=fail, spf=softfail).",
    });
    await adminCall<Id>(admin, notesRoute.POST, `/x/${message.id}/notes`, { body: { body: `Nota ${tag}` }, ...idParams(message.id) });
    await put(message.id, { status: "closed" });

    const detail = await show(message.id);
    expect(detail.entries.map((entry) => entry.kind)).toEqual(["message", "reply", "inbound", "note", "event"]);
    const [opening, staff, visitor, note, event] = detail.entries;
    expect(opening).toMatchObject({ id: "message", body: message.message, from_address: email, author: null, original_available: false });
    expect(staff).toMatchObject({ body: `Respuesta ${tag}`, author: { id: admin.user.id }, delivery_status: "not_configured", original_available: false });
    expect(visitor).toMatchObject({
      id: `entry-${answer.id}`,
      body: `Respuesta del visitante ${tag}`,
      author: null,
      delivery_status: null,
      from_address: email,
      auth_warning: "No se pudo verificar que el remitente sea quien dice ser: falló DMARC (dkim=fail, spf=softfail).",
      original_available: true,
      attachments: [],
    });
    expect(note).toMatchObject({ body: `Nota ${tag}`, author: { id: admin.user.id, name: admin.user.name }, delivery_status: null });
    expect(event).toMatchObject({ event: "closed", data: { from: "replied", to: "closed" }, body: null });
    const times = detail.entries.map((entry) => (entry as Entry & { created_at: string }).created_at);
    expect([...times].sort()).toEqual(times);
    expect(detail.notes.map((n) => n.body)).toEqual([`Nota ${tag}`]);
  });

  it("GET …/entries/{n}/original answers an e-mailed entry's whole text as plain text; 404 for a note, a reply or another conversation's entry", async () => {
    const tag = uniqueTag();
    const message = await createMessage(tag);
    const whole = `Sí, nos interesa ${tag}.\n\n--\nMaría\n\nEl lunes, Lumen escribió:\n> ¿Le interesa una demo?\n<script>alert(1)</script>`;
    const answer = await inboundAnswer(message.id, { body: `Sí, nos interesa ${tag}.`, originalText: whole, from: message.email });
    const original = (entryId: string, id = message.id) =>
      adminCall<{ id: string; entryId: string }>(admin, originalRoute.GET, `/api/v1/admin/contact-messages/${id}/entries/${entryId}/original`, {
        params: { id: String(id), entryId },
      });

    for (const entryId of [String(answer.id), `entry-${answer.id}`]) {
      const { status, response, text } = await original(entryId);
      expect(status).toBe(200);
      expect(text).toBe(whole);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("sandbox");
    }

    const note = await adminCall<Id>(admin, notesRoute.POST, `/x/${message.id}/notes`, { body: { body: `Nota privada ${tag}` }, ...idParams(message.id) });
    const noteAnswer = await original(String((note.body.data as { id: number }).id));
    expect(noteAnswer.status).toBe(404);
    expect(noteAnswer.text).not.toContain(`Nota privada ${tag}`);
    await reply(message.id, `Respuesta ${tag}`);
    expect((await original(String((await latestReply(message.id)).id))).status).toBe(404);

    const other = await createMessage(tag);
    expect((await original(String(answer.id), other.id)).status).toBe(404);
    for (const entryId of ["0", "abc", "entry-", "99999999999", "2000000103"]) expect((await original(entryId)).status, entryId).toBe(404);
  });

  it("GET …/attachments/{n} downloads a file of the conversation to an admin; 404 for an unknown one or another conversation's; refused to a client", async () => {
    const tag = uniqueTag();
    const message = await createMessage(tag);
    const answer = await inboundAnswer(message.id, { body: `Adjunto la lista de tablas ${tag}.`, from: message.email });
    const bytes = new TextEncoder().encode(`tabla;filas\nclientes;1200\n${tag}\n`);
    const storageKey = await storeMailAttachment("Tablas del sistema.csv", "text/csv", bytes);
    const attachment = await db.mailAttachment.create({
      data: { storageKey, fileName: "Tablas del sistema.csv", mime: "text/csv", bytes: bytes.byteLength, contactEntryId: answer.id },
    });
    const download = (attachmentId: string, id = message.id, caller: { token: string } = admin) =>
      adminCall<{ id: string; attachmentId: string }>(
        { user: admin.user, token: caller.token },
        attachmentRoute.GET,
        `/api/v1/admin/contact-messages/${id}/attachments/${attachmentId}`,
        { params: { id: String(id), attachmentId } },
      );

    const detail = await show(message.id);
    expect(detail.entries[1].attachments).toEqual([
      { id: attachment.id, file_name: "Tablas del sistema.csv", mime: "text/csv", bytes: bytes.byteLength, url: `/api/v1/admin/contact-messages/${message.id}/attachments/${attachment.id}` },
    ]);

    const ok = await download(String(attachment.id));
    expect(ok.status).toBe(200);
    expect(ok.text).toBe(`tabla;filas\nclientes;1200\n${tag}\n`);
    expect(ok.response.headers.get("content-disposition")).toBe('attachment; filename="Tablas_del_sistema.csv"');
    expect(ok.response.headers.get("cache-control")).toBe("private, no-store");

    const other = await createMessage(tag);
    expect((await download(String(attachment.id), other.id)).status).toBe(404);
    for (const attachmentId of ["2000000104", "abc", "-1"]) expect((await download(attachmentId)).status, attachmentId).toBe(404);

    const client = await createTestUser();
    const refused = await download(String(attachment.id), message.id, { token: await tokenFor(client) });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(tag);
  });
});
