// Reading a contact message changes nothing: GET /api/v1/admin/contact-messages/{id} (what a
// link on another site, a prefetch or a crawler with an admin's cookie would trigger) leaves
// the status, read_at and the audit log as they were. The inbox screen marks a message read
// through its own server action when the modal opens, and that write is audited once.
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminActor } from "@/lib/auth/actor";
import { openContactMessage } from "@/lib/contact/inbox";
import { db } from "@/lib/db";
import { call, sessionCookieFor, uniqueTag } from "./helpers/auth";
import { adminCall, auditOf, createAdmin, createMessage, routes, type AdminCaller } from "./helpers/contact-inbox";

const { messageRoute } = routes;
type Id = { id: string };

let admin: AdminCaller;
let actor: AdminActor;

beforeAll(async () => {
  admin = await createAdmin();
  actor = { ...admin.user, role: "admin", ipAddress: "203.0.113.50", sessionId: null };
});

const stateOf = (id: number) =>
  db.contactMessage.findUniqueOrThrow({ where: { id }, select: { status: true, readAt: true, updatedAt: true } });

describe("GET /api/v1/admin/contact-messages/{id}", () => {
  it("answers a new message as it is, and writes nothing (status, read_at, updated_at, audit)", async () => {
    const message = await createMessage(uniqueTag());
    const before = await stateOf(message.id);

    const bearer = await adminCall<Id>(admin, messageRoute.GET, `/api/v1/admin/contact-messages/${message.id}`, { params: { id: String(message.id) } });
    expect(bearer.status).toBe(200);
    expect(bearer.body.data).toMatchObject({ id: message.id, status: "new", read_at: null });

    // The same GET with the admin's browser cookie, as a link followed from another site sends it.
    const cookie = await sessionCookieFor(admin.user);
    const viaCookie = await call<Id>(messageRoute.GET, `/api/v1/admin/contact-messages/${message.id}`, { cookie, params: { id: String(message.id) } });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body.data).toMatchObject({ status: "new", read_at: null });

    expect(await stateOf(message.id)).toEqual(before);
    expect(await auditOf("contact_message", message.id)).toHaveLength(0);
  });
});

describe("the modal's mark-read action", () => {
  it("marks a new message read with read_at, once, audited; other statuses are left alone", async () => {
    const message = await createMessage(uniqueTag());
    const opened = await openContactMessage(actor, message.id);
    expect(opened).toMatchObject({ status: "read", read_at: expect.any(String) });
    const stored = await stateOf(message.id);
    expect(stored.status).toBe("read");
    expect(stored.readAt?.toISOString()).toBe(opened.read_at);

    await openContactMessage(actor, message.id);
    expect((await stateOf(message.id)).readAt).toEqual(stored.readAt);
    const audit = await auditOf("contact_message", message.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "contact_message.read",
      actorId: admin.user.id,
      details: { before: { status: "new", read_at: null }, after: { status: "read" } },
    });

    const archived = await createMessage(uniqueTag(), { status: "archived" });
    expect((await openContactMessage(actor, archived.id)).status).toBe("archived");
    expect((await stateOf(archived.id)).readAt).toBeNull();
    expect(await auditOf("contact_message", archived.id)).toHaveLength(0);
  });
});
