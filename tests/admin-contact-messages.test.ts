// The contact inbox's admin API: every endpoint, every transition allowed and refused, with the
// database checked after each call.
// E-mail goes to the console here (no SMTP_URL); tests/admin-contact-mail.test.ts uses a real
// SMTP server.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as publicContact } from "@/app/api/v1/contact/route";
import { PEER_HEADER } from "@/lib/client-address";
import { db } from "@/lib/db";
import { call, createTestUser, fakeIp, sessionCookieFor, uniqueTag } from "./helpers/auth";
import { adminCall, auditOf, createAdmin, createMessage, entriesOf, latestReply, routes, type AdminCaller } from "./helpers/contact-inbox";

const { listRoute, messageRoute, bulkRoute, notesRoute, resendRoute, restoreRoute } = routes;
type Id = { id: string };
const idParams = (id: number | string) => ({ params: { id: String(id) } });

let admin: AdminCaller;
beforeAll(async () => {
  admin = await createAdmin();
});
beforeEach(() => {
  delete process.env.SMTP_URL;
  vi.spyOn(console, "info").mockImplementation(() => {}); // the console "e-mails"
});
afterEach(() => vi.restoreAllMocks());

const list = (query: string) => adminCall(admin, listRoute.GET, `/api/v1/admin/contact-messages?${query}`);
const show = (id: number | string) => adminCall<Id>(admin, messageRoute.GET, `/api/v1/admin/contact-messages/${id}`, idParams(id));
const put = (id: number | string, body: unknown) =>
  adminCall<Id>(admin, messageRoute.PUT, `/api/v1/admin/contact-messages/${id}`, { method: "PUT", body, ...idParams(id) });
const remove = (id: number | string) =>
  adminCall<Id>(admin, messageRoute.DELETE, `/api/v1/admin/contact-messages/${id}`, { method: "DELETE", ...idParams(id) });
const restore = (id: number | string) =>
  adminCall<Id>(admin, restoreRoute.POST, `/api/v1/admin/contact-messages/${id}/restore`, { method: "POST", ...idParams(id) });
const bulk = (body: unknown) => adminCall(admin, bulkRoute.POST, "/api/v1/admin/contact-messages/bulk", { body });
const note = (id: number | string, body: unknown) =>
  adminCall<Id>(admin, notesRoute.POST, `/api/v1/admin/contact-messages/${id}/notes`, { body, ...idParams(id) });
const row = (id: number) => db.contactMessage.findUniqueOrThrow({ where: { id } });

type Page = { data: { id: number; status: string; sector: { name: string } | null; subject: string; message: string }[]; current_page: number; per_page: number; total: number; last_page: number; total_capped: boolean };


/** The bell's "Nuevo mensaje de contacto" for the test's admin, as lib/contact/service.ts creates it. */
const notifyAbout = (messageId: number) =>
  db.notification.create({
    data: { userId: admin.user.id, type: "contact_message", title: "Nuevo mensaje de contacto", link: `/admin/contact-messages?id=${messageId}`, data: { contact_message_id: messageId } },
  });

