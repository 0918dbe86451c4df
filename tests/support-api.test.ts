// Support tickets through the REST contract: the client opens a ticket, follows its conversation
// and replies; the admin lists, answers, and changes status and priority. Isolation between clients
// (404, nothing learned), forbidden replies (409), bad input (422), the bell notifications of the
// right people, and the e-mail copies through a REAL SMTP server.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as adminRepliesRoute from "@/app/api/v1/admin/tickets/[id]/replies/route";
import * as adminTicketRoute from "@/app/api/v1/admin/tickets/[id]/route";
import * as adminExportRoute from "@/app/api/v1/admin/tickets/export/route";
import * as adminListRoute from "@/app/api/v1/admin/tickets/route";
import * as clientRepliesRoute from "@/app/api/v1/client/tickets/[id]/replies/route";
import * as clientTicketRoute from "@/app/api/v1/client/tickets/[id]/route";
import * as clientListRoute from "@/app/api/v1/client/tickets/route";
import { db } from "@/lib/db";
import type { TicketDetailContract, TicketSummaryContract } from "@/lib/support/serialize";
import { call, createTestUser, tokenFor, uniqueTag, type TestUser } from "./helpers/auth";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

type Caller = { user: TestUser; token: string };
type Id = { id: string };
type PagedBody<T> = { data: T[]; current_page: number; per_page: number; total: number; last_page: number };

async function caller(role: "client" | "admin"): Promise<Caller> {
  const user = await createTestUser({ role });
  return { user, token: await tokenFor(user) };
}

let admin: Caller;
let ana: Caller;
let beto: Caller;

beforeAll(async () => {
  [admin, ana, beto] = await Promise.all([caller("admin"), caller("client"), caller("client")]);
});

// ── Calls ────────────────────────────────────────────────────────────────────

const open = (who: Caller, body: unknown) => call(clientListRoute.POST, "/api/v1/client/tickets", { bearer: who.token, body });
const myTickets = (who: Caller, query = "") => call(clientListRoute.GET, `/api/v1/client/tickets${query}`, { bearer: who.token });
const myTicket = (who: Caller, id: number | string) =>
  call<Id>(clientTicketRoute.GET, `/api/v1/client/tickets/${id}`, { bearer: who.token, params: { id: String(id) } });
const clientReply = (who: Caller, id: number | string, body: unknown) =>
  call<Id>(clientRepliesRoute.POST, `/api/v1/client/tickets/${id}/replies`, { bearer: who.token, body, params: { id: String(id) } });
const adminList = (query = "", who: Caller = admin) => call(adminListRoute.GET, `/api/v1/admin/tickets${query}`, { bearer: who.token });
const adminTicket = (id: number | string, who: Caller = admin) =>
  call<Id>(adminTicketRoute.GET, `/api/v1/admin/tickets/${id}`, { bearer: who.token, params: { id: String(id) } });
const adminUpdate = (id: number | string, body: unknown, who: Caller = admin) =>
  call<Id>(adminTicketRoute.PUT, `/api/v1/admin/tickets/${id}`, { method: "PUT", bearer: who.token, body, params: { id: String(id) } });
const staffReply = (id: number | string, body: unknown, who: Caller = admin) =>
  call<Id>(adminRepliesRoute.POST, `/api/v1/admin/tickets/${id}/replies`, { bearer: who.token, body, params: { id: String(id) } });

async function openTicket(who: Caller, subject = `Consulta ${uniqueTag()}`, message = "No puedo entrar al ERP desde ayer.\nMuestra un error 500."): Promise<TicketDetailContract> {
  const { status, body } = await open(who, { subject, message });
  expect(status).toBe(201);
  return body.data as TicketDetailContract;
}

const notificationsOf = (userId: string, ticketId: number) =>
  db.notification.findMany({ where: { userId, link: { endsWith: `/tickets/${ticketId}` } }, orderBy: { id: "asc" } });
const auditOf = (ticketId: number) => db.auditLog.findMany({ where: { entityType: "ticket", entityId: String(ticketId) }, orderBy: { id: "asc" } });

// ── Opening and reading ──────────────────────────────────────────────────────

