// Support tickets through the REST contract, the admin's side: every client's tickets listed,
// filtered, searched and exported as CSV, one ticket read, and status and priority changed (422
// for unknown values, nothing recorded when nothing changes).
import { beforeAll, describe, expect, it } from "vitest";
import * as adminExportRoute from "@/app/api/v1/admin/tickets/export/route";
import { db } from "@/lib/db";
import type { TicketSummaryContract } from "@/lib/support/serialize";
import { call, uniqueTag } from "./helpers/auth";
import { auditOf, caller, notificationsOf, openTicket, staffCalls, type Caller, type PagedBody } from "./helpers/support";

let admin: Caller;
let ana: Caller;
let beto: Caller;

beforeAll(async () => {
  [admin, ana, beto] = await Promise.all([caller("admin"), caller("client"), caller("client")]);
});

const { adminList, adminTicket, adminUpdate, staffReply } = staffCalls(() => admin);

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
    expect(paged).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2, total_capped: false });
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

  it("?q= finds every word in the subject or the client's name or e-mail, accents and case ignored, and follows a rename", async () => {
    const tag = uniqueTag();
    const client = await caller("client");
    await db.user.update({ where: { id: client.user.id }, data: { name: `Íñigo Peña ${tag}` } });
    const vpn = await openTicket(client, `Conexión VPN caída ${tag}`);
    const other = await openTicket(beto, `Conexión lenta ${tag}`);
    const ids = async (q: string) => ((await adminList(`?q=${encodeURIComponent(q)}`)).body.data as TicketSummaryContract[]).map((row) => row.id).sort();
    expect(await ids(`CONEXION ${tag}`)).toEqual([vpn.id, other.id].sort());
    expect(await ids(`vpn conexión ${tag}`)).toEqual([vpn.id]);
    // A word of the subject and one of the client's name together.
    expect(await ids(`caida pena ${tag}`)).toEqual([vpn.id]);
    expect(await ids(`% ${tag}`)).toEqual([]);
    // The client's rename reaches the ticket's search text.
    await db.user.update({ where: { id: client.user.id }, data: { name: `Ana Torres ${tag}` } });
    expect(await ids(`peña ${tag}`)).toEqual([]);
    expect(await ids(`torres vpn ${tag}`)).toEqual([vpn.id]);
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