describe("GET /api/v1/admin/contact-messages (the paged list)", () => {
  it("answers the paged shape under data, newest first, with the sector's name", async () => {
    const tag = uniqueTag();
    const sector = await db.sector.findFirstOrThrow();
    const older = await createMessage(tag, { createdAt: new Date(Date.now() - 60_000), sectorId: sector.id });
    const newer = await createMessage(tag);
    const { status, body } = await list(`q=${tag}&per_page=1`);
    expect(status).toBe(200);
    const page = body.data as Page;
    expect(page).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2, total_capped: false });
    expect(page.data.map((m) => m.id)).toEqual([newer.id]);
    const second = (await list(`q=${tag}&per_page=1&page=2`)).body.data as Page;
    expect(second.data.map((m) => m.id)).toEqual([older.id]);
    expect(second.data[0].sector).toEqual({ id: sector.id, name: sector.name });
    expect(page.data[0].sector).toBeNull();
  });

  it("filters by status; 'unread' means new and 'all' means every status", async () => {
    const tag = uniqueTag();
    const fresh = await createMessage(tag, { status: "new" });
    const read = await createMessage(tag, { status: "read" });
    const archived = await createMessage(tag, { status: "archived" });
    const ids = async (query: string) => ((await list(`q=${tag}&${query}`)).body.data as Page).data.map((m) => m.id).sort();
    expect(await ids("status=new")).toEqual([fresh.id]);
    expect(await ids("status=unread")).toEqual([fresh.id]);
    expect(await ids("status=read")).toEqual([read.id]);
    expect(await ids("status=archived")).toEqual([archived.id]);
    expect(await ids("status=all")).toEqual([fresh.id, read.id, archived.id].sort());
    expect(await ids("status=")).toEqual([fresh.id, read.id, archived.id].sort());
  });

  it("refuses unknown statuses, long searches and bad paging with 422 in Spanish", async () => {
    for (const query of ["status=pending", "q=" + "a".repeat(201), "per_page=101", "page=0", "page=-1", "per_page=abc"]) {
      const { status, body } = await list(query);
      expect(status, query).toBe(422);
      expect(body.message).toBe("Los datos enviados no son válidos.");
    }
    expect((await list("status=pending")).body.errors).toEqual({
      status: ["El parámetro status debe ser new, read, replied, closed o archived."],
    });
  });

  it("never shows a deleted message", async () => {
    const tag = uniqueTag();
    const kept = await createMessage(tag);
    const gone = await createMessage(tag);
    await db.contactMessage.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect(((await list(`q=${tag}`)).body.data as Page).data.map((m) => m.id)).toEqual([kept.id]);
    expect(((await list(`q=${tag}`)).body.data as Page).total).toBe(1);
  });

  it("works with the admin's session cookie too, and refuses a client (403)", async () => {
    const cookie = await sessionCookieFor(admin.user);
    expect((await call(listRoute.GET, "/api/v1/admin/contact-messages", { cookie })).status).toBe(200);
    const client = await createTestUser();
    expect((await call(listRoute.GET, "/api/v1/admin/contact-messages", { cookie: await sessionCookieFor(client) })).status).toBe(403);
  });
});

describe("GET /api/v1/admin/contact-messages/{id}", () => {
  it("answers a new message with its fields and changes nothing (the modal's action marks it read: tests/contact-get-no-write.test.ts)", async () => {
    const message = await createMessage(uniqueTag());
    const first = await show(message.id);
    expect(first.status).toBe(200);
    const data = first.body.data as { status: string; read_at: string | null; notes: unknown[]; ip_address: string; user_agent: string; entries: unknown[] };
    expect(data).toMatchObject({ status: "new", read_at: null, notes: [], ip_address: "203.0.113.7", user_agent: "InboxTest/1.0", reply_status: null });
    // The thread is the visitor's message alone.
    expect(data.entries).toEqual([expect.objectContaining({ id: "message", kind: "message", body: message.message, from_address: message.email })]);
    expect((await row(message.id)).status).toBe("new");
    expect(await auditOf("contact_message", message.id)).toHaveLength(0);
  });

  it("opening a message in another status changes nothing", async () => {
    const message = await createMessage(uniqueTag(), { status: "archived" });
    expect(((await show(message.id)).body.data as { status: string }).status).toBe("archived");
    expect((await row(message.id)).readAt).toBeNull();
    expect(await auditOf("contact_message", message.id)).toHaveLength(0);
  });

  it("404 in Spanish for a missing, deleted or malformed id", async () => {
    const deleted = await createMessage(uniqueTag());
    await db.contactMessage.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    for (const id of [2_000_000_000, deleted.id, "abc", "1.5", "-3", "99999999999"]) {
      const { status, body } = await show(id);
      expect(status, String(id)).toBe(404);
      expect(body.message).toBe("Mensaje no encontrado");
    }
  });
});

