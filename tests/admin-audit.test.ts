// Integration tests of the audit trail's reads (GET /api/v1/admin/audit-logs; lib/audit/queries):
// the contract's entry shape, filters by entity, user, record and date range (days in Lima time),
// paging newest first, refusals of bad parameters, and no secrets in any entry.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as list } from "@/app/api/v1/admin/audit-logs/route";
import { recordAudit } from "@/lib/audit/service";
import { listEntityHistory } from "@/lib/audit/queries";
import { db } from "@/lib/db";
import { createTestimonial, updateTestimonial } from "@/lib/testimonials/service";
import type { AdminActor } from "@/lib/auth/actor";
import { call, createTestUser, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";

const ENTRY_KEYS = ["action", "after", "before", "created_at", "entity_id", "entity_type", "id", "ip_address", "user"].sort();

let admin: TestUser;
let token: string;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  token = await tokenFor(admin);
});

const get = (query: string) => call(list, `/api/v1/admin/audit-logs${query}`, { bearer: token });

function actorOf(user: TestUser, ipAddress = "203.0.113.7"): AdminActor {
  return { id: user.id, name: user.name, email: user.email, role: "admin", ipAddress, sessionId: null };
}

/** An entry at a given time, straight in the table (recordAudit always stamps "now"). */
async function entryAt(actorId: string, at: string, entityType = "testimonial", entityId = uniqueTag()) {
  return db.auditLog.create({
    data: { actorId, action: `${entityType}.update`, entityType, entityId, ipAddress: "198.51.100.4", details: { before: { a: 1 }, after: { a: 2 } }, createdAt: new Date(at) },
  });
}

describe("GET /api/v1/admin/audit-logs", () => {
  it("answers the paged shape; each entry says who, what, which record, when, from where, before and after", async () => {
    const actor = await createTestUser({ role: "admin" });
    const created = await createTestimonial(actorOf(actor, "203.0.113.70"), { client_name: `Cliente ${uniqueTag()}`, content: "Bien" });
    await updateTestimonial(actorOf(actor, "203.0.113.71"), created.id, { status: "published" });

    const { status, body } = await get(`?user_id=${actor.id}`);
    expect(status).toBe(200);
    const page = body.data as Json;
    expect(page).toMatchObject({ current_page: 1, per_page: 20, total: 2, last_page: 1, total_capped: false });
    const [newest, oldest] = page.data as Json[];
    expect(Object.keys(newest).sort()).toEqual(ENTRY_KEYS);
    expect(newest).toMatchObject({
      action: "testimonial.update",
      entity_type: "testimonial",
      entity_id: String(created.id),
      user: { id: actor.id, name: actor.name, email: actor.email },
      ip_address: "203.0.113.71",
      before: { status: "draft" },
      after: { status: "published" },
    });
    expect(Object.keys(newest.user as Json).sort()).toEqual(["email", "id", "name"]);
    expect(oldest).toMatchObject({ action: "testimonial.create", before: null, ip_address: "203.0.113.70" });
    expect(new Date(newest.created_at as string).getTime()).toBeGreaterThanOrEqual(new Date(oldest.created_at as string).getTime());
  });

  it("filters by entity, record and user, and pages newest first", async () => {
    const actor = await createTestUser({ role: "admin" });
    const ids: number[] = [];
    for (let minute = 0; minute < 5; minute++) {
      ids.push((await entryAt(actor.id, new Date(Date.now() - (10 - minute) * 60_000).toISOString(), minute % 2 ? "user" : "testimonial")).id);
    }
    const recordId = `registro-${uniqueTag()}`;
    await entryAt(actor.id, new Date().toISOString(), "contact_message", recordId);

    const first = (await get(`?user_id=${actor.id}&per_page=2`)).body.data as Json;
    expect(first).toMatchObject({ current_page: 1, per_page: 2, total: 6, last_page: 3, total_capped: false });
    const third = (await get(`?user_id=${actor.id}&per_page=2&page=3`)).body.data as Json;
    expect((third.data as Json[]).map((entry) => entry.id)).toEqual([ids[1], ids[0]]);

    const users = (await get(`?user_id=${actor.id}&entity=user`)).body.data as Json;
    expect((users.data as Json[]).map((entry) => entry.id)).toEqual([ids[3], ids[1]]);

    const record = (await get(`?entity=contact_message&entity_id=${recordId}`)).body.data as Json;
    expect(record.total).toBe(1);
    expect((record.data as Json[])[0]).toMatchObject({ entity_id: recordId, user: { id: actor.id } });

    const nobody = (await get(`?user_id=nadie${uniqueTag()}`)).body.data as Json;
    expect(nobody).toMatchObject({ total: 0, data: [] });
  });

  it("filters by date range; a day means the whole day in Lima time (UTC−5), both ends inclusive", async () => {
    const actor = await createTestUser({ role: "admin" });
    const before = await entryAt(actor.id, "2020-01-10T04:59:00Z"); // 9 Jan, 23:59 in Lima
    const startOfDay = await entryAt(actor.id, "2020-01-10T05:00:00Z"); // 10 Jan, 00:00 in Lima
    const lateNight = await entryAt(actor.id, "2020-01-11T04:30:00Z"); // 10 Jan, 23:30 in Lima
    const nextDay = await entryAt(actor.id, "2020-01-11T05:00:00Z"); // 11 Jan, 00:00 in Lima

    const ids = async (query: string) => {
      const result = await get(`?user_id=${actor.id}${query}`);
      expect(result.status, query).toBe(200);
      return ((result.body.data as Json).data as Json[]).map((entry) => entry.id);
    };
    expect(await ids("&from=2020-01-10&to=2020-01-10")).toEqual([lateNight.id, startOfDay.id]);
    expect(await ids("&from=2020-01-10")).toEqual([nextDay.id, lateNight.id, startOfDay.id]);
    expect(await ids("&to=2020-01-09")).toEqual([before.id]);
    expect(await ids("&from=2020-01-11T00:00:00-05:00&to=2020-01-11T05:00:00Z")).toEqual([nextDay.id]);
  });

  it("shows a deleted user's entries with user null", async () => {
    const actor = await createTestUser({ role: "admin" });
    const entry = await entryAt(actor.id, new Date().toISOString(), "user", `borrado-${uniqueTag()}`);
    await db.user.delete({ where: { id: actor.id } });
    const result = (await get(`?entity=user&entity_id=${entry.entityId}`)).body.data as Json;
    expect((result.data as Json[])[0]).toMatchObject({ id: entry.id, user: null });
  });

  it.each([
    ["an entity that is not a type name", "?entity=Usuario!"],
    ["a user id with other characters", "?user_id=a%20b"],
    ["an impossible day", "?from=2026-02-31"],
    ["a date in another format", "?from=22/11/2026"],
    ["from after to", "?from=2026-11-22&to=2026-11-01"],
    ["per_page over 100", "?per_page=101"],
    ["page 0", "?page=0"],
    ["an entity_id over 80 characters", `?entity_id=${"x".repeat(81)}`],
  ])("refuses %s with a Spanish 422", async (_label, query) => {
    const result = await get(query);
    expect(result.status).toBe(422);
    expect(typeof result.body.message).toBe("string");
    expect(result.body.errors).toBeDefined();
  });

  it("refuses a client (403)", async () => {
    const client = await createTestUser({ role: "client" });
    expect((await call(list, "/api/v1/admin/audit-logs", { bearer: await tokenFor(client) })).status).toBe(403);
  });

  it("never contains a password, hash or token, whatever the service passed", async () => {
    const actor = await createTestUser({ role: "admin" });
    const entityId = `secreto-${uniqueTag()}`;
    await db.$transaction((tx) =>
      recordAudit(tx, { id: actor.id, ipAddress: "203.0.113.9" }, {
        action: "user.update",
        entityType: "user",
        entityId,
        before: { name: "Ana", passwordHash: "$2b$12$hash-antiguo", role: "client" },
        after: { name: "Ana", passwordHash: "$2b$12$hash-nuevo", password: "clave-secreta-1", api_token: "tok", role: "admin" },
      }),
    );
    const { body, text } = await get(`?entity=user&entity_id=${entityId}`);
    expect((body.data as Json).total).toBe(1);
    expect(((body.data as Json).data as Json[])[0]).toMatchObject({ before: { role: "client" }, after: { role: "admin" } });
    expect(text).not.toMatch(/password|hash|token|clave-secreta|\$2b\$/i);
  });
});

