// Support tickets through the REST contract, the conversation: staff and client replies move the
// status (in progress, resolved, reopened), closed tickets refuse replies (409), bad replies are
// 422, the bell notifications reach the right people, and the e-mail copies go through a REAL
// SMTP server.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import type { TicketDetailContract } from "@/lib/support/serialize";
import { uniqueTag } from "./helpers/auth";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";
import { auditOf, caller, clientReply, myTicket, notificationsOf, openTicket, staffCalls, type Caller } from "./helpers/support";

let admin: Caller;
let ana: Caller;

beforeAll(async () => {
  [admin, ana] = await Promise.all([caller("admin"), caller("client")]);
});

const { adminUpdate, staffReply } = staffCalls(() => admin);

describe("the conversation", () => {
  it("staff reply → in progress; resolved → the client is told; the client's reply reopens it; every step is in the conversation", async () => {
    const ticket = await openTicket(ana);

    // The admin answers: the reply is from staff and the open ticket moves to "En progreso".
    const answered = await staffReply(ticket.id, { body: "Hola, ya lo revisamos.\nPrueba ahora." });
    expect(answered.status).toBe(201);
    const afterStaff = answered.body.data as TicketDetailContract;
    expect(afterStaff.status).toBe("in_progress");
    expect(afterStaff.replies_count).toBe(1);
    expect(afterStaff.conversation.map((entry) => entry.type)).toEqual(["message", "message", "status_change"]);
    expect(afterStaff.conversation[1]).toMatchObject({ body: "Hola, ya lo revisamos.\nPrueba ahora.", from_staff: true, author: { name: admin.user.name } });
    expect(afterStaff.conversation[2]).toMatchObject({ from_status: "open", to_status: "in_progress", actor: { name: admin.user.name, is_staff: true } });
    const [replyNotice] = await notificationsOf(ana.user.id, ticket.id);
    expect(replyNotice).toMatchObject({ type: "ticket_reply", title: `Respuesta a tu ticket #${ticket.id}`, link: `/client/tickets/${ticket.id}` });
    expect(replyNotice.body).toContain("Hola, ya lo revisamos. Prueba ahora.");

    // A second staff reply leaves the status alone.
    expect(((await staffReply(ticket.id, { body: "Seguimos atentos." })).body.data as TicketDetailContract).status).toBe("in_progress");

    // The admin resolves it: a status change, closed_at still empty, the client is told.
    const resolved = await adminUpdate(ticket.id, { status: "resolved", priority: "high" });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ status: "resolved", priority: "high", closed_at: null });
    const notices = await notificationsOf(ana.user.id, ticket.id);
    expect(notices.at(-1)).toMatchObject({ type: "ticket_status", title: `Tu ticket #${ticket.id} ahora está «Resuelto»` });

    // The client sees the reply and the change…
    const seen = (await myTicket(ana, ticket.id)).body.data as TicketDetailContract;
    expect(seen.status).toBe("resolved");
    expect(seen.conversation.filter((entry) => entry.type === "status_change").map((entry) => entry.type === "status_change" && entry.to_status)).toEqual([
      "in_progress",
      "resolved",
    ]);
    expect(seen.conversation.some((entry) => entry.type === "message" && entry.from_staff && entry.body === "Hola, ya lo revisamos.\nPrueba ahora.")).toBe(true);

    // …and replies, which reopens it and tells the admins.
    const adminNoticesBefore = (await notificationsOf(admin.user.id, ticket.id)).length;
    const reopened = await clientReply(ana, ticket.id, { body: "Sigue fallando, lo siento." });
    expect(reopened.status).toBe(201);
    const afterClient = reopened.body.data as TicketDetailContract;
    expect(afterClient.status).toBe("open");
    expect(afterClient.conversation.slice(-2)).toEqual([
      expect.objectContaining({ type: "message", body: "Sigue fallando, lo siento.", from_staff: false }),
      expect.objectContaining({ type: "status_change", from_status: "resolved", to_status: "open", actor: { name: ana.user.name, is_staff: false } }),
    ]);
    const adminNotices = await notificationsOf(admin.user.id, ticket.id);
    expect(adminNotices).toHaveLength(adminNoticesBefore + 1);
    expect(adminNotices.at(-1)).toMatchObject({ type: "ticket_reply", title: `Ticket #${ticket.id} reabierto por el cliente` });

    // A client reply to an open ticket keeps it open and still tells the admins.
    expect(((await clientReply(ana, ticket.id, { body: "Adjunto más datos." })).body.data as TicketDetailContract).status).toBe("open");
    expect((await notificationsOf(admin.user.id, ticket.id)).at(-1)).toMatchObject({ title: `Nueva respuesta en el ticket #${ticket.id}` });

    // Timestamps are in order and the audit trail has every step.
    const times = afterClient.conversation.map((entry) => Date.parse(entry.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await auditOf(ticket.id)).map((entry) => entry.action)).toEqual([
      "ticket.create",
      "ticket.reply",
      "ticket.reply",
      "ticket.update",
      "ticket.reply",
      "ticket.reply",
    ]);
  });

  it("a closed ticket refuses replies (409) from the client and from staff; reopening clears closed_at", async () => {
    const ticket = await openTicket(ana);
    const closed = await adminUpdate(ticket.id, { status: "closed" });
    expect(closed.status).toBe(200);
    const closedAt = (closed.body.data as TicketDetailContract).closed_at;
    expect(closedAt).not.toBeNull();
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).closedAt).toBeInstanceOf(Date);

    const fromClient = await clientReply(ana, ticket.id, { body: "¿Hola?" });
    expect(fromClient.status).toBe(409);
    expect(fromClient.body.message).toMatch(/^El ticket está cerrado/);
    const fromStaff = await staffReply(ticket.id, { body: "Una cosa más" });
    expect(fromStaff.status).toBe(409);
    expect(fromStaff.body.message).toMatch(/^El ticket está cerrado/);
    expect(await db.ticketReply.count({ where: { ticketId: ticket.id } })).toBe(0);

    const reopened = await adminUpdate(ticket.id, { status: "in_progress" });
    expect(reopened.body.data).toMatchObject({ status: "in_progress", closed_at: null });
    expect((await clientReply(ana, ticket.id, { body: "Gracias por reabrir." })).status).toBe(201);
  });

  it("refuses an empty or huge reply body with 422, writing nothing", async () => {
    const ticket = await openTicket(ana);
    for (const [body, message] of [
      [{ body: "" }, "Escribe una respuesta."],
      [{ body: " \n " }, "Escribe una respuesta."],
      [{}, "Escribe una respuesta."],
      [{ body: "z".repeat(10_001) }, "La respuesta no puede superar los 10.000 caracteres."],
    ] as const) {
      const asClient = await clientReply(ana, ticket.id, body);
      expect(asClient.status).toBe(422);
      expect((asClient.body.errors as Record<string, string[]>).body).toContain(message);
      const asStaff = await staffReply(ticket.id, body);
      expect(asStaff.status).toBe(422);
      expect((asStaff.body.errors as Record<string, string[]>).body).toContain(message);
    }
    expect(await db.ticketReply.count({ where: { ticketId: ticket.id } })).toBe(0);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).status).toBe("open");
  });

  it("two client replies at once to a resolved ticket reopen it once (the row is locked)", async () => {
    const ticket = await openTicket(ana);
    await adminUpdate(ticket.id, { status: "resolved" });
    const results = await Promise.all([clientReply(ana, ticket.id, { body: "Uno" }), clientReply(ana, ticket.id, { body: "Dos" })]);
    expect(results.map((result) => result.status)).toEqual([201, 201]);
    const events = await db.ticketEvent.findMany({ where: { ticketId: ticket.id, toStatus: "open" } });
    expect(events).toHaveLength(1);
    expect(await db.ticketReply.count({ where: { ticketId: ticket.id } })).toBe(2);
  });
});

