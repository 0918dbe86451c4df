// Support tickets through the REST contract, the client's side: opening a ticket (201, 422 with
// Spanish errors per field, 401/415/400), isolation between clients (another client's ticket is
// a 404 and nothing is learned or written, admin routes are 403) and the hourly limit (429).
import { beforeAll, describe, expect, it } from "vitest";
import * as clientListRoute from "@/app/api/v1/client/tickets/route";
import { db } from "@/lib/db";
import type { TicketSummaryContract } from "@/lib/support/serialize";
import { call, uniqueTag } from "./helpers/auth";
import { auditOf, caller, clientReply, myTicket, myTickets, notificationsOf, open, openTicket, staffCalls, type Caller, type PagedBody } from "./helpers/support";

let admin: Caller;
let ana: Caller;
let beto: Caller;

beforeAll(async () => {
  [admin, ana, beto] = await Promise.all([caller("admin"), caller("client"), caller("client")]);
});

const { adminList, adminTicket, adminUpdate, staffReply } = staffCalls(() => admin);

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