describe("listEntityHistory", () => {
  it("lists one record's own entries, newest first, and nothing of other records", async () => {
    const actor = actorOf(await createTestUser({ role: "admin" }));
    const created = await createTestimonial(actor, { client_name: `Cliente ${uniqueTag()}`, content: "Bien" });
    await updateTestimonial(actor, created.id, { rating: 3 });
    const other = await createTestimonial(actor, { client_name: `Cliente ${uniqueTag()}`, content: "Otro" });

    const history = await listEntityHistory("testimonial", created.id);
    expect(history.map((entry) => entry.action)).toEqual(["testimonial.update", "testimonial.create"]);
    expect(history[0]).toMatchObject({ before: { rating: 5 }, after: { rating: 3 }, user: { id: actor.id } });
    expect(history.some((entry) => entry.entity_id === String(other.id))).toBe(false);
  });
});

describe("audit labels", () => {
  it("names known actions in Spanish, shows unknown ones raw, and links records that have a screen", async () => {
    const { auditActionLabel, auditEntityHref, auditValueText } = await import("@/lib/audit/labels");
    expect(auditActionLabel("contact_message.reply")).toBe("Respondió un mensaje");
    expect(auditActionLabel("user.create")).toBe("Creó un usuario");
    expect(auditActionLabel("algo.raro")).toBe("algo.raro");
    expect(auditEntityHref("contact_message", "12")).toBe("/admin/contact-messages?id=12");
    expect(auditEntityHref("testimonial", "7")).toBe("/admin/testimonials?id=7");
    expect(auditEntityHref("user", "abc")).toBe("/admin/users?id=abc");
    expect(auditEntityHref("contact_note", "3", { message_id: 12 })).toBe("/admin/contact-messages?id=12");
    expect(auditEntityHref("contact_note", "3")).toBeNull();
    expect(auditEntityHref("desconocido", "1")).toBeNull();
    expect(auditValueText(true)).toBe("Sí");
    expect(auditValueText(null)).toBe("—");
  });
});