describe("a client opens a ticket", () => {
  it("answers 201 with the ticket (open, priority media) and its conversation, audits it and tells every admin", async () => {
    const subject = `El ERP no carga ${uniqueTag()}`;
    const ticket = await openTicket(ana, `  ${subject}  `, "Desde ayer no carga.\r\nGracias.");
    expect(ticket).toMatchObject({
      subject,
      status: "open",
      priority: "medium",
      replies_count: 0,
      closed_at: null,
      description: "Desde ayer no carga.\nGracias.",
      user: { id: ana.user.id, name: ana.user.name, email: ana.user.email },
    });
    expect(ticket.conversation).toEqual([
      expect.objectContaining({ type: "message", id: "description", body: "Desde ayer no carga.\nGracias.", from_staff: false, author: { name: ana.user.name } }),
    ]);

    const stored = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(stored.userId).toBe(ana.user.id);
    expect((await auditOf(ticket.id)).map((entry) => [entry.action, entry.actorId])).toEqual([["ticket.create", ana.user.id]]);

    const [notice] = await notificationsOf(admin.user.id, ticket.id);
    expect(notice).toMatchObject({ type: "ticket_new", title: `Nuevo ticket #${ticket.id}: ${subject}`, link: `/admin/tickets/${ticket.id}`, readAt: null });
    expect(await notificationsOf(ana.user.id, ticket.id)).toHaveLength(0);
  });

  it("refuses an empty or too long subject or message with 422 and Spanish errors per field, creating nothing", async () => {
    const before = await db.ticket.count({ where: { userId: ana.user.id } });
    const cases: [unknown, string, string][] = [
      [{ subject: "", message: "Hola" }, "subject", "El asunto es obligatorio."],
      [{ subject: "   ", message: "Hola" }, "subject", "El asunto es obligatorio."],
      [{ message: "Hola" }, "subject", "El asunto es obligatorio."],
      [{ subject: "x".repeat(201), message: "Hola" }, "subject", "El asunto no puede superar los 200 caracteres."],
      [{ subject: "Línea\nrota", message: "Hola" }, "subject", "No puede contener saltos de línea ni tabulaciones."],
      [{ subject: "Hola", message: "" }, "message", "Describe tu consulta."],
      [{ subject: "Hola", message: 42 }, "message", "Describe tu consulta."],
      [{ subject: "Hola", message: "y".repeat(10_001) }, "message", "El mensaje no puede superar los 10.000 caracteres."],
      [{ subject: "Hola", message: "nulo\u0000" }, "message", "Contiene caracteres de control no permitidos."],
    ];
    for (const [body, field, message] of cases) {
      const response = await open(ana, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect((response.body.errors as Record<string, string[]>)[field]).toContain(message);
      expect(response.body.message).toBe("Revisa los campos marcados.");
    }
    // Exactly at the bounds is fine.
    expect((await open(ana, { subject: "s".repeat(200), message: "m".repeat(10_000) })).status).toBe(201);
    expect(await db.ticket.count({ where: { userId: ana.user.id } })).toBe(before + 1);
  });

  it("needs a signed-in caller (401) and JSON (415, 400)", async () => {
    expect((await call(clientListRoute.POST, "/api/v1/client/tickets", { body: { subject: "a", message: "b" } })).status).toBe(401);
    expect((await call(clientListRoute.GET, "/api/v1/client/tickets")).status).toBe(401);
    expect((await open(ana, "{no es json")).status).toBe(400);
    const form = await call(clientListRoute.POST, "/api/v1/client/tickets", { bearer: ana.token, body: "subject=a", headers: { "content-type": "text/plain" } });
    expect(form.status).toBe(415);
  });
});

describe("isolation between clients", () => {
  it("lists only the caller's own tickets, newest activity first, paged on ?page", async () => {
    const first = await openTicket(beto, `Primero ${uniqueTag()}`);
    const second = await openTicket(beto, `Segundo ${uniqueTag()}`);
    const anas = await openTicket(ana);

    const list = await myTickets(beto);
    expect(list.status).toBe(200);
    const rows = list.body.data as TicketSummaryContract[];
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(rows.map((row) => row.id)).not.toContain(anas.id);
    expect(rows.every((row) => row.user.id === beto.user.id)).toBe(true);
    expect(rows.findIndex((row) => row.id === second.id)).toBeLessThan(rows.findIndex((row) => row.id === first.id));

    const page = (await myTickets(beto, "?page=1&per_page=1")).body.data as PagedBody<TicketSummaryContract>;
    expect(page).toMatchObject({ current_page: 1, per_page: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);

    const filtered = (await myTickets(beto, "?status=closed")).body.data as TicketSummaryContract[];
    expect(filtered.every((row) => row.status === "closed")).toBe(true);
    expect((await myTickets(beto, "?status=abierto")).status).toBe(422);
  });

  it("another client's ticket is 404 on GET and on reply, exactly like one that does not exist, and nothing is written", async () => {
    const anas = await openTicket(ana);
    const missing = await myTicket(beto, 2_000_000_000);
    const foreign = await myTicket(beto, anas.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body).toEqual({ message: "Ticket no encontrado." });

    const reply = await clientReply(beto, anas.id, { body: "Me meto donde no debo" });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: "Ticket no encontrado." });
    expect(await db.ticketReply.count({ where: { ticketId: anas.id } })).toBe(0);
    expect((await clientReply(beto, 2_000_000_000, { body: "x" })).body).toEqual(reply.body);

    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      expect((await myTicket(ana, bad)).status, bad).toBe(404);
      expect((await clientReply(ana, bad, { body: "x" })).status, bad).toBe(404);
    }
    expect((await myTicket(ana, anas.id)).status).toBe(200);
  });

  it("a client cannot use the admin routes (403)", async () => {
    const anas = await openTicket(ana);
    expect((await adminList("", ana)).status).toBe(403);
    expect((await adminTicket(anas.id, ana)).status).toBe(403);
    expect((await adminUpdate(anas.id, { status: "closed" }, ana)).status).toBe(403);
    expect((await staffReply(anas.id, { body: "Soy staff" }, ana)).status).toBe(403);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: anas.id } })).status).toBe("open");
  });
});