describe("PUT /api/v1/admin/contact-messages/{id}: the status state machine", () => {
  it("replies from new: status replied, the reply an entry of the thread with its author; without SMTP the e-mail is not sent (not_configured)", async () => {
    const message = await createMessage(uniqueTag());
    const { status, body } = await put(message.id, { status: "replied", reply: "  Gracias por escribirnos.\r\nSaludos.  " });
    expect(status).toBe(200);
    expect(body.email).toEqual({ sent: false, status: "not_configured", error: null });
    expect(body.data).toMatchObject({ status: "replied", reply_text: "Gracias por escribirnos.\nSaludos.", replied_by: { id: admin.user.id }, reply_status: "not_configured" });
    const stored = await row(message.id);
    expect(stored.status).toBe("replied");
    expect(stored.repliedAt).toBeInstanceOf(Date);
    expect(stored.readAt).toBeInstanceOf(Date);
    expect(stored.firstResponseAt).toBeNull(); // not sent: no first response yet
    const reply = await latestReply(message.id);
    expect(reply).toMatchObject({ body: "Gracias por escribirnos.\nSaludos.", authorId: admin.user.id, deliveryError: null, deliveryStatus: "not_configured", sentAt: null });
    expect(reply.mailMessageId).toMatch(/^<[0-9a-f-]{36}@[a-z0-9.-]+>$/);
    const thread = (body.data as { entries: { kind: string; body: string | null; delivery_status: string | null }[] }).entries;
    expect(thread.map((entry) => [entry.kind, entry.body, entry.delivery_status])).toEqual([
      ["message", message.message, null],
      ["reply", "Gracias por escribirnos.\nSaludos.", "not_configured"],
    ]);
    const audit = await auditOf("contact_message", message.id);
    expect(audit.map((entry) => entry.action)).toEqual(["contact_message.reply"]);
    expect(audit[0].details).toEqual({
      before: { status: "new", read_at: null, replied_at: null },
      after: { status: "replied", read_at: stored.readAt!.toISOString(), replied_at: stored.repliedAt!.toISOString() },
    });
  });

  it("replies from read", async () => {
    const message = await createMessage(uniqueTag(), { status: "read" });
    expect((await put(message.id, { status: "replied", reply: "Hola" })).status).toBe(200);
    expect((await row(message.id)).status).toBe("replied");
  });

  it("answers a replied conversation again: a second reply entry, the first one kept, replied_at unchanged", async () => {
    const message = await createMessage(uniqueTag(), { status: "replied", replyText: "Primera respuesta." });
    const before = await row(message.id);
    const { status, body } = await put(message.id, { status: "replied", reply: "Segunda respuesta." });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: "replied", reply_text: "Segunda respuesta.", reply_status: "not_configured" });
    const replies = (await entriesOf(message.id)).filter((entry) => entry.kind === "reply");
    expect(replies.map((entry) => [entry.body, entry.deliveryStatus])).toEqual([
      ["Primera respuesta.", "sent"],
      ["Segunda respuesta.", "not_configured"],
    ]);
    expect(replies[0].mailMessageId).not.toBe(replies[1].mailMessageId);
    const after = await row(message.id);
    expect(after.repliedAt).toEqual(before.repliedAt);
    expect(after.firstResponseAt).toEqual(before.firstResponseAt);
    expect((await auditOf("contact_message", message.id)).map((entry) => entry.action)).toEqual(["contact_message.reply"]);
  });

  it.each([
    ["closed", "La conversación está cerrada: reábrela para responder."],
    ["archived", "La conversación está archivada: desarchívala para responder."],
  ] as const)("refuses a reply to a %s message with 409, nothing changed", async (from, text) => {
    const message = await createMessage(uniqueTag(), { status: from });
    const before = await row(message.id);
    const { status, body } = await put(message.id, { status: "replied", reply: "Otra respuesta" });
    expect(status).toBe(409);
    expect(body).toEqual({ message: text });
    expect(await row(message.id)).toEqual(before);
    expect(await entriesOf(message.id)).toHaveLength(0);
    expect(await auditOf("contact_message", message.id)).toHaveLength(0);
  });

  it("refuses a blank or missing reply with 422, nothing changed", async () => {
    const message = await createMessage(uniqueTag());
    for (const body of [{ status: "replied", reply: "   \n\t " }, { status: "replied" }, { status: "replied", reply: 5 }, { status: "replied", reply: "x".repeat(10_001) }]) {
      const response = await put(message.id, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(response.body.errors).toHaveProperty("reply");
    }
    expect((await row(message.id)).status).toBe("new");
    expect(await entriesOf(message.id)).toHaveLength(0);
  });

  it.each(["new", "read", "replied"] as const)("closes a %s message", async (from) => {
    const message = await createMessage(uniqueTag(), { status: from });
    const { status, body } = await put(message.id, { status: "closed" });
    expect(status).toBe(200);
    expect(body).toEqual({ data: expect.objectContaining({ id: message.id, status: "closed" }) });
    expect((await row(message.id)).status).toBe("closed");
    expect((await auditOf("contact_message", message.id)).map((e) => [e.action, e.details])).toEqual([
      ["contact_message.close", { before: { status: from }, after: { status: "closed" } }],
    ]);
    // The thread says who closed it and from where; the row remembers it for "Deshacer".
    const events = (await entriesOf(message.id)).filter((entry) => entry.kind === "event");
    expect(events.map((entry) => [entry.event, entry.data, entry.authorId])).toEqual([["closed", { from, to: "closed" }, admin.user.id]]);
    expect(await row(message.id)).toMatchObject({ previousStatus: from, statusChangedAt: expect.any(Date) });
  });

  it.each([
    ["closed", "El mensaje ya está cerrado."],
    ["archived", "No se puede cerrar un mensaje archivado."],
  ] as const)("refuses to close a %s message (409)", async (from, text) => {
    const message = await createMessage(uniqueTag(), { status: from });
    const { status, body } = await put(message.id, { status: "closed" });
    expect([status, body.message]).toEqual([409, text]);
    expect((await row(message.id)).status).toBe(from);
  });

  it.each(["new", "read", "replied", "closed"] as const)("archives a %s message", async (from) => {
    const message = await createMessage(uniqueTag(), { status: from });
    expect((await put(message.id, { status: "archived" })).status).toBe(200);
    expect((await row(message.id)).status).toBe("archived");
    expect((await auditOf("contact_message", message.id))[0].action).toBe("contact_message.archive");
  });

  it("refuses to archive an archived message (409)", async () => {
    const message = await createMessage(uniqueTag(), { status: "archived" });
    expect(await put(message.id, { status: "archived" })).toMatchObject({ status: 409, body: { message: "El mensaje ya está archivado." } });
  });

  it("refuses other bodies: unknown status, reopening through PUT, wrong types, not JSON", async () => {
    const message = await createMessage(uniqueTag(), { status: "closed" });
    for (const body of [{ status: "new" }, { status: "read" }, { status: "pending" }, {}, [], "null", { status: 3 }]) {
      const { status, body: answer } = await put(message.id, body);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(typeof answer.message).toBe("string");
    }
    expect((await put(message.id, "{not json")).status).toBe(400);
    const wrongType = await adminCall<Id>(admin, messageRoute.PUT, `/api/v1/admin/contact-messages/${message.id}`, {
      method: "PUT",
      body: "status=closed",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ...idParams(message.id),
    });
    expect(wrongType.status).toBe(415);
    expect((await row(message.id)).status).toBe("closed");
  });

  it("404 for a missing message, before looking at the body", async () => {
    expect((await put(2_000_000_001, { status: "closed" })).status).toBe(404);
    expect((await put("x", { status: "closed" })).status).toBe(404);
  });

  it("hostile HTML from the public form is stored and returned as plain text", async () => {
    const tag = uniqueTag();
    const hostile = `<img src=x onerror="alert('${tag}')"><script>alert(1)</script>`;
    const request = new Request("http://localhost/api/v1/contact", {
      method: "POST",
      headers: { "content-type": "application/json", [PEER_HEADER]: fakeIp() },
      body: JSON.stringify({ name: `<b>${tag}</b>`, email: `html.${tag}@example.pe`, subject: hostile, message: hostile }),
    });
    expect((await publicContact(request, { params: Promise.resolve({}) } as never)).status).toBe(201);
    const page = (await list(`q=${tag}`)).body.data as Page;
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ subject: hostile, message: hostile, name: `<b>${tag}</b>` });
  });
});

