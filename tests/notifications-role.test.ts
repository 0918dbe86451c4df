// Notifications follow the role: what is announced to admins (visitors' contact messages, other
// clients' tickets) is deleted when a user stops being admin, in the same write as the role
// change, and every read of notifications filters by the reader's CURRENT role, so a demoted
// admin never reads them, whatever path changed the role.
import { describe, expect, it } from "vitest";
import { PUT as markAll } from "@/app/api/v1/notifications/mark-all-read/route";
import { PUT as markRead } from "@/app/api/v1/notifications/[id]/read/route";
import { GET as list } from "@/app/api/v1/notifications/route";
import { PUT as adminUserPut } from "@/app/api/v1/admin/users/[id]/route";
import { db } from "@/lib/db";
import { notifyAdmins, notifyUser } from "@/lib/notifications/service";
import { call, createTestUser, tokenFor, uniqueTag, type Json } from "./helpers/auth";

type Listed = { notifications: Json[]; unread_count: number };

async function adminWithNotifications() {
  const admin = await createTestUser({ role: "admin" });
  const tag = uniqueTag();
  await notifyAdmins({
    type: "contact_message",
    title: "Nuevo mensaje de contacto",
    body: `Visitante ${tag} (visitante.${tag}@example.pe): presupuesto confidencial`,
    link: "/admin/contact-messages?id=1",
  });
  await notifyUser(admin.id, { type: "invoice_issued", title: `Factura propia ${tag}`, link: "/client/invoices/1" });
  return { admin, tag, token: await tokenFor(admin) };
}

const listFor = async (token: string) => (await call(list, "/api/v1/notifications", { bearer: token })).body as unknown as Listed;

describe("demoting an admin", () => {
  it("deletes their admin notifications with the role change; their own stay", async () => {
    const actor = await createTestUser({ role: "admin" });
    const { admin, tag } = await adminWithNotifications();
    const adminOnlyBefore = await db.notification.count({ where: { userId: admin.id, adminOnly: true } });
    expect(adminOnlyBefore).toBeGreaterThan(0);

    const response = await call(adminUserPut, `/api/v1/admin/users/${admin.id}`, {
      method: "PUT",
      body: { name: admin.name, email: admin.email, role: "client" },
      bearer: await tokenFor(actor),
      params: { id: admin.id },
    });
    expect(response.status).toBe(200);
    expect(await db.notification.count({ where: { userId: admin.id, adminOnly: true } })).toBe(0);
    const left = await db.notification.findMany({ where: { userId: admin.id } });
    expect(left.map((n) => n.title)).toEqual([`Factura propia ${tag}`]);

    // Signed in again as a client: the bell shows only their own.
    const listed = await listFor(await tokenFor(admin));
    expect(listed.notifications.map((n) => n.title)).toEqual([`Factura propia ${tag}`]);
    expect(JSON.stringify(listed)).not.toContain(`visitante.${tag}`);
  });
});

describe("reads filter by the reader's current role", () => {
  it("a user whose role changed by any path neither lists, counts nor marks admin notifications", async () => {
    const { admin, tag, token } = await adminWithNotifications();
    const before = await listFor(token);
    expect(before.notifications.some((n) => String(n.body).includes(`visitante.${tag}`))).toBe(true);

    await db.user.update({ where: { id: admin.id }, data: { role: "client" } });
    const after = await listFor(token);
    expect(JSON.stringify(after)).not.toContain(`visitante.${tag}`);
    expect(after.unread_count).toBe(1);

    const hidden = await db.notification.findFirstOrThrow({ where: { userId: admin.id, adminOnly: true } });
    const read = await call(markRead, `/api/v1/notifications/${hidden.id}/read`, { method: "PUT", bearer: token, params: { id: String(hidden.id) } });
    expect(read.status).toBe(404);
    await call(markAll, "/api/v1/notifications/mark-all-read", { method: "PUT", bearer: token });
    expect((await db.notification.findUniqueOrThrow({ where: { id: hidden.id } })).readAt).toBeNull();

    // Promoted again: they are there (the role change through the service would have deleted them).
    await db.user.update({ where: { id: admin.id }, data: { role: "admin" } });
    expect((await listFor(token)).notifications.some((n) => String(n.body).includes(`visitante.${tag}`))).toBe(true);
  });
});
