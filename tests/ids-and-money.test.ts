// Money and ids that used to reach the database as something else: a line that rounds to
// 0.00 (a check constraint answered 500), an id written "1e2" or "0x10" or `true` (coerced to
// another record: a payment landed on invoice 100), a payment dated 1900-01-01 (it skewed the
// revenue charts). Each gets a 422 naming its field, with a Spanish message, and nothing is stored.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postInvoice } from "@/app/api/v1/admin/invoices/route";
import { GET as listPayments, POST as postPayment } from "@/app/api/v1/admin/payments/route";
import { POST as postSubscription } from "@/app/api/v1/admin/subscriptions/route";
import { GET as listTestimonials } from "@/app/api/v1/testimonials/route";
import { httpErrorFor } from "@/lib/http/errors";
import { idSchema } from "@/lib/ids";
import { addDays, businessDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { call, createTestUser, tokenFor, uniqueTag, type Json, type TestUser } from "./helpers/auth";

let admin: TestUser;
let token: string;
let customer: TestUser;
let invoiceId: number;
let catalogItemId: number;

const today = businessDate();

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  token = await tokenFor(admin);
  customer = await createTestUser({ role: "client" });
  const tag = uniqueTag();
  catalogItemId = (await db.catalogItem.create({ data: { kind: "service", name: `Soporte ${tag}`, slug: `soporte-${tag}`, description: "Soporte." } })).id;
  const issued = await call(postInvoice, "/api/v1/admin/invoices", {
    method: "POST",
    bearer: token,
    body: { user_id: customer.id, due_date: addDays(today, 15), lines: [{ description: "Consultoría", quantity: "1", unit_price: "100.00" }] },
  });
  expect(issued.status).toBe(201);
  invoiceId = (issued.body.data as Json).id as number;
  // The issue date in the past, so a payment before it can be told from one "in the future".
  await db.invoice.update({ where: { id: invoiceId }, data: { issuedAt: new Date(`${addDays(today, -10)}T00:00:00.000Z`) } });
});

const errorsOf = (body: Json) => (body.errors ?? {}) as Record<string, string[]>;
const invoicesOf = (userId: string) => db.invoice.count({ where: { userId } });
const paymentsOf = (id: number) => db.payment.count({ where: { invoiceId: id } });

describe("an invoice line whose total rounds to 0.00", () => {
  it.each([
    ["0.01 × 0.01", [{ description: "Redondeo", quantity: "0.01", unit_price: "0.01" }], "lines.0"],
    ["0.01 × 0.49 as the third line", [
      { description: "Uno", quantity: "1", unit_price: "10.00" },
      { description: "Dos", quantity: "2", unit_price: "5.00" },
      { description: "Casi nada", quantity: "0.01", unit_price: "0.49" },
    ], "lines.2"],
  ])("%s: 422 on that line, nothing stored", async (_label, lines, field) => {
    const before = await invoicesOf(customer.id);
    const { status, body } = await call(postInvoice, "/api/v1/admin/invoices", {
      method: "POST",
      bearer: token,
      body: { user_id: customer.id, due_date: addDays(today, 15), lines },
    });
    expect(status).toBe(422);
    const fields = Object.keys(errorsOf(body));
    expect(fields.some((name) => name.startsWith(`${field}.`))).toBe(true);
    expect(String(body.message)).toMatch(/[áéíóúñ]|Revisa/);
    expect(await invoicesOf(customer.id)).toBe(before);
  });
});

describe("a check constraint the database enforces", () => {
  it("maps to 422 with a Spanish message (the net behind the schemas)", async () => {
    const tag = uniqueTag();
    const error = await db.testimonial
      .create({ data: { clientName: `Cliente ${tag}`, content: "Muy bien.", rating: 9 } })
      .then(() => null, (caught: unknown) => caught);
    expect(error).not.toBeNull();
    const mapped = httpErrorFor(error);
    expect(mapped?.status).toBe(422);
    expect(mapped?.message).toMatch(/no es válido|no son válidos|fuera de rango/);
    expect(await db.testimonial.count({ where: { clientName: `Cliente ${tag}` } })).toBe(0);
  });
});

