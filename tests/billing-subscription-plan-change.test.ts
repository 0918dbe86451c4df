// Subscriptions take the catalogue price, and a plan change takes effect at the next period:
// editing an active subscription's plan and amount (as the admin form fills them from another
// catalogue item) never touches the invoices already issued; the next invoice the billing run
// issues uses the new plan and amount. Runs are scoped to this file's client (userIds).
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as putSubscription } from "@/app/api/v1/admin/subscriptions/[id]/route";
import { runBilling } from "@/lib/billing/run";
import { nextPeriodStart } from "@/lib/dates";
import { db } from "@/lib/db";
import { call, createTestUser, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { billingAdminCalls, createBillingActors, today } from "./helpers/billing-admin";

let token: string;
let client: TestUser;

beforeAll(async () => {
  ({ token } = await createBillingActors());
  client = await createTestUser({ role: "client" });
  await db.user.update({ where: { id: client.id }, data: { billingName: "Comercial Andina S.A.C.", taxId: "20551234569" } });
});

const { subscribe } = billingAdminCalls(() => ({ token }));

async function catalogItem(name: string, priceFrom: string) {
  const tag = uniqueTag();
  // A slug as the catalogue form accepts it (lowercase ASCII): the public pages list this item meanwhile.
  const slug = name.normalize("NFD").replace(/[^A-Za-z0-9 ]/g, "").toLowerCase().replace(/\s+/g, "-");
  return db.catalogItem.create({
    data: { kind: "service", name: `${name} ${tag}`, slug: `${slug}-${tag}`, description: "Plan de soporte.", priceFrom, currency: "PEN", billingPeriod: "monthly" },
  });
}

const invoicesOf = (subscriptionId: number) =>
  db.invoice.findMany({ where: { subscriptionId }, orderBy: { id: "asc" }, include: { lines: { orderBy: { position: "asc" } } } });

describe("a plan change on an active subscription", () => {
  it("leaves the issued invoice as it was and bills the next period at the new plan and amount", async () => {
    const basic = await catalogItem("Soporte Básico", "149.00");
    const pro = await catalogItem("Soporte Pro", "249.00");

    // "Nueva suscripción" with the basic plan, as choosing it fills the form.
    const created = await subscribe({
      user_id: client.id,
      catalog_item_id: basic.id,
      plan_name: basic.name,
      amount: basic.priceFrom!.toFixed(2),
      currency: basic.currency,
      billing_period: basic.billingPeriod,
      next_billing_date: today,
    });
    expect(created.status).toBe(201);
    const subscriptionId = (created.body.data as Json).id as number;

    const first = await runBilling({ today, userIds: [client.id] });
    expect(first.invoiced).toBe(1);
    const [issued] = await invoicesOf(subscriptionId);
    expect(issued.subtotal.toFixed(2)).toBe("149.00");
    expect(issued.amount.toFixed(2)).toBe("175.82");
    expect(issued.lines[0].description).toContain(basic.name);
    const issuedBefore = JSON.stringify(issued);

    // "Editar": the pro plan chosen from the catalogue fills plan and amount.
    const edited = await call(putSubscription, `/api/v1/admin/subscriptions/${subscriptionId}`, {
      method: "PUT",
      bearer: token,
      params: { id: String(subscriptionId) },
      body: { catalog_item_id: String(pro.id), plan_name: pro.name, amount: pro.priceFrom!.toFixed(2), currency: "PEN", billing_period: "monthly" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ plan_name: pro.name, amount: "249.00", catalog_item: { id: pro.id }, next_billing_date: nextPeriodStart(today, "monthly") });

    // The edit issued nothing and changed nothing already issued.
    const afterEdit = await invoicesOf(subscriptionId);
    expect(afterEdit).toHaveLength(1);
    expect(JSON.stringify(afterEdit[0])).toBe(issuedBefore);

    // The next period: the billing run bills the new plan.
    const second = await runBilling({ today: nextPeriodStart(today, "monthly")!, userIds: [client.id] });
    expect(second.invoiced).toBe(1);
    const [old, next] = await invoicesOf(subscriptionId);
    expect(JSON.stringify(old)).toBe(issuedBefore);
    expect(next.subtotal.toFixed(2)).toBe("249.00");
    expect(next.taxAmount.toFixed(2)).toBe("44.82");
    expect(next.amount.toFixed(2)).toBe("293.82");
    expect(next.lines).toHaveLength(1);
    expect(next.lines[0].unitPrice.toFixed(2)).toBe("249.00");
    expect(next.lines[0].description).toContain(pro.name);
    expect(next.description).toContain(pro.name);
    expect(next.periodStart!.toISOString().slice(0, 10)).toBe(nextPeriodStart(today, "monthly"));

    await db.subscription.update({ where: { id: subscriptionId }, data: { status: "cancelled", nextBillingDate: null } });
  });
});
