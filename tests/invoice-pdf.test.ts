// The invoice PDF (the client's PDF shows the invoice number, both parties' tax ids, subtotal,
// IGV and total): invoices issued through lib/billing/invoices.ts, downloaded through the route
// handlers, opened with pdf.js and their text read back.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as adminPdfRoute } from "@/app/api/v1/admin/invoices/[id]/pdf/route";
import { GET as clientPdfRoute } from "@/app/api/v1/client/invoices/[id]/pdf/route";
import type { AdminActor } from "@/lib/auth/actor";
import { amountInWords, integerInWords } from "@/lib/sunat/amount-in-words";
import { addDays, businessDate } from "@/lib/dates";
import { pdfText } from "@/lib/billing/pdf";
import { issueInvoiceInTx, updateInvoice } from "@/lib/billing/invoices";
import { recordPayment } from "@/lib/billing/payments";
import { rucCheckDigit } from "@/lib/sunat/identity";
import { db } from "@/lib/db";
import { PEER_HEADER } from "@/lib/client-address";
import { BASE_URL, createTestUser, fakeIp, sessionCookieFor, tokenFor, type TestUser } from "./helpers/auth";
import { readPdf } from "./helpers/pdf-text";

type Line = { description: string; quantity: string; unit_price: string };

const ruc = (first10: string) => `${first10}${rucCheckDigit(first10)}`;
const CUSTOMER_RUC = ruc("2060123456");
const ISSUER_RUC_FALLBACK = ruc("2013131295");

let admin: TestUser;
let actor: AdminActor;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", ipAddress: "203.0.113.7", sessionId: null };
});

/** A client with a billing profile (billing name and RUC, DNI or nothing). */
async function clientWith(taxId: string | null, billingName: string | null = null) {
  const user = await createTestUser();
  await db.user.update({ where: { id: user.id }, data: { taxId, billingName } });
  return user;
}

/**
 * Issues an invoice with the service's own issuing function. Inside the same transaction the
 * site settings row is locked first (and given a RUC when it has none), so a settings test running
 * alongside cannot blank the issuer between the check and the issue.
 */
async function issue(user: TestUser, lines: Line[], currency: "PEN" | "USD" | "EUR" = "PEN", description: string | null = null) {
  const issuedOn = businessDate();
  const id = await db.$transaction(async (tx) => {
    const [settings] = await tx.$queryRaw<{ company_tax_id: string | null }[]>`SELECT company_tax_id FROM site_settings WHERE id = 1 FOR UPDATE`;
    if (!settings) {
      await tx.siteSettings.create({ data: { id: 1, companyName: "Lumen Consultoría TI", companyLegalName: "Lumen Consultoría TI S.A.C.", companyTaxId: ISSUER_RUC_FALLBACK } });
    } else if (!settings.company_tax_id) {
      await tx.siteSettings.update({ where: { id: 1 }, data: { companyTaxId: ISSUER_RUC_FALLBACK } });
    }
    return issueInvoiceInTx(tx, actor, { userId: user.id, currency, issuedOn, dueOn: addDays(issuedOn, 15), description, lines });
  });
  return db.invoice.findUniqueOrThrow({ where: { id }, select: { id: true, invoiceNumber: true, issuerTaxId: true, issuedAt: true, dueDate: true } });
}

