// "Cómo pagar" wherever an open invoice goes: its PDF (opened with pdf.js and read back), the
// "Nueva factura" e-mail of an issued invoice and the billing run's (received by a real SMTP
// server), and the block of the invoice page. Each shows the accounts of the invoice's currency,
// Yape and Plin only in soles, and the free text; a paid invoice shows none; nothing configured,
// no block (the page invites the client to write instead). The settings row is shared by every
// test file: each test sets what it reads just before, and the row is put back at the end.
import { join } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as clientPdfRoute } from "@/app/api/v1/client/invoices/[id]/pdf/route";
import { PaymentInstructionsCard } from "@/components/billing/payment-instructions";
import type { AdminActor } from "@/lib/auth/actor";
import { updateCollectionSettings } from "@/lib/billing/collection-settings";
import type { PaymentInstructions } from "@/lib/billing/collection-settings-schema";
import { findInvoiceDetail } from "@/lib/billing/invoice-reader";
import { issueInvoice, issueInvoiceInTx } from "@/lib/billing/invoices";
import { recordPayment } from "@/lib/billing/payments";
import { renderInvoicePdf } from "@/lib/billing/pdf";
import { runBilling } from "@/lib/billing/run";
import { PEER_HEADER } from "@/lib/client-address";
import { addDays, businessDate } from "@/lib/dates";
import { db } from "@/lib/db";
import type { SiteSettings } from "@/lib/generated/prisma/client";
import { BASE_URL, createTestUser, fakeIp, sessionCookieFor, uniqueTag, type TestUser } from "./helpers/auth";
import { lockSiteSettings, restoreSiteSettings } from "./helpers/settings";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

const STANDARD_FONTS = join(process.cwd(), "node_modules/pdfjs-dist/standard_fonts/");

const INSTRUCTIONS: PaymentInstructions = {
  accounts: [
    { bank: "BCP", currency: "PEN", account_number: "193-1234567-0-12", cci: "00219300123456701212" },
    { bank: "Interbank", currency: "USD", account_number: "200-3001234567", cci: null },
  ],
  yape: "+51 987 654 321",
  plin: "+51 912 345 678",
  text: "A nombre de Lumen Consultoría TI S.A.C.\nEnvía el voucher a pagos@lumenti.pe",
  qr_url: null,
};
const NOTHING: PaymentInstructions = { accounts: [], yape: null, plin: null, text: null, qr_url: null };

let original: SiteSettings | null;
let unlock: () => Promise<void>;
let admin: TestUser;
let actor: AdminActor;
let client: TestUser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  unlock = await lockSiteSettings();
  original = await db.siteSettings.findUnique({ where: { id: 1 } });
  admin = await createTestUser({ role: "admin" });
  actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", ipAddress: "203.0.113.7", sessionId: null };
  client = await createTestUser({ role: "client" });
  await db.user.update({ where: { id: client.id }, data: { billingName: "Comercial Andina S.A.C.", taxId: "20551234569" } });
  smtp = await startSmtpServer();
});

afterEach(() => {
  delete process.env.SMTP_URL;
});

afterAll(async () => {
  await smtp.close();
  await restoreSiteSettings(original, { collections: true });
  await unlock();
});

/** Configures "Cobros" as `instructions` say (the QR is left as it is). */
async function configure(instructions: PaymentInstructions) {
  await updateCollectionSettings(actor, {
    payment_instructions: { accounts: instructions.accounts, yape: instructions.yape, plin: instructions.plin, text: instructions.text },
  });
}

/** Issues an invoice of 100.00 + IGV with the service's own function; dates relative to today. */
async function issue(currency: "PEN" | "USD", { issuedDaysAgo = 0, dueInDays = 15 } = {}) {
  const issuedOn = addDays(businessDate(), -issuedDaysAgo);
  const id = await db.$transaction((tx) =>
    issueInvoiceInTx(tx, actor, { userId: client.id, currency, issuedOn, dueOn: addDays(businessDate(), dueInDays), description: null, lines: [{ description: "Soporte mensual", quantity: "1", unit_price: "100.00" }] }),
  );
  return (await findInvoiceDetail(id))!;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " "));
  }
  await pdf.destroy();
  return pages.join(" \n ");
}

