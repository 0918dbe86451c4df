// The billing run (lib/billing/run.ts): issues each due period's invoice exactly once, moves the
// date on, honours cancellation requests and one-time plans, and two runs at once never issue
// anything twice. Runs are scoped to this file's clients (userIds).
import { beforeAll, describe, expect, it } from "vitest";
import { nextPeriodStart } from "@/lib/dates";
import { runBilling } from "@/lib/billing/run";
import { db } from "@/lib/db";
import { createTestUser, uniqueTag, type TestUser } from "./helpers/auth";

let client: TestUser;

beforeAll(async () => {
  client = await createTestUser({ role: "client" });
  await db.user.update({ where: { id: client.id }, data: { billingName: "Comercial Andina S.A.C.", taxId: "20551234569" } });
});

async function subscription(data: { nextBillingDate: string; billingPeriod?: "monthly" | "yearly" | "one_time"; amount?: string; userId?: string; cancelRequested?: boolean }) {
  return db.subscription.create({
    data: {
      userId: data.userId ?? client.id,
      planName: `Plan ${uniqueTag()}`,
      amount: data.amount ?? "149.00",
      currency: "PEN",
      billingPeriod: data.billingPeriod ?? "monthly",
      status: "active",
      nextBillingDate: new Date(`${data.nextBillingDate}T00:00:00Z`),
      cancelRequestedAt: data.cancelRequested ? new Date() : null,
      cancelReason: data.cancelRequested ? "Cerramos la sucursal." : null,
    },
  });
}

const invoicesOf = (subscriptionId: number) =>
  db.invoice.findMany({ where: { subscriptionId }, orderBy: { periodStart: "asc" }, include: { lines: true } });

describe("nextPeriodStart", () => {
  it("moves a month or a year on, keeping month ends at month ends", () => {
    expect(nextPeriodStart("2027-01-15", "monthly")).toBe("2027-02-15");
    expect(nextPeriodStart("2027-01-31", "monthly")).toBe("2027-02-28");
    expect(nextPeriodStart("2027-02-28", "monthly")).toBe("2027-03-31");
    expect(nextPeriodStart("2028-02-29", "yearly")).toBe("2029-02-28");
    expect(nextPeriodStart("2027-05-10", "one_time")).toBeNull();
  });
});

describe("runBilling", () => {
  it("invoices every due period once with IGV on top of the plan price, then moves the date past today", async () => {
    const sub = await subscription({ nextBillingDate: "2027-01-10" });
    const result = await runBilling({ today: "2027-03-15", userIds: [client.id] });
    expect(result.failed).toBe(0);
    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((invoice) => invoice.periodStart!.toISOString().slice(0, 10))).toEqual(["2027-01-10", "2027-02-10", "2027-03-10"]);
    for (const invoice of invoices) {
      expect(invoice.series).toBe("F001");
      expect(invoice.invoiceNumber).toBe(`F001-${String(invoice.sequence).padStart(8, "0")}`);
      expect(invoice.subtotal.toFixed(2)).toBe("149.00");
      expect(invoice.taxAmount.toFixed(2)).toBe("26.82");
      expect(invoice.amount.toFixed(2)).toBe("175.82");
      expect(invoice.customerName).toBe("Comercial Andina S.A.C.");
      expect(invoice.customerTaxId).toBe("20551234569");
      expect(invoice.issuedAt.toISOString().slice(0, 10)).toBe("2027-03-15");
      expect(invoice.dueDate!.toISOString().slice(0, 10)).toBe("2027-03-30");
      expect(invoice.lines).toHaveLength(1);
      expect(invoice.lines[0].unitPrice.toFixed(2)).toBe("149.00");
    }
    const after = await db.subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(after.nextBillingDate!.toISOString().slice(0, 10)).toBe("2027-04-10");
    expect(after.status).toBe("active");

    const notifications = await db.notification.count({ where: { userId: client.id, type: "invoice_issued", link: { in: invoices.map((i) => `/client/invoices/${i.id}`) } } });
    expect(notifications).toBe(3);

    // Running again the same day issues nothing.
    const again = await runBilling({ today: "2027-03-15", userIds: [client.id] });
    expect(again.invoiced).toBe(0);
    expect(await db.invoice.count({ where: { subscriptionId: sub.id } })).toBe(3);
  });

  it("two runs at once issue each due period exactly once, each with its own number", async () => {
    const other = await createTestUser({ role: "client" });
    await db.user.update({ where: { id: other.id }, data: { taxId: "20551234569" } });
    const subs = await Promise.all(Array.from({ length: 6 }, () => subscription({ nextBillingDate: "2027-06-01", userId: other.id })));
    const [a, b] = await Promise.all([
      runBilling({ today: "2027-06-01", userIds: [other.id] }),
      runBilling({ today: "2027-06-01", userIds: [other.id] }),
    ]);
    expect(a.failed + b.failed).toBe(0);
    expect(a.invoiced + b.invoiced).toBe(6);
    for (const sub of subs) expect(await db.invoice.count({ where: { subscriptionId: sub.id } })).toBe(1);
    const numbers = [...a.invoiceNumbers, ...b.invoiceNumbers];
    expect(new Set(numbers).size).toBe(6);
  });

  it("cancels instead of invoicing when the client asked to cancel at the end of the period", async () => {
    const sub = await subscription({ nextBillingDate: "2027-02-01", cancelRequested: true });
    await runBilling({ today: "2027-02-01", userIds: [client.id] });
    const after = await db.subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(after.status).toBe("cancelled");
    expect(after.nextBillingDate).toBeNull();
    expect(after.cancelledAt).not.toBeNull();
    expect(await db.invoice.count({ where: { subscriptionId: sub.id } })).toBe(0);
    const audit = await db.auditLog.findFirst({ where: { entityType: "subscription", entityId: String(sub.id), action: "subscription.cancel" } });
    expect(audit?.actorId).toBeNull();
  });

  it("invoices a one-time plan once and ends it; a future date is left alone", async () => {
    const once = await subscription({ nextBillingDate: "2027-02-01", billingPeriod: "one_time", amount: "33.33" });
    const future = await subscription({ nextBillingDate: "2099-01-01" });
    await runBilling({ today: "2027-02-01", userIds: [client.id] });
    const [invoice] = await invoicesOf(once.id);
    expect(invoice.amount.toFixed(2)).toBe("39.33");
    expect((await db.subscription.findUniqueOrThrow({ where: { id: once.id } })).status).toBe("expired");
    expect(await db.invoice.count({ where: { subscriptionId: future.id } })).toBe(0);
  });

  it("a client with a DNI gets boletas (series B001)", async () => {
    const person = await createTestUser({ role: "client" });
    await db.user.update({ where: { id: person.id }, data: { taxId: "45678912" } });
    const sub = await subscription({ nextBillingDate: "2027-02-01", userId: person.id });
    await runBilling({ today: "2027-02-01", userIds: [person.id] });
    const [invoice] = await invoicesOf(sub.id);
    expect(invoice.series).toBe("B001");
    expect(invoice.customerTaxId).toBe("45678912");
  });
});