describe("DELETE /{id} and POST /{id}/restore (undo)", () => {
  it("hides the message at once; restore brings it back; both audited", async () => {
    const tag = uniqueTag();
    const message = await createMessage(tag);
    const deleted = await remove(message.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: message.id, deleted_at: expect.any(String), restorable_until: expect.any(String) });
    expect((await row(message.id)).deletedAt).toBeInstanceOf(Date);
    expect(((await list(`q=${tag}`)).body.data as Page).total).toBe(0);
    expect((await show(message.id)).status).toBe(404);
    expect((await remove(message.id)).status).toBe(404);
    expect((await put(message.id, { status: "closed" })).status).toBe(404);

    const restored = await restore(message.id);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ id: message.id, status: "new" });
    expect((await row(message.id)).deletedAt).toBeNull();
    expect(((await list(`q=${tag}`)).body.data as Page).total).toBe(1);
    expect((await auditOf("contact_message", message.id)).map((e) => e.action)).toEqual(["contact_message.delete", "contact_message.restore"]);
  });

  it("refuses to restore a message that is not deleted, or deleted too long ago (409); 404 when missing", async () => {
    const message = await createMessage(uniqueTag());
    expect(await restore(message.id)).toMatchObject({ status: 409, body: { message: "El mensaje no está eliminado." } });
    await db.contactMessage.update({ where: { id: message.id }, data: { deletedAt: new Date(Date.now() - 60_000) } });
    expect(await restore(message.id)).toMatchObject({ status: 409, body: { message: "Ya no se puede deshacer la eliminación de este mensaje." } });
    expect((await row(message.id)).deletedAt).not.toBeNull();
    expect((await restore(2_000_000_002)).status).toBe(404);
  });

  it("purges messages deleted more than a few minutes ago (their notes and notifications too) on the next delete", async () => {
    const old = await createMessage(uniqueTag(), { status: "replied" });
    await db.contactEntry.create({ data: { messageId: old.id, kind: "note", body: "nota" } });
    expect(await db.contactEntry.count({ where: { messageId: old.id } })).toBe(2);
    const oldNotification = await notifyAbout(old.id);
    await db.contactMessage.update({ where: { id: old.id }, data: { deletedAt: new Date(Date.now() - 10 * 60_000) } });
    const recent = await createMessage(uniqueTag());
    const recentNotification = await notifyAbout(recent.id);
    await remove(recent.id);
    expect(await db.contactMessage.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db.contactEntry.count({ where: { messageId: old.id } })).toBe(0);
    expect(await db.notification.findUnique({ where: { id: oldNotification.id } })).toBeNull();
    expect(await db.contactMessage.findUnique({ where: { id: recent.id } })).not.toBeNull();
    // The just-deleted message's notification stays (for the undo) but no longer counts as unread.
    expect((await db.notification.findUniqueOrThrow({ where: { id: recentNotification.id } })).readAt).toBeInstanceOf(Date);
  });
});

