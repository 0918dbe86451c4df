// Integration tests of the admin billing lists' search on real PostgreSQL (GET /api/v1/admin/
// {invoices,payments,subscriptions}?q=): every word must appear, accents and letter case ignored,
// in the row's own fields or in those of the client, invoice or catalogue item it points to, and
// what those become later (a renamed client is found under the new name). LIKE's wildcards typed
// in the box are searched literally.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listInvoices } from "@/app/api/v1/admin/invoices/route";
import { GET as listPayments } from "@/app/api/v1/admin/payments/route";
import { GET as listSubscriptions } from "@/app/api/v1/admin/subscriptions/route";
import { addDays } from "@/lib/dates";
import { db } from "@/lib/db";
import { searchClientOptions } from "@/lib/billing/admin-queries";
import { call, createTestUser, uniqueTag, type Json, type TestUser } from "./helpers/auth";
import { billingAdminCalls, createBillingActors, today } from "./helpers/billing-admin";

let token: string;
let company: TestUser;
/** A word only this file's records carry. */
let tag: string;

beforeAll(async () => {
  ({ token, company } = await createBillingActors());
  tag = uniqueTag();
});

const { newInvoice, pay, subscribe } = billingAdminCalls(() => ({ token, company }));

async function ids(handler: typeof listInvoices, path: string, q: string): Promise<number[]> {
  const { status, body } = await call(handler, `${path}?page=1&per_page=100&q=${encodeURIComponent(q)}`, { bearer: token });
  expect(status).toBe(200);
  return ((body.data as Json).data as Json[]).map((row) => row.id as number);
}
const invoiceIds = (q: string) => ids(listInvoices, "/api/v1/admin/invoices", q);
const paymentIds = (q: string) => ids(listPayments, "/api/v1/admin/payments", q);
const subscriptionIds = (q: string) => ids(listSubscriptions, "/api/v1/admin/subscriptions", q);

describe("admin billing search", () => {
  it("finds an invoice by any word of its customer, number or client, accents and case ignored, and a renamed client under the new name", async () => {
    await db.user.update({ where: { id: company.id }, data: { name: `Ñuñoa Peña ${tag}` } });
    const invoice = await newInvoice();
    const id = invoice.id as number;

    expect(await invoiceIds(`PENA ${tag}`)).toEqual([id]);
    expect(await invoiceIds(`ñuñoa ${tag.toUpperCase()}`)).toEqual([id]);
    expect(await invoiceIds(`${invoice.invoice_number}`)).toContain(id);
    // Every word must appear: a word the invoice lacks leaves it out.
    expect(await invoiceIds(`peña ${tag} inexistente`)).toEqual([]);

    await db.user.update({ where: { id: company.id }, data: { name: `Quiñones ${tag}` } });
    expect(await invoiceIds(`quinones ${tag}`)).toEqual([id]);
    expect(await invoiceIds(`pena ${tag}`)).toEqual([]);
  });

  it("finds a payment by its reference and by its invoice's number; % and _ match only themselves", async () => {
    const invoice = await newInvoice();
    const paid = await pay({ invoice_id: invoice.id, amount: "18.00", method: "yape", reference: `OP_${tag}` });
    expect(paid.status).toBe(201);
    const id = (paid.body.data as Json).id as number;

    expect(await paymentIds(`op_${tag}`)).toEqual([id]);
    expect(await paymentIds(`${invoice.invoice_number}`)).toEqual([id]);
    // "_" is not "any character" and "%" not "anything".
    expect(await paymentIds(`OPX${tag}`)).toEqual([]);
    expect(await paymentIds(`%${tag}`)).toEqual([]);
  });

  it("finds a subscription by its product's current name", async () => {
    const item = await db.catalogItem.create({ data: { kind: "service", name: `Mesa de ayuda ${tag}`, slug: `mesa-${tag}`, description: "Soporte." } });
    const created = await subscribe({
      user_id: company.id,
      catalog_item_id: item.id,
      plan_name: "Plan básico",
      amount: "49.90",
      currency: "PEN",
      billing_period: "monthly",
      next_billing_date: addDays(today, 10),
    });
    expect(created.status).toBe(201);
    const id = (created.body.data as Json).id as number;

    expect(await subscriptionIds(`mesa ${tag} basico`)).toEqual([id]);
    await db.catalogItem.update({ where: { id: item.id }, data: { name: `Soporte remoto ${tag}` } });
    expect(await subscriptionIds(`remoto ${tag}`)).toEqual([id]);
    expect(await subscriptionIds(`mesa ${tag}`)).toEqual([]);
  });
});

describe("the statement's client search", () => {
  it("finds clients (never admins) by every word of their name, e-mail or billing name, accents and case ignored, by name", async () => {
    const word = `zq${uniqueTag()}`;
    const zoila = await createTestUser({ role: "client", name: `Zoila Peña ${word}` });
    const andres = await createTestUser({ role: "client", name: `Andrés Ríos ${word}` });
    await db.user.update({ where: { id: andres.id }, data: { billingName: "Ferretería Peñalosa S.A.C." } });
    await createTestUser({ role: "admin", name: `Admin Peña ${word}` });

    const found = async (q: string) => (await searchClientOptions(q)).map((option) => option.id);
    expect(await found(`PENA ${word}`)).toEqual([andres.id, zoila.id]);
    expect(await found(`${word} ferreteria`)).toEqual([andres.id]);
    expect(await found(`${zoila.email}`)).toEqual([zoila.id]);
    expect(await found(`${word} %`)).toEqual([]);
  });
});