describe("e-mail copies (SMTP configured)", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  afterEach(() => {
    delete process.env.SMTP_URL;
    vi.restoreAllMocks();
  });

  it("a new ticket and a client reply e-mail the admins; a staff reply and a status change e-mail the client", async () => {
    process.env.SMTP_URL = smtp.url;
    const subject = `Correo de soporte ${uniqueTag()}`;
    const ticket = await openTicket(ana, subject, "Necesito ayuda con la facturación.");

    const toAdmin = await smtp.waitFor((mail) => mail.recipients.includes(admin.user.email) && mail.headers.subject?.includes(subject));
    expect(toAdmin.headers.subject).toBe(`Nuevo ticket #${ticket.id}: ${subject}`);
    expect(toAdmin.text).toContain("Necesito ayuda con la facturación.");
    expect(toAdmin.text).toContain(`/admin/tickets/${ticket.id}`);

    await staffReply(ticket.id, { body: "Le escribimos en breve." });
    const toClient = await smtp.waitFor((mail) => mail.recipients.includes(ana.user.email) && mail.headers.subject?.startsWith(`Respuesta a tu ticket #${ticket.id}`));
    expect(toClient.recipients).toEqual([ana.user.email]);
    expect(toClient.text).toContain("Le escribimos en breve.");
    expect(toClient.text).toContain(`/client/tickets/${ticket.id}`);

    await adminUpdate(ticket.id, { status: "resolved" });
    const status = await smtp.waitFor((mail) => mail.recipients.includes(ana.user.email) && mail.headers.subject?.startsWith(`Tu ticket #${ticket.id} ahora está «Resuelto»`));
    expect(status.text).toContain("de «En progreso» a «Resuelto»");

    await clientReply(ana, ticket.id, { body: "Sigue sin funcionar." });
    const reply = await smtp.waitFor((mail) => mail.recipients.includes(admin.user.email) && mail.headers.subject?.startsWith(`Nueva respuesta en el ticket #${ticket.id}`));
    expect(reply.text).toContain("Sigue sin funcionar.");
  });

  it("without SMTP_URL nothing is sent, and an unreachable server never fails the write", async () => {
    const before = smtp.received.length;
    const ticket = await openTicket(ana);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.length).toBe(before);

    vi.spyOn(console, "error").mockImplementation(() => {});
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    const reply = await staffReply(ticket.id, { body: "Aunque el correo falle, la respuesta queda." });
    expect(reply.status).toBe(201);
    expect(await db.ticketReply.count({ where: { ticketId: ticket.id } })).toBe(1);
  });
});