describe("ids are integers written in digits", () => {
  const hostile = (id: number): [string, unknown][] => [
    ["exponent", `${id}e0`],
    ["exponent 1e2", "1e2"],
    ["hexadecimal", `0x${id.toString(16)}`],
    ["true", true],
    ["false", false],
    ["decimal", id + 0.5],
    ["decimal string", `${id}.0`],
    ["negative", -id],
    ["empty string", ""],
    ["blank", "  "],
    ["array", [id]],
    ["object", { id }],
    ["too large", 2 ** 31],
    ["unsafe number", 2 ** 53 + 2],
    ["signed string", `+${id}`],
  ];

  it("a payment's invoice_id: 422 on invoice_id for each hostile shape, and no payment recorded", async () => {
    for (const [label, value] of hostile(invoiceId)) {
      const before = await paymentsOf(invoiceId);
      const { status, body } = await call(postPayment, "/api/v1/admin/payments", {
        method: "POST",
        bearer: token,
        body: { invoice_id: value, amount: "1.00", method: "yape" },
      });
      expect([label, status]).toEqual([label, 422]);
      expect([label, Object.keys(errorsOf(body))]).toEqual([label, ["invoice_id"]]);
      expect(await paymentsOf(invoiceId)).toBe(before);
    }
  });

  it("the same id in digits (string or JSON number) still pays its invoice", async () => {
    const before = await paymentsOf(invoiceId);
    for (const value of [String(invoiceId), invoiceId]) {
      const { status } = await call(postPayment, "/api/v1/admin/payments", {
        method: "POST",
        bearer: token,
        body: { invoice_id: value, amount: "1.00", method: "yape" },
      });
      expect(status).toBe(201);
    }
    expect(await paymentsOf(invoiceId)).toBe(before + 2);
  });

  it("a subscription's catalog_item_id: 422 for each hostile shape, nothing stored", async () => {
    const next = addDays(today, 5);
    for (const [label, value] of hostile(catalogItemId)) {
      const before = await db.subscription.count({ where: { userId: customer.id } });
      const { status, body } = await call(postSubscription, "/api/v1/admin/subscriptions", {
        method: "POST",
        bearer: token,
        body: { user_id: customer.id, plan_name: "Soporte", amount: "10.00", next_billing_date: next, catalog_item_id: value },
      });
      // "" and blanks mean "no item" for an optional id a form's select sends empty.
      if (label === "empty string" || label === "blank") {
        expect([label, status]).toEqual([label, 201]);
        continue;
      }
      expect([label, status]).toEqual([label, 422]);
      expect([label, Object.keys(errorsOf(body))]).toEqual([label, ["catalog_item_id"]]);
      expect(await db.subscription.count({ where: { userId: customer.id } })).toBe(before);
    }
  });

  it("ids in queries: 422 for 1e2, 0x10, 1.5, -1, true", async () => {
    for (const value of ["1e2", "0x10", "1.5", "-1", "true", "+1"]) {
      const payments = await call(listPayments, `/api/v1/admin/payments?invoice_id=${encodeURIComponent(value)}`, { bearer: token });
      expect([value, payments.status]).toEqual([value, 422]);
      const testimonials = await call(listTestimonials, `/api/v1/testimonials?sector_id=${encodeURIComponent(value)}`);
      expect([value, testimonials.status]).toEqual([value, 422]);
    }
  });

  it("the one id schema: digits or a safe positive integer, up to 2^31-1", () => {
    for (const good of [1, "1", "2147483647", 2_147_483_647, " 42 "]) expect(idSchema("x").safeParse(good).success).toBe(true);
    for (const bad of ["1e2", "0x10", "1.5", 1.5, "-1", -1, 0, "0", "", true, null, undefined, [], {}, 2 ** 31, "2147483648", Number.NaN, Infinity, "١٢"]) {
      expect([bad, idSchema("x").safeParse(bad).success]).toEqual([bad, false]);
    }
  });
});

describe("a payment's date", () => {
  it("before its invoice's issue date: 422 on paid_at, nothing recorded", async () => {
    for (const paidAt of ["1900-01-01", addDays(today, -11)]) {
      const before = await paymentsOf(invoiceId);
      const { status, body } = await call(postPayment, "/api/v1/admin/payments", {
        method: "POST",
        bearer: token,
        body: { invoice_id: invoiceId, amount: "1.00", method: "yape", paid_at: paidAt },
      });
      expect([paidAt, status]).toEqual([paidAt, 422]);
      expect(Object.keys(errorsOf(body))).toEqual(["paid_at"]);
      expect(errorsOf(body).paid_at[0]).toMatch(/emisión/);
      expect(await paymentsOf(invoiceId)).toBe(before);
    }
  });

  it("in the future: 422 on paid_at; on the issue date itself: recorded", async () => {
    const future = await call(postPayment, "/api/v1/admin/payments", {
      method: "POST",
      bearer: token,
      body: { invoice_id: invoiceId, amount: "1.00", method: "yape", paid_at: addDays(today, 1) },
    });
    expect(future.status).toBe(422);
    expect(Object.keys(errorsOf(future.body))).toEqual(["paid_at"]);
    const onIssue = await call(postPayment, "/api/v1/admin/payments", {
      method: "POST",
      bearer: token,
      body: { invoice_id: invoiceId, amount: "1.00", method: "yape", paid_at: addDays(today, -10) },
    });
    expect(onIssue.status).toBe(201);
  });
});