// ── The conversation ─────────────────────────────────────────────────────────

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

// ── Admin list and update ────────────────────────────────────────────────────

describe("admin tickets", () => {
  it("lists every client's tickets, paged on ?page, filtered by status, priority, user_id and q (subject, client, #id)", async () => {
    const tag = uniqueTag();
    const a = await openTicket(ana, `Factura duplicada ${tag}`);
    const b = await openTicket(beto, `Acceso VPN ${tag}`);
    await adminUpdate(b.id, { priority: "urgent" });

    const all = await adminList(`?q=${tag}`);
    expect(all.status).toBe(200);
    expect((all.body.data as TicketSummaryContract[]).map((row) => row.id).sort()).toEqual([a.id, b.id].sort());

    const paged = (await adminList(`?page=1&per_page=1&q=${tag}`)).body.data as PagedBody<TicketSummaryContract>;
    expect(paged).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(paged.data[0]).toMatchObject({ id: b.id, user: { id: beto.user.id, email: beto.user.email } });

    const urgent = (await adminList(`?page=1&priority=urgent&q=${tag}`)).body.data as PagedBody<TicketSummaryContract>;
    expect(urgent.data.map((row) => row.id)).toEqual([b.id]);
    const byUser = (await adminList(`?user_id=${ana.user.id}&q=${tag}`)).body.data as TicketSummaryContract[];
    expect(byUser.map((row) => row.id)).toEqual([a.id]);
    const byStatus = (await adminList(`?status=in_progress&q=${tag}`)).body.data as TicketSummaryContract[];
    expect(byStatus).toEqual([]);
    const byClientName = (await adminList(`?q=${encodeURIComponent(beto.user.email)}`)).body.data as TicketSummaryContract[];
    expect(byClientName.map((row) => row.id)).toContain(b.id);
    const byNumber = (await adminList(`?q=%23${a.id}`)).body.data as TicketSummaryContract[];
    expect(byNumber.map((row) => row.id)).toContain(a.id);

    for (const bad of ["?status=pendiente", "?priority=critica", "?page=0", "?per_page=101", `?q=${"x".repeat(201)}`, "?sort=nombre"]) {
      expect((await adminList(bad)).status, bad).toBe(422);
    }
  });

  it("exports the list's filter and search as CSV (BOM, Spanish header, formula-like cells neutralised); clients get 403", async () => {
    const tag = uniqueTag();
    const risky = await openTicket(ana, `=HYPERLINK("http://malo.example") ${tag}`);
    const other = await openTicket(beto, `Otro asunto ${tag}`);
    await adminUpdate(other.id, { status: "closed" });

    const request = new Request(`http://localhost/api/v1/admin/tickets/export?q=${tag}&status=open`, { headers: { authorization: `Bearer ${admin.token}` } });
    const response = await adminExportRoute.GET(request, { params: Promise.resolve({}) });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="tickets-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"Ticket","Fecha","Estado","Prioridad","Cliente","Correo electrónico","Asunto","Respuestas","Última actividad","Cerrado el"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"#${risky.id}"`);
    expect(lines[1]).toContain('"Abierto","Media"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://malo.example"") ${tag}"`);

    expect((await call(adminExportRoute.GET, "/api/v1/admin/tickets/export", { bearer: ana.token })).status).toBe(403);
    expect((await call(adminExportRoute.GET, "/api/v1/admin/tickets/export?status=x", { bearer: admin.token })).status).toBe(422);
  });

  it("GET one answers the conversation; unknown ids are 404", async () => {
    const ticket = await openTicket(beto);
    const got = await adminTicket(ticket.id);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: ticket.id, description: ticket.description, user: { id: beto.user.id } });
    expect((await adminTicket(2_000_000_000)).status).toBe(404);
    expect((await adminTicket("x")).status).toBe(404);
    expect((await adminUpdate(2_000_000_000, { status: "closed" })).status).toBe(404);
    expect((await staffReply(2_000_000_000, { body: "x" })).status).toBe(404);
  });

  it("refuses an unknown status or priority, or nothing to change, with 422; the same values change nothing", async () => {
    const ticket = await openTicket(beto);
    const badStatus = await adminUpdate(ticket.id, { status: "pendiente" });
    expect(badStatus.status).toBe(422);
    expect((badStatus.body.errors as Record<string, string[]>).status).toEqual(["El estado debe ser open, in_progress, resolved o closed."]);
    const badPriority = await adminUpdate(ticket.id, { priority: "critica" });
    expect(badPriority.status).toBe(422);
    expect((badPriority.body.errors as Record<string, string[]>).priority).toEqual(["La prioridad debe ser low, medium, high o urgent."]);
    expect((await adminUpdate(ticket.id, {})).status).toBe(422);
    expect((await adminUpdate(ticket.id, { status: null })).status).toBe(422);

    const same = await adminUpdate(ticket.id, { status: "open", priority: "medium" });
    expect(same.status).toBe(200);
    expect((await auditOf(ticket.id)).map((entry) => entry.action)).toEqual(["ticket.create"]);
    expect(await db.ticketEvent.count({ where: { ticketId: ticket.id } })).toBe(0);

    // A priority change alone is audited but records no status change and tells the client nothing.
    await adminUpdate(ticket.id, { priority: "low" });
    expect(await db.ticketEvent.count({ where: { ticketId: ticket.id } })).toBe(0);
    expect(await notificationsOf(beto.user.id, ticket.id)).toHaveLength(0);
    const audit = await auditOf(ticket.id);
    expect(audit.map((entry) => entry.action)).toEqual(["ticket.create", "ticket.update"]);
    expect(audit[1].details).toEqual({ before: { priority: "medium" }, after: { priority: "low" } });
    expect(audit[1].actorId).toBe(admin.user.id);
  });
});

// ── E-mail copies ────────────────────────────────────────────────────────────

describe("rate limits", () => {
  it("a client opens at most 20 tickets an hour: the next is a 429 with Retry-After and nothing is stored", async () => {
    const busy = await caller("client");
    await db.rateLimitBucket.upsert({
      where: { key: `ticket:create:${busy.user.id}` },
      create: { key: `ticket:create:${busy.user.id}`, hits: 20, resetAt: new Date(Date.now() + 3_600_000) },
      update: { hits: 20, resetAt: new Date(Date.now() + 3_600_000) },
    });
    const { status, response } = await open(busy, { subject: "Una más", message: "Otra consulta." });
    expect(status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.ticket.count({ where: { userId: busy.user.id } })).toBe(0);
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