describe("POST /api/v1/admin/contact-messages/bulk", () => {
  it("read: only new messages count; archive: only not archived; delete: all, each audited", async () => {
    const tag = uniqueTag();
    const fresh = await createMessage(tag, { status: "new" });
    const read = await createMessage(tag, { status: "read" });
    const archived = await createMessage(tag, { status: "archived" });
    const ids = [fresh.id, read.id, archived.id, 2_000_000_003];

    const marked = await bulk({ ids, action: "read" });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ affected: 1 });
    expect((await row(fresh.id)).status).toBe("read");
    expect((await row(fresh.id)).readAt).toBeInstanceOf(Date);

    expect((await bulk({ ids, action: "archive" })).body.data).toMatchObject({ affected: 2 });
    expect((await row(read.id)).status).toBe("archived");
    expect((await auditOf("contact_message", archived.id))).toHaveLength(0);

    expect((await bulk({ ids: [...ids, fresh.id], action: "delete" })).body.data).toMatchObject({ affected: 3 });
    expect(((await list(`q=${tag}`)).body.data as Page).total).toBe(0);
    expect((await bulk({ ids, action: "delete" })).body.data).toMatchObject({ affected: 0 });
    expect((await auditOf("contact_message", fresh.id)).map((e) => e.action)).toEqual([
      "contact_message.read",
      "contact_message.archive",
      "contact_message.delete",
    ]);
  });

  it("refuses bad bodies with 422, changing nothing", async () => {
    const message = await createMessage(uniqueTag());
    const bodies = [
      {},
      { ids: [], action: "read" },
      { ids: [message.id], action: "reopen" },
      { ids: [0], action: "read" },
      { ids: [-1], action: "read" },
      { ids: [1.5], action: "read" },
      { ids: ["1"], action: "read" },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1), action: "read" },
      { ids: message.id, action: "read" },
    ];
    for (const body of bodies) {
      const response = await bulk(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect((await row(message.id)).status).toBe("new");
  });
});