const rendered = async (invoice: Parameters<typeof renderInvoicePdf>[0], instructions: PaymentInstructions | null) =>
  pdfText(new Uint8Array(await renderInvoicePdf(invoice, instructions)));

describe("the invoice PDF's 'Cómo pagar'", () => {
  it("an open invoice in soles: the soles account with its CCI, Yape, Plin and the text; not the dollar account", async () => {
    const text = await rendered(await issue("PEN"), INSTRUCTIONS);
    expect(text).toContain("Cómo pagar");
    expect(text).toContain("BCP (soles): cuenta 193-1234567-0-12 · CCI 00219300123456701212");
    expect(text).toContain("Yape: +51 987 654 321");
    expect(text).toContain("Plin: +51 912 345 678");
    expect(text).toContain("A nombre de Lumen Consultoría TI S.A.C.");
    expect(text).toContain("Envía el voucher a pagos@lumenti.pe");
    expect(text).not.toContain("200-3001234567");
    expect(text).toContain("Estado: Pendiente");
  });

  it("an invoice in dollars: only the dollar account (Yape and Plin move soles), and the text", async () => {
    const text = await rendered(await issue("USD"), INSTRUCTIONS);
    expect(text).toContain("Interbank (dólares): cuenta 200-3001234567");
    expect(text).not.toContain("193-1234567-0-12");
    expect(text).not.toContain("Yape");
    expect(text).not.toContain("Plin");
    expect(text).toContain("Envía el voucher a pagos@lumenti.pe");
  });

  it("an overdue invoice still shows it, with its derived state; a paid one and an empty configuration show none", async () => {
    const overdue = await issue("PEN", { issuedDaysAgo: 20, dueInDays: -5 });
    expect(overdue.status).toBe("overdue");
    const overdueText = await rendered(overdue, INSTRUCTIONS);
    expect(overdueText).toContain("Estado: Vencida");
    expect(overdueText).toContain("Cómo pagar");

    const paid = await issue("PEN");
    await recordPayment(actor, { invoice_id: paid.id, amount: paid.amount, method: "transferencia", reference: `OP-${uniqueTag()}` });
    const paidDetail = (await findInvoiceDetail(paid.id))!;
    expect(paidDetail.status).toBe("paid");
    const paidText = await rendered(paidDetail, INSTRUCTIONS);
    expect(paidText).toContain("Estado: Pagada");
    expect(paidText).not.toContain("Cómo pagar");
    expect(paidText).not.toContain("193-1234567-0-12");

    expect(await rendered(await issue("PEN"), NOTHING)).not.toContain("Cómo pagar");
  });

  it("the client's download reads the saved settings", async () => {
    const invoice = await issue("PEN");
    const cookie = await sessionCookieFor(client);
    await configure(INSTRUCTIONS);
    const request = new Request(`${BASE_URL}/api/v1/client/invoices/${invoice.id}/pdf`, { headers: { cookie, [PEER_HEADER]: fakeIp() } });
    const response = await clientPdfRoute(request, { params: Promise.resolve({ id: String(invoice.id) }) });
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("BCP (soles): cuenta 193-1234567-0-12");
    expect(text).toContain("Yape: +51 987 654 321");
  });
});

