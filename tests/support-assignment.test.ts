// Tickets assigned to an admin through PUT /api/v1/admin/tickets/{id} `{ assigned_to }`: only an
// admin (or nobody) can be the assignee (422 "El usuario no es administrador." otherwise), the
// change is audited, the assignee is told in the bell (not when assigning to oneself), and the
// list, its CSV export and the screen's "Mis conversaciones" filter read `assigned_to=me|none|<id>`.
import { beforeAll, describe, expect, it } from "vitest";
import * as adminExportRoute from "@/app/api/v1/admin/tickets/export/route";
import { db } from "@/lib/db";
import type { AdminTicketDetailContract, AdminTicketSummaryContract } from "@/lib/support/serialize";
import { uniqueTag } from "./helpers/auth";
import { auditOf, caller, myTicket, myTickets, openTicket, staffCalls, type Caller } from "./helpers/support";

let admin: Caller;
let carla: Caller;
let ana: Caller;

beforeAll(async () => {
  [admin, carla, ana] = await Promise.all([caller("admin"), caller("admin"), caller("client")]);
});

const { adminList, adminUpdate } = staffCalls(() => admin);

const assignedNotices = (userId: string, ticketId: number) =>
  db.notification.findMany({ where: { userId, type: "ticket_assigned", link: `/admin/tickets/${ticketId}` }, orderBy: { id: "asc" } });

async function exported(query: string, who: Caller): Promise<string> {
  const response = await adminExportRoute.GET(new Request(`http://localhost/api/v1/admin/tickets/export${query}`, { headers: { authorization: `Bearer ${who.token}` } }), {
    params: Promise.resolve({}),
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe("assigning a ticket", () => {
  it("assigns it to an admin (audited, the assignee told in the bell), reassigns and unassigns it", async () => {
    const ticket = await openTicket(ana);
    const assigned = await adminUpdate(ticket.id, { assigned_to: carla.user.id });
    expect(assigned.status).toBe(200);
    expect((assigned.body.data as AdminTicketDetailContract).assigned_to).toEqual({ id: carla.user.id, name: carla.user.name });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } })).assignedToId).toBe(carla.user.id);

    const [notice] = await assignedNotices(carla.user.id, ticket.id);
    expect(notice).toMatchObject({ title: `Se te asignó el ticket #${ticket.id}`, adminOnly: true, readAt: null });
    expect(notice.body).toContain(ticket.subject);
    const audit = (await auditOf(ticket.id)).at(-1);
    expect(audit).toMatchObject({ action: "ticket.update", actorId: admin.user.id, details: { before: { assigned_to: null }, after: { assigned_to: carla.user.id } } });

    // The same assignee again changes nothing.
    expect((await adminUpdate(ticket.id, { assigned_to: carla.user.id })).status).toBe(200);
    expect(await auditOf(ticket.id)).toHaveLength(2);
    expect(await assignedNotices(carla.user.id, ticket.id)).toHaveLength(1);

    // Assigning it to oneself: no notification to oneself.
    const mine = await adminUpdate(ticket.id, { assigned_to: admin.user.id });
    expect((mine.body.data as AdminTicketDetailContract).assigned_to).toEqual({ id: admin.user.id, name: admin.user.name });
    expect(await assignedNotices(admin.user.id, ticket.id)).toHaveLength(0);

    for (const nobody of [null, ""]) {
      await adminUpdate(ticket.id, { assigned_to: carla.user.id });
      const unassigned = await adminUpdate(ticket.id, { assigned_to: nobody });
      expect(unassigned.status).toBe(200);
      expect((unassigned.body.data as AdminTicketDetailContract).assigned_to).toBeNull();
    }
    expect((await auditOf(ticket.id)).at(-1)).toMatchObject({ details: { before: { assigned_to: carla.user.id }, after: { assigned_to: null } } });
  });

  it("refuses anyone but an admin with 422 on assigned_to, changing nothing", async () => {
    const ticket = await openTicket(ana);
    for (const value of [ana.user.id, "no-existe", 42, "x".repeat(41), ["a"], "  "]) {
      const refused = await adminUpdate(ticket.id, { assigned_to: value });
      expect(refused.status, JSON.stringify(value)).toBe(422);
      expect((refused.body.errors as Record<string, string[]>).assigned_to).toEqual(["El usuario no es administrador."]);
    }
    // With a valid status in the same body, nothing of it is written either.
    expect((await adminUpdate(ticket.id, { status: "in_progress", assigned_to: ana.user.id })).status).toBe(422);
    const row = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(row).toMatchObject({ assignedToId: null, status: "open" });
    expect((await auditOf(ticket.id)).map((entry) => entry.action)).toEqual(["ticket.create"]);
  });

  it("the list, the export and «Mis conversaciones» filter by assigned_to=me|none|<id>; the client's API never shows the assignee", async () => {
    const tag = uniqueTag();
    const [forCarla, forAdmin, nobodys] = await Promise.all([openTicket(ana, `Asignado ${tag} A`), openTicket(ana, `Asignado ${tag} B`), openTicket(ana, `Asignado ${tag} C`)]);
    await adminUpdate(forCarla.id, { assigned_to: carla.user.id });
    await adminUpdate(forAdmin.id, { assigned_to: admin.user.id });

    const ids = async (query: string, who: Caller = admin) => ((await adminList(`?q=${tag}${query}`, who)).body.data as AdminTicketSummaryContract[]).map((row) => row.id).sort();
    expect(await ids("&assigned_to=me")).toEqual([forAdmin.id]);
    expect(await ids("&assigned_to=me", carla)).toEqual([forCarla.id]);
    expect(await ids("&assigned_to=none")).toEqual([nobodys.id]);
    expect(await ids(`&assigned_to=${carla.user.id}`)).toEqual([forCarla.id]);
    expect(await ids("")).toEqual([forCarla.id, forAdmin.id, nobodys.id].sort());
    expect((await adminList(`?assigned_to=${"x".repeat(41)}`)).status).toBe(422);

    const rows = (await adminList(`?q=${tag}`)).body.data as AdminTicketSummaryContract[];
    expect(rows.find((row) => row.id === forCarla.id)?.assigned_to).toEqual({ id: carla.user.id, name: carla.user.name });
    expect(rows.find((row) => row.id === nobodys.id)?.assigned_to).toBeNull();

    const csv = await exported(`?q=${tag}&assigned_to=me`, carla);
    expect(csv).toContain(`"#${forCarla.id}"`);
    expect(csv).not.toContain(`"#${forAdmin.id}"`);

    const theirs = (await myTickets(ana)).body.data as Record<string, unknown>[];
    expect(theirs.find((row) => row.id === forCarla.id)).not.toHaveProperty("assigned_to");
    expect((await myTicket(ana, forCarla.id)).body.data).not.toHaveProperty("assigned_to");
  });
});
