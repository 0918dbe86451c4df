// Integration tests of the admin subscription API on real PostgreSQL: GET|POST
// /api/v1/admin/subscriptions and GET|PUT …/subscriptions/{id}. Amounts as decimal strings with
// their currency, nothing stored on a rejection, audit entries and client notifications.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getSubscription, PUT as putSubscription } from "@/app/api/v1/admin/subscriptions/[id]/route";
import { GET as listSubscriptions } from "@/app/api/v1/admin/subscriptions/route";
import { addDays } from "@/lib/dates";
import { db } from "@/lib/db";
import { call, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { billingAdminCalls, createBillingActors, today } from "./helpers/billing-admin";

let token: string;
let clientToken: string;
/** A client with no billing profile. */
let person: TestUser;
/** The catalogue service the subscriptions are for. */
let catalogItemId: number;

beforeAll(async () => {
  ({ token, clientToken, person } = await createBillingActors());
  const tag = uniqueTag();
  catalogItemId = (
    await db.catalogItem.create({ data: { kind: "service", name: `Soporte ${tag}`, slug: `soporte-${tag}`, description: "Soporte mensual." } })
  ).id;
});

const { subscribe } = billingAdminCalls(() => ({ token }));

describe("subscriptions", () => {
  const subscriptionBody = (overrides: Json = {}) => ({
    user_id: person.id,
    catalog_item_id: catalogItemId,
    plan_name: "Soporte Plus",
    amount: "149.90",
    currency: "USD",
    billing_period: "monthly",
    next_billing_date: addDays(today, 10),
    ...overrides,
  });

  it("creates (201), shows, lists, updates and audits a subscription; the client is told", async () => {
    const { status, body } = await subscribe(subscriptionBody());
    expect(status).toBe(201);
    const created = body.data as Json;
    expect(created).toMatchObject({
      plan_name: "Soporte Plus",
      amount: "149.90",
      currency: "USD",
      billing_period: "monthly",
      status: "active",
      next_billing_date: addDays(today, 10),
      cancel_requested_at: null,
      user: { id: person.id },
      catalog_item: { id: catalogItemId, kind: "service" },
    });
    const id = created.id as number;
    expect(await db.notification.count({ where: { userId: person.id, type: "subscription_created" } })).toBeGreaterThan(0);

    const shown = await call(getSubscription, `/api/v1/admin/subscriptions/${id}`, { bearer: token, params: { id: String(id) } });
    expect(shown.body.data).toMatchObject({ id, amount: "149.90" });
    expect((await call(getSubscription, "/api/v1/admin/subscriptions/999999999", { bearer: token, params: { id: "999999999" } })).status).toBe(404);

    const listed = await call(listSubscriptions, `/api/v1/admin/subscriptions?page=1&user_id=${person.id}&status=active&q=soporte%20plus`, { bearer: token });
    expect(((listed.body.data as Json).data as Json[]).map((row) => row.id)).toContain(id);
    const unpaged = await call(listSubscriptions, `/api/v1/admin/subscriptions?q=${encodeURIComponent(person.email)}`, { bearer: token });
    expect(Array.isArray(unpaged.body.data)).toBe(true);

    const updated = await call(putSubscription, `/api/v1/admin/subscriptions/${id}`, {
      method: "PUT",
      body: { amount: "199.00", billing_period: "yearly" },
      bearer: token,
      params: { id: String(id) },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ amount: "199.00", billing_period: "yearly", plan_name: "Soporte Plus" });

    const cancelled = await call(putSubscription, `/api/v1/admin/subscriptions/${id}`, { method: "PUT", body: { status: "cancelled" }, bearer: token, params: { id: String(id) } });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", next_billing_date: null });

    const actions = (await db.auditLog.findMany({ where: { entityType: "subscription", entityId: String(id) }, orderBy: { id: "asc" } })).map((entry) => entry.action);
    expect(actions).toEqual(["subscription.create", "subscription.update", "subscription.update"]);
  });

  it.each([
    ["an unknown currency", { currency: "GBP" }, "currency"],
    ["an unknown period", { billing_period: "weekly" }, "billing_period"],
    ["a zero amount", { amount: "0.00" }, "amount"],
    ["a blank plan", { plan_name: " " }, "plan_name"],
    ["an impossible date", { next_billing_date: "2026-13-01" }, "next_billing_date"],
    ["an unknown catalogue item", { catalog_item_id: 2_000_000_000 }, "catalog_item_id"],
    ["an unknown client", { user_id: "nadie" }, "user_id"],
  ])("refuses %s with 422, storing nothing", async (_label, overrides, field) => {
    const before = await db.subscription.count({ where: { userId: person.id } });
    const { status, body } = await subscribe(subscriptionBody(overrides));
    expect(status).toBe(422);
    expect(Object.keys(body.errors as Json)).toContain(field);
    expect(await db.subscription.count({ where: { userId: person.id } })).toBe(before);
  });

  it("answers 403 to a client and 404 to PUT on an unknown id", async () => {
    expect((await subscribe(subscriptionBody(), clientToken)).status).toBe(403);
    const missing = await call(putSubscription, "/api/v1/admin/subscriptions/2000000000", { method: "PUT", body: { amount: "1.00" }, bearer: token, params: { id: "2000000000" } });
    expect(missing.status).toBe(404);
  });
});
