// The admin billing API as its integration tests call it (tests/billing-*-api.test.ts,
// tests/billing-exports-and-rules.test.ts): the people each file creates for itself, a valid
// invoice body, and the write routes called with the file's admin token unless told otherwise.
import { expect } from "vitest";
import { GET as getInvoice, PUT as putInvoice } from "@/app/api/v1/admin/invoices/[id]/route";
import { POST as postInvoice } from "@/app/api/v1/admin/invoices/route";
import { POST as postPayment } from "@/app/api/v1/admin/payments/route";
import { POST as postSubscription } from "@/app/api/v1/admin/subscriptions/route";
import { addDays, businessDate } from "@/lib/dates";
import { db } from "@/lib/db";
import { call, createTestUser, tokenFor, uniqueTag, type Json, type TestUser } from "./auth";

export const today = businessDate();
export const inTwoWeeks = addDays(today, 15);

export type BillingActors = {
  admin: TestUser;
  /** The admin's bearer token. */
  token: string;
  /** A client's bearer token (for the 403s). */
  clientToken: string;
  /** A client with a RUC (factura, F001). */
  company: TestUser;
  /** A client with no billing profile (boleta, B001). */
  person: TestUser;
};

/** An admin, a client, and two customers to invoice: one file's own, so files never share them. */
export async function createBillingActors(): Promise<BillingActors> {
  const admin = await createTestUser({ role: "admin" });
  const token = await tokenFor(admin);
  const clientToken = await tokenFor(await createTestUser({ role: "client" }));
  const company = await createTestUser({ role: "client", name: `Empresa ${uniqueTag()}` });
  await db.user.update({ where: { id: company.id }, data: { billingName: "Andina Tech S.A.C.", taxId: "20131312955" } });
  const person = await createTestUser({ role: "client", name: `Persona ${uniqueTag()}` });
  return { admin, token, clientToken, company, person };
}

export const invoiceCount = (userId: string) => db.invoice.count({ where: { userId } });

/**
 * The admin billing routes, called with `context().token` unless another bearer is given; new
 * invoices go to `context().company` unless the body names another customer. A getter, because
 * the file's beforeAll creates both after this is set up.
 */
export function billingAdminCalls(context: () => { token: string; company?: TestUser }) {
  const bearer = (who?: string) => who ?? context().token;
  const company = () => {
    const customer = context().company;
    if (!customer) throw new Error("billingAdminCalls: this file has no company to invoice");
    return customer;
  };

  const invoiceBody = (overrides: Json = {}) => ({
    user_id: company().id,
    currency: "PEN",
    due_date: inTwoWeeks,
    lines: [{ description: "Consultoría", quantity: "1", unit_price: "100.00" }],
    ...overrides,
  });

  const issue = (body: unknown, options: { bearer?: string; ip?: string } = {}) =>
    call(postInvoice, "/api/v1/admin/invoices", { method: "POST", body, bearer: bearer(options.bearer), ip: options.ip });
  const showInvoice = (id: number | string) => call(getInvoice, `/api/v1/admin/invoices/${id}`, { bearer: bearer(), params: { id: String(id) } });
  const updateInvoice = (id: number | string, body: unknown) =>
    call(putInvoice, `/api/v1/admin/invoices/${id}`, { method: "PUT", body, bearer: bearer(), params: { id: String(id) } });
  const pay = (body: unknown, options: { bearer?: string; ip?: string } = {}) =>
    call(postPayment, "/api/v1/admin/payments", { method: "POST", body, bearer: bearer(options.bearer), ip: options.ip });
  const subscribe = (body: unknown, who?: string) => call(postSubscription, "/api/v1/admin/subscriptions", { method: "POST", body, bearer: bearer(who) });

  async function newInvoice(overrides: Json = {}): Promise<Json> {
    const { status, body } = await issue(invoiceBody(overrides));
    expect(status).toBe(201);
    return body.data as Json;
  }

  return { invoiceBody, issue, showInvoice, updateInvoice, pay, subscribe, newInvoice };
}