describe("the invoice e-mails' 'Cómo pagar'", () => {
  const mailFor = (invoiceNumber: string) => smtp.waitFor((mail) => mail.recipients.includes(client.email) && (mail.headers.subject ?? "") === `Nueva factura ${invoiceNumber}`);

  it("'Nueva factura' lists the lines of its currency before the portal's link", async () => {
    process.env.SMTP_URL = smtp.url;
    await configure(INSTRUCTIONS);
    const inSoles = await issueInvoice(actor, { user_id: client.id, currency: "PEN", due_date: addDays(businessDate(), 15), lines: [{ description: "Soporte", quantity: "1", unit_price: "100.00" }] });
    const soles = (await mailFor(inSoles.invoice_number)).text;
    expect(soles).toContain(
      "Cómo pagar:\n- BCP (soles): cuenta 193-1234567-0-12 · CCI 00219300123456701212\n- Yape: +51 987 654 321\n- Plin: +51 912 345 678\n- A nombre de Lumen Consultoría TI S.A.C.\n- Envía el voucher a pagos@lumenti.pe",
    );
    expect(soles).not.toContain("200-3001234567");
    expect(soles.indexOf("Cómo pagar:")).toBeLessThan(soles.indexOf(`/client/invoices/${inSoles.id}`));

    const inDollars = await issueInvoice(actor, { user_id: client.id, currency: "USD", due_date: addDays(businessDate(), 15), lines: [{ description: "Licencia", quantity: "1", unit_price: "50.00" }] });
    const dollars = (await mailFor(inDollars.invoice_number)).text;
    expect(dollars).toContain("- Interbank (dólares): cuenta 200-3001234567");
    expect(dollars).not.toContain("Yape");
    expect(dollars).not.toContain("193-1234567-0-12");
  });

  it("nothing configured: the e-mail has no 'Cómo pagar'", async () => {
    process.env.SMTP_URL = smtp.url;
    await configure(NOTHING);
    const invoice = await issueInvoice(actor, { user_id: client.id, currency: "PEN", due_date: addDays(businessDate(), 15), lines: [{ description: "Soporte", quantity: "1", unit_price: "100.00" }] });
    const text = (await mailFor(invoice.invoice_number)).text;
    expect(text).toContain(invoice.invoice_number);
    expect(text).not.toContain("Cómo pagar");
  });

  it("the billing run's 'Nueva factura' carries them too", async () => {
    process.env.SMTP_URL = smtp.url;
    const subscription = await db.subscription.create({
      data: { userId: client.id, planName: `Plan ${uniqueTag()}`, amount: "149.00", currency: "PEN", billingPeriod: "monthly", status: "active", nextBillingDate: new Date("2027-05-10T00:00:00Z") },
    });
    await configure(INSTRUCTIONS);
    const result = await runBilling({ today: "2027-05-10", userIds: [client.id] });
    expect(result.invoiced).toBe(1);
    const text = (await mailFor(result.invoiceNumbers[0])).text;
    expect(text).toContain("de tu suscripción");
    expect(text).toContain("- BCP (soles): cuenta 193-1234567-0-12 · CCI 00219300123456701212");
    expect(text).toContain("- Yape: +51 987 654 321");
    await db.subscription.update({ where: { id: subscription.id }, data: { status: "cancelled", nextBillingDate: null } });
  });
});

describe("the invoice page's 'Cómo pagar'", () => {
  const html = (instructions: PaymentInstructions, currency: string, area: "client" | "admin" = "client") =>
    renderToStaticMarkup(createElement(PaymentInstructionsCard, { instructions, currency, reference: "F001-00000042", contactEmail: "pagos@lumenti.pe", area }));

  it("shows the accounts of the invoice's currency, Yape, Plin and the QR only in soles, and the text", () => {
    const soles = html({ ...INSTRUCTIONS, qr_url: "/api/v1/payment-qr?v=abc" }, "PEN");
    expect(soles).toContain("193-1234567-0-12");
    expect(soles).toContain("00219300123456701212");
    expect(soles).toContain("+51 987 654 321");
    expect(soles).toContain('src="/api/v1/payment-qr?v=abc"');
    expect(soles).not.toContain("200-3001234567");
    expect(soles).toContain("Envía el voucher a pagos@lumenti.pe");

    const dollars = html({ ...INSTRUCTIONS, qr_url: "/api/v1/payment-qr?v=abc" }, "USD");
    expect(dollars).toContain("200-3001234567");
    expect(dollars).not.toContain("+51 987 654 321");
    expect(dollars).not.toContain("payment-qr");
  });

  it("nothing configured for that currency: the client is invited to write; the admin is sent to the settings", () => {
    const client = html({ ...NOTHING, yape: "+51 987 654 321" }, "EUR");
    expect(client).toContain("Escríbenos para coordinar el pago");
    expect(client).toContain('href="mailto:pagos@lumenti.pe"');
    expect(client).toContain("F001-00000042");
    expect(client).not.toContain("987 654 321");
    expect(html(NOTHING, "PEN", "admin")).toContain('href="/admin/settings#cobros"');
  });
});