describe("POST /api/v1/admin/contact-messages/{id}/notes", () => {
  it("adds an internal note with author and time, shown in the detail, audited", async () => {
    const message = await createMessage(uniqueTag(), { status: "closed" });
    const created = await note(message.id, { body: "  Llamar el lunes.\nPide demo.  " });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ body: "Llamar el lunes.\nPide demo.", author: { id: admin.user.id, name: admin.user.name }, created_at: expect.any(String) });
    const detail = (await show(message.id)).body.data as { notes: { body: string }[] };
    expect(detail.notes.map((n) => n.body)).toEqual(["Llamar el lunes.\nPide demo."]);
    const noteId = (created.body.data as { id: number }).id;
    // A note is an entry of the thread (kind note), never e-mailed.
    const stored = await db.contactEntry.findUniqueOrThrow({ where: { id: noteId } });
    expect(stored).toMatchObject({ messageId: message.id, kind: "note", authorId: admin.user.id, deliveryStatus: null, mailMessageId: null });
    const thread = (await show(message.id)).body.data as { entries: { id: string; kind: string; body: string | null }[] };
    expect(thread.entries.map((entry) => [entry.id, entry.kind])).toEqual([["message", "message"], [`entry-${noteId}`, "note"]]);
    expect((await auditOf("contact_note", noteId)).map((e) => [e.action, e.details])).toEqual([
      ["contact_note.create", { before: null, after: { message_id: message.id, body: "Llamar el lunes.\nPide demo." } }],
    ]);
    expect(console.info).not.toHaveBeenCalled(); // never e-mailed
  });

  it("422 for a blank or oversized note; 404 for a missing message", async () => {
    const message = await createMessage(uniqueTag());
    for (const body of [{ body: "  " }, {}, { body: "x".repeat(5001) }, { body: 3 }]) expect((await note(message.id, body)).status).toBe(422);
    expect((await note(2_000_000_004, { body: "hola" })).status).toBe(404);
    expect(await db.contactEntry.count({ where: { messageId: message.id } })).toBe(0);
  });
});

describe("POST /{id}/resend", () => {
  it("409 when there is no reply, SMTP is not configured, or it was already sent", async () => {
    const message = await createMessage(uniqueTag());
    expect(await adminCall<Id>(admin, resendRoute.POST, `/x/${message.id}/resend`, { method: "POST", ...idParams(message.id) })).toMatchObject({
      status: 409,
      body: { message: "El mensaje no tiene una respuesta que reenviar." },
    });
    await put(message.id, { status: "replied", reply: "Hola" });
    expect(await adminCall<Id>(admin, resendRoute.POST, `/x/${message.id}/resend`, { method: "POST", ...idParams(message.id) })).toMatchObject({
      status: 409,
      body: { message: "El correo saliente no está configurado: la respuesta no se puede reenviar todavía." },
    });
    await db.contactEntry.update({ where: { id: (await latestReply(message.id)).id }, data: { deliveryStatus: "sent", sentAt: new Date() } });
    expect(await adminCall<Id>(admin, resendRoute.POST, `/x/${message.id}/resend`, { method: "POST", ...idParams(message.id) })).toMatchObject({
      status: 409,
      body: { message: "La respuesta ya se envió por correo." },
    });
  });
});