async function download(handler: typeof clientPdfRoute, id: string | number, credentials: { cookie?: string; bearer?: string }) {
  const headers: Record<string, string> = { [PEER_HEADER]: fakeIp() };
  if (credentials.cookie) headers.cookie = credentials.cookie;
  if (credentials.bearer) headers.authorization = `Bearer ${credentials.bearer}`;
  const request = new Request(`${BASE_URL}/api/v1/x/invoices/${id}/pdf`, { headers });
  const response = await handler(request, { params: Promise.resolve({ id: String(id) }) });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const THREE_LINES: Line[] = [{ description: "Consultoría de infraestructura TI (horas)", quantity: "3", unit_price: "33.33" }];

describe("GET /api/v1/client/invoices/{id}/pdf", () => {
  it("the client's own invoice: a PDF download with the number, both RUCs, 99.99 + IGV 18.00 = 117.99", async () => {
    const client = await clientWith(CUSTOMER_RUC, "Inversiones Peñaloza & Muñoz S.A.C.");
    const invoice = await issue(client, THREE_LINES);
    expect(invoice.invoiceNumber).toMatch(/^F001-\d{8}$/);

    const { response, bytes } = await download(clientPdfRoute, invoice.id, { cookie: await sessionCookieFor(client) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");

    const { text, info, pages } = await readPdf(bytes);
    expect(pages).toHaveLength(1);
    expect(info.Title).toBe(invoice.invoiceNumber);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain("FACTURA ELECTRÓNICA");
    expect(invoice.issuerTaxId).toMatch(/^\d{11}$/);
    expect(text).toContain(`RUC ${invoice.issuerTaxId}`);
    expect(text).toContain(CUSTOMER_RUC);
    expect(text).toContain(`RUC: ${CUSTOMER_RUC}`);
    // Accents, "ñ" and "S/" come out as written (WinAnsi).
    expect(text).toContain("Inversiones Peñaloza & Muñoz S.A.C.");
    expect(text).toContain("Consultoría de infraestructura TI (horas)");
    for (const label of ["Cant.", "Descripción", "P. unit. (sin IGV)", "Importe", "Op. gravada", "IGV (18 %)", "Importe total", "Fecha de emisión", "Fecha de vencimiento"]) {
      expect(text).toContain(label);
    }
    expect(text).toContain("S/ 33.33");
    expect(text).toContain("S/ 99.99");
    expect(text).toContain("S/ 18.00");
    expect(text).toContain("S/ 117.99");
    expect(text).toContain("SON: CIENTO DIECISIETE CON 99/100 SOLES");
    const day = (date: Date | null) => date!.toISOString().slice(0, 10).split("-").reverse().join("/");
    expect(text).toContain(day(invoice.issuedAt));
    expect(text).toContain(day(invoice.dueDate));
    // Pending: nothing paid, the whole total is owed, no cancellation mark.
    expect(text).toContain("No hay pagos registrados.");
    expect(text).toMatch(/Saldo pendiente S\/ 117\.99/);
    expect(text).toContain("Estado: Pendiente");
    // The status is printed once.
    expect(text.split("Estado:")).toHaveLength(2);
    expect(text).not.toContain("ANULADA");
  });

  it("works with a bearer token too", async () => {
    const client = await clientWith(CUSTOMER_RUC);
    const invoice = await issue(client, THREE_LINES);
    const { response } = await download(clientPdfRoute, invoice.id, { bearer: await tokenFor(client) });
    expect(response.status).toBe(200);
  });

  it("another client's invoice, an unknown or malformed id: the same 404, no PDF; signed out: 401", async () => {
    const [owner, stranger] = await Promise.all([clientWith(CUSTOMER_RUC), clientWith(null)]);
    const invoice = await issue(owner, THREE_LINES);
    const cookie = await sessionCookieFor(stranger);
    const answers = await Promise.all([invoice.id, 2_000_000_000, "abc", "0", "-1", "1e3"].map((id) => download(clientPdfRoute, id, { cookie })));
    for (const { response, bytes } of answers) {
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(JSON.parse(Buffer.from(bytes).toString())).toEqual({ message: "Factura no encontrada." });
    }
    // An admin's own client-route call is scoped to the admin's own invoices too.
    const adminAnswer = await download(clientPdfRoute, invoice.id, { cookie: await sessionCookieFor(admin) });
    expect(adminAnswer.response.status).toBe(404);
    expect((await download(clientPdfRoute, invoice.id, {})).response.status).toBe(401);
  });

  it("a cancelled invoice shows the ANULADA mark and its status on every page", async () => {
    const client = await clientWith(CUSTOMER_RUC);
    const invoice = await issue(client, THREE_LINES);
    await updateInvoice(actor, invoice.id, { status: "cancelled", cancel_reason: "Emitida por error" });
    const { response, bytes } = await download(clientPdfRoute, invoice.id, { cookie: await sessionCookieFor(client) });
    expect(response.status).toBe(200);
    const { text, pages } = await readPdf(bytes);
    for (const page of pages) expect(page).toContain("ANULADA");
    expect(text).toContain("Estado: Anulada");
    expect(text.split("Estado:")).toHaveLength(2);
    expect(text).toContain("Motivo de la anulación: Emitida por error");
    expect(text).toMatch(/Saldo pendiente S\/ 0\.00/);
  });

  it("a client with a DNI gets a boleta that shows DNI; one without a document shows 'Sin documento'", async () => {
    const withDni = await clientWith("45678912", "José Ñique Pérez");
    const boleta = await issue(withDni, [{ description: "Soporte remoto", quantity: "1", unit_price: "50.00" }]);
    expect(boleta.invoiceNumber).toMatch(/^B001-\d{8}$/);
    const { text } = await readPdf((await download(clientPdfRoute, boleta.id, { cookie: await sessionCookieFor(withDni) })).bytes);
    expect(text).toContain("BOLETA DE VENTA ELECTRÓNICA");
    expect(text).toMatch(/DNI: ?45678912/);
    expect(text).toContain("José Ñique Pérez");
    expect(text).not.toContain("FACTURA ELECTRÓNICA");

    const without = await clientWith(null);
    const bare = await issue(without, [{ description: "Soporte remoto", quantity: "1", unit_price: "50.00" }]);
    const bareText = (await readPdf((await download(clientPdfRoute, bare.id, { cookie: await sessionCookieFor(without) })).bytes)).text;
    expect(bareText).toContain("Sin documento");
    expect(bareText).toContain(without.name);
  });

  it("payments received and the balance; euros print with €", async () => {
    const client = await clientWith(CUSTOMER_RUC);
    const invoice = await issue(client, [{ description: "Licencia anual", quantity: "2", unit_price: "100.00" }], "EUR");
    await recordPayment(actor, { invoice_id: invoice.id, amount: "36.00", method: "yape", reference: "YAPE-123" });
    const { text } = await readPdf((await download(clientPdfRoute, invoice.id, { cookie: await sessionCookieFor(client) })).bytes);
    expect(text).toContain("€ 236.00");
    expect(text).toContain("Yape");
    expect(text).toContain("YAPE-123");
    expect(text).toMatch(/Total pagado € 36\.00/);
    expect(text).toMatch(/Saldo pendiente € 200\.00/);
  });

  it("long descriptions wrap and 50 lines flow onto more pages, each with the table header and page number", async () => {
    const client = await clientWith(CUSTOMER_RUC);
    const long = `Implementación y configuración del módulo ${"contable ".repeat(28)}fin`.slice(0, 300);
    const lines = Array.from({ length: 50 }, (_, index) => ({
      description: index === 0 ? long : `Servicio ${index + 1}: mantenimiento preventivo`,
      quantity: "1",
      unit_price: "10.00",
    }));
    const invoice = await issue(client, lines);
    const { pages, text } = await readPdf((await download(clientPdfRoute, invoice.id, { cookie: await sessionCookieFor(client) })).bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
    });
    expect(pages[1]).toContain("Descripción");
    expect(text).toContain("Servicio 50: mantenimiento preventivo");
    expect(text).toContain("fin"); // the end of the wrapped description is printed, not cut
    expect(text).toContain("S/ 500.00");
    expect(text).toContain("S/ 590.00");
  });

  it("text outside WinAnsi never prints garbage", async () => {
    expect(pdfText("Señal “ok” – 10 € ő 漢 😀")).toBe("Señal “ok” – 10 € o ? ?");
    const client = await clientWith(CUSTOMER_RUC);
    const invoice = await issue(client, [{ description: "Diseño 漢字 ő", quantity: "1", unit_price: "10.00" }]);
    const { response, bytes } = await download(clientPdfRoute, invoice.id, { cookie: await sessionCookieFor(client) });
    expect(response.status).toBe(200);
    expect((await readPdf(bytes)).text).toContain("Diseño ?? o");
  });
});

describe("the total in words (SON: …)", () => {
  it("writes Spanish numbers with the apocopes and the currency", () => {
    const cases: [number, string][] = [
      [0, "cero"],
      [1, "uno"],
      [15, "quince"],
      [16, "dieciséis"],
      [21, "veintiuno"],
      [22, "veintidós"],
      [31, "treinta y uno"],
      [100, "cien"],
      [101, "ciento uno"],
      [117, "ciento diecisiete"],
      [500, "quinientos"],
      [1000, "mil"],
      [1001, "mil uno"],
      [2500, "dos mil quinientos"],
      [21000, "veintiún mil"],
      [31000, "treinta y un mil"],
      [101000, "ciento un mil"],
      [1_000_000, "un millón"],
      [2_000_001, "dos millones uno"],
      [21_000_000, "veintiún millones"],
      [16_800, "dieciséis mil ochocientos"],
      [1_000_000_000, "mil millones"],
      [9_999_999_999, "nueve mil novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve"],
    ];
    for (const [n, words] of cases) expect(integerInWords(n), String(n)).toBe(words);
    expect(amountInWords("117.99", "PEN")).toBe("SON: CIENTO DIECISIETE CON 99/100 SOLES");
    expect(amountInWords("1.00", "USD")).toBe("SON: UNO CON 00/100 DÓLARES AMERICANOS");
    expect(amountInWords("236.5", "EUR")).toBe("SON: DOSCIENTOS TREINTA Y SEIS CON 50/100 EUROS");
  });
});

describe("GET /api/v1/admin/invoices/{id}/pdf", () => {
  it("an admin downloads any client's invoice; a client gets 403; unknown id 404", async () => {
    const client = await clientWith(CUSTOMER_RUC);
    const invoice = await issue(client, THREE_LINES);
    const adminCookie = await sessionCookieFor(admin);
    const { response, bytes } = await download(adminPdfRoute, invoice.id, { cookie: adminCookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
    expect((await readPdf(bytes)).text).toContain("S/ 117.99");

    expect((await download(adminPdfRoute, invoice.id, { cookie: await sessionCookieFor(client) })).response.status).toBe(403);
    expect((await download(adminPdfRoute, 2_000_000_000, { cookie: adminCookie })).response.status).toBe(404);
    expect((await download(adminPdfRoute, "x", { cookie: adminCookie })).response.status).toBe(404);
  });
});
