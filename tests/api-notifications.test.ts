// Integration tests of the notifications API (GET /v1/notifications, PUT
// /notifications/{id}/read, PUT /notifications/mark-all-read): each caller sees and changes only
// their own notifications, under /api/v1 and under the same paths without /v1.
import { beforeEach, describe, expect, it } from "vitest";
import { PUT as aliasMarkAll } from "@/app/api/notifications/mark-all-read/route";
import { PUT as aliasMarkRead } from "@/app/api/notifications/[id]/read/route";
import { PUT as markAll } from "@/app/api/v1/notifications/mark-all-read/route";
import { PUT as markRead } from "@/app/api/v1/notifications/[id]/read/route";
import { GET as list } from "@/app/api/v1/notifications/route";
import { db } from "@/lib/db";
import { notifyAdmins } from "@/lib/notifications/service";
import { call, createTestUser, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";

const NOT_FOUND = "Notificación no encontrada";
const NOTIFICATION_KEYS = ["body", "created_at", "id", "link", "read_at", "title", "type"];

type Caller = { user: TestUser; token: string };

async function newCaller(role: "client" | "admin" = "client"): Promise<Caller> {
  const user = await createTestUser({ role });
  return { user, token: await tokenFor(user) };
}

/** Creates `count` unread notifications for the user, one minute apart (the last is newest). */
async function seedNotifications(userId: string, count: number, label = "Aviso") {
  const start = Date.now() - count * 60_000;
  for (let i = 0; i < count; i++) {
    await db.notification.create({
      data: {
        userId,
        type: "test",
        title: `${label} ${i + 1}`,
        body: i % 2 ? `Detalle ${i + 1}` : null,
        link: i % 2 ? "/client/dashboard" : null,
        createdAt: new Date(start + i * 60_000),
      },
    });
  }
  return db.notification.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

const getList = (caller: Caller) => call(list, "/api/v1/notifications", { bearer: caller.token });
const putRead = (caller: Caller, id: string, handler = markRead) =>
  call(handler, `/api/v1/notifications/${id}/read`, { method: "PUT", bearer: caller.token, params: { id } });

let alice: Caller;
let bruno: Caller;

beforeEach(async () => {
  [alice, bruno] = await Promise.all([newCaller(), newCaller()]);
});

describe("GET /api/v1/notifications", () => {
  it("lists only the caller's notifications, newest first, with the real unread count", async () => {
    const mine = await seedNotifications(alice.user.id, 4, "Alicia");
    await seedNotifications(bruno.user.id, 3, "Bruno");
    await db.notification.update({ where: { id: mine[3].id }, data: { readAt: new Date() } });

    const { status, body } = await getList(alice);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["notifications", "unread_count"]);
    const notifications = body.notifications as Json[];
    expect(notifications.map((n) => n.id)).toEqual(mine.map((n) => n.id));
    expect(body.unread_count).toBe(await db.notification.count({ where: { userId: alice.user.id, readAt: null } }));
    expect(body.unread_count).toBe(3);
    for (const notification of notifications) {
      expect(Object.keys(notification).sort()).toEqual(NOTIFICATION_KEYS);
      expect(notification.title).toMatch(/^Alicia/);
    }
    const row = mine[2];
    expect(notifications[2]).toEqual({
      id: row.id,
      type: row.type,
      title: row.title,
      body: row.body,
      link: row.link,
      read_at: null,
      created_at: row.createdAt.toISOString(),
    });
    expect(notifications[3].read_at).toEqual(expect.any(String));
  });

  it("shows at most 50, while unread_count counts them all", async () => {
    const rows = await seedNotifications(alice.user.id, 55);
    const { body } = await getList(alice);
    const notifications = body.notifications as Json[];
    expect(notifications).toHaveLength(50);
    expect(notifications.map((n) => n.id)).toEqual(rows.slice(0, 50).map((n) => n.id));
    expect(body.unread_count).toBe(55);
  });

  it("answers an empty list to a user without notifications", async () => {
    const { status, body } = await getList(alice);
    expect(status).toBe(200);
    expect(body).toEqual({ notifications: [], unread_count: 0 });
  });

  it("shows admins what notifyAdmins announced, and not to clients", async () => {
    const admin = await newCaller("admin");
    const title = `Nuevo mensaje de contacto ${uniqueTag()}`;
    await notifyAdmins({ type: "contact_message", title, link: "/admin/contact-messages" });
    const adminList = (await getList(admin)).body.notifications as Json[];
    expect(adminList.map((n) => n.title)).toContain(title);
    const clientList = (await getList(alice)).body.notifications as Json[];
    expect(clientList.map((n) => n.title)).not.toContain(title);
  });
});

describe("PUT /api/v1/notifications/{id}/read", () => {
  it("marks the caller's notification as read, keeps the first read time and lowers the unread count", async () => {
    const [newest] = await seedNotifications(alice.user.id, 3);
    const first = await putRead(alice, String(newest.id));
    expect(first.status).toBe(200);
    const data = first.body.data as Json;
    expect(Object.keys(data).sort()).toEqual(NOTIFICATION_KEYS);
    expect(data.id).toBe(newest.id);
    const stored = await db.notification.findUniqueOrThrow({ where: { id: newest.id } });
    expect(stored.readAt).not.toBeNull();
    expect(data.read_at).toBe(stored.readAt!.toISOString());

    const again = await putRead(alice, String(newest.id));
    expect(again.status).toBe(200);
    expect((again.body.data as Json).read_at).toBe(data.read_at);
    expect((await getList(alice)).body.unread_count).toBe(2);
  });

  it("answers 404 for another user's notification, which stays unread", async () => {
    const [theirs] = await seedNotifications(bruno.user.id, 1);
    for (const handler of [markRead, aliasMarkRead]) {
      const { status, body } = await putRead(alice, String(theirs.id), handler);
      expect(status).toBe(404);
      expect(body).toEqual({ message: NOT_FOUND });
    }
    expect((await db.notification.findUniqueOrThrow({ where: { id: theirs.id } })).readAt).toBeNull();
    expect((await getList(bruno)).body.unread_count).toBe(1);
  });

  it("answers 404 for ids that do not exist or are not numbers", async () => {
    const last = await db.notification.aggregate({ _max: { id: true } });
    for (const id of [String((last._max.id ?? 0) + 100000), "abc", "1.5", "-1", "0x10", "99999999999999999999", "1 OR 1=1"]) {
      const { status, body } = await putRead(alice, id);
      expect(status, id).toBe(404);
      expect(body).toEqual({ message: NOT_FOUND });
    }
  });

  it("works the same under the path without /v1, /api/notifications/{id}/read", async () => {
    const [newest] = await seedNotifications(alice.user.id, 2);
    const { status, body } = await call(aliasMarkRead, `/api/notifications/${newest.id}/read`, {
      method: "PUT",
      bearer: alice.token,
      params: { id: String(newest.id) },
    });
    expect(status).toBe(200);
    expect((body.data as Json).id).toBe(newest.id);
    expect((await db.notification.findUniqueOrThrow({ where: { id: newest.id } })).readAt).not.toBeNull();
  });
});

describe("PUT /api/v1/notifications/mark-all-read", () => {
  for (const [label, handler, path] of [
    ["/api/v1", markAll, "/api/v1/notifications/mark-all-read"],
    ["/api (the path without /v1)", aliasMarkAll, "/api/notifications/mark-all-read"],
  ] as const) {
    it(`${label}: marks all of the caller's notifications as read and nobody else's`, async () => {
      await seedNotifications(alice.user.id, 3);
      await seedNotifications(bruno.user.id, 2);
      const { status, body } = await call(handler, path, { method: "PUT", bearer: alice.token });
      expect(status).toBe(200);
      expect(body.unread_count).toBe(0);
      expect(typeof body.message).toBe("string");
      expect(await db.notification.count({ where: { userId: alice.user.id, readAt: null } })).toBe(0);
      expect(await db.notification.count({ where: { userId: bruno.user.id, readAt: null } })).toBe(2);
      expect((await getList(alice)).body.unread_count).toBe(0);
    });
  }
});

describe("without credentials", () => {
  it("every notifications endpoint answers 401 and changes nothing", async () => {
    const [row] = await seedNotifications(alice.user.id, 1);
    const answers = [
      await call(list, "/api/v1/notifications"),
      await call(markRead, `/api/v1/notifications/${row.id}/read`, { method: "PUT", params: { id: String(row.id) } }),
      await call(aliasMarkRead, `/api/notifications/${row.id}/read`, { method: "PUT", params: { id: String(row.id) } }),
      await call(markAll, "/api/v1/notifications/mark-all-read", { method: "PUT" }),
      await call(aliasMarkAll, "/api/notifications/mark-all-read", { method: "PUT" }),
      await call(list, "/api/v1/notifications", { bearer: "1|forjado" }),
    ];
    for (const { status, body } of answers) {
      expect(status).toBe(401);
      expect(typeof body.message).toBe("string");
    }
    expect((await db.notification.findUniqueOrThrow({ where: { id: row.id } })).readAt).toBeNull();
  });
});
