// The printed copy's SUNAT part: the title "Representación impresa de la …", the QR code with the
// fields SUNAT lists (read back from the PDF's image and compared module by module with the code
// of the expected text), the hash or "pendiente de firma", the state with SUNAT, where to check it
// and get the XML, and the notas de crédito with the balance after them. Invoices are issued with
// the billing service and downloaded through the client's route, then read with pdf.js.
import { join } from "node:path";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as clientPdfRoute } from "@/app/api/v1/client/invoices/[id]/pdf/route";
import type { AdminActor } from "@/lib/auth/actor";
import { issueCreditNote } from "@/lib/billing/credit-notes";
import { addDays, businessDate } from "@/lib/dates";
import { issueInvoiceInTx } from "@/lib/billing/invoices";
import { printedCopyTitle, sunatQrPayload } from "@/lib/billing/pdf";
import { PEER_HEADER } from "@/lib/client-address";
import { db } from "@/lib/db";
import { siteUrl } from "@/lib/site-url";
import { rucCheckDigit } from "@/lib/sunat/identity";
import { BASE_URL, createTestUser, fakeIp, sessionCookieFor, type TestUser } from "./helpers/auth";

const STANDARD_FONTS = join(process.cwd(), "node_modules/pdfjs-dist/standard_fonts/");
const ruc = (first10: string) => `${first10}${rucCheckDigit(first10)}`;
const CUSTOMER_RUC = ruc("2060123456");
const ISSUER_RUC_FALLBACK = ruc("2013131295");

let actor: AdminActor;

beforeAll(async () => {
  const admin = await createTestUser({ role: "admin" });
  actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", ipAddress: "203.0.113.8", sessionId: null };
});

describe("sunatQrPayload", () => {
  const base = {
    issuer: { name: "Lumen Consultoría TI S.A.C.", tax_id: "20601234565", address: null },
    tax_amount: "18.00",
    amount: "117.99",
    issued_at: "2026-11-23",
  };

  it("a factura to a RUC: RUC|01|series|number without zeros|IGV|total|date|6|RUC|", () => {
    const payload = sunatQrPayload({ ...base, series: "F001", invoice_number: "F001-00000143", customer: { name: "Cliente S.A.C.", tax_id: CUSTOMER_RUC, email: null } });
    expect(payload).toBe(`20601234565|01|F001|143|18.00|117.99|2026-11-23|6|${CUSTOMER_RUC}|`);
  });

  it("a boleta to a DNI is type 03 with document type 1; to nobody, type 0 and '-'", () => {
    const boleta = { ...base, series: "B001", invoice_number: "B001-00000020", tax_amount: "7.63", amount: "50" };
    expect(sunatQrPayload({ ...boleta, customer: { name: "José Ñique", tax_id: "45678912", email: null } })).toBe("20601234565|03|B001|20|7.63|50.00|2026-11-23|1|45678912|");
    expect(sunatQrPayload({ ...boleta, customer: { name: "Cliente varios", tax_id: null, email: null } })).toBe("20601234565|03|B001|20|7.63|50.00|2026-11-23|0|-|");
  });

  it("the title names the document", () => {
    expect(printedCopyTitle({ document_type: "Factura electrónica" })).toBe("Representación impresa de la factura electrónica");
    expect(printedCopyTitle({ document_type: "Boleta de venta electrónica" })).toBe("Representación impresa de la boleta de venta electrónica");
  });
});

async function clientWith(taxId: string | null) {
  const user = await createTestUser();
  await db.user.update({ where: { id: user.id }, data: { taxId } });
  return user;
}

/** Issues an invoice with the service, the settings row locked (and given a RUC when it has none). */
async function issue(user: TestUser, lines: { description: string; quantity: string; unit_price: string }[]) {
  const issuedOn = businessDate();
  const id = await db.$transaction(async (tx) => {
    const [settings] = await tx.$queryRaw<{ company_tax_id: string | null }[]>`SELECT company_tax_id FROM site_settings WHERE id = 1 FOR UPDATE`;
    if (!settings) {
      await tx.siteSettings.create({ data: { id: 1, companyName: "Lumen Consultoría TI", companyLegalName: "Lumen Consultoría TI S.A.C.", companyTaxId: ISSUER_RUC_FALLBACK } });
    } else if (!settings.company_tax_id) {
      await tx.siteSettings.update({ where: { id: 1 }, data: { companyTaxId: ISSUER_RUC_FALLBACK } });
    }
    return issueInvoiceInTx(tx, actor, { userId: user.id, currency: "PEN", issuedOn, dueOn: addDays(issuedOn, 15), description: null, lines });
  });
  return db.invoice.findUniqueOrThrow({
    where: { id },
    select: { id: true, invoiceNumber: true, series: true, sequence: true, issuerTaxId: true, issuedAt: true, electronicDocument: { select: { id: true, hash: true, status: true } } },
  });
}

async function downloadPdf(user: TestUser, id: number) {
  const request = new Request(`${BASE_URL}/api/v1/client/invoices/${id}/pdf`, { headers: { [PEER_HEADER]: fakeIp(), cookie: await sessionCookieFor(user) } });
  const response = await clientPdfRoute(request, { params: Promise.resolve({ id: String(id) }) });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

type Image = { width: number; height: number; kind: number; data: Uint8Array };

/** The PDF's text (pages joined) and every image drawn on its pages, decoded by pdf.js. */
async function readPdf(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false, isOffscreenCanvasSupported: false } as never).promise;
  const pages: string[] = [];
  const images: Image[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/\s+/g, " "));
    const operators = await page.getOperatorList();
    for (const [index, op] of operators.fnArray.entries()) {
      if (op !== OPS.paintImageXObject) continue;
      const name = operators.argsArray[index][0] as string;
      images.push(await new Promise<Image>((resolve) => page.objs.get(name, resolve as (data: unknown) => void)));
    }
  }
  await pdf.destroy();
  return { text: pages.join(" \n "), pages, images };
}

/**
 * The dark/light grid a QR image shows, read at the centre of each module: the image is the code
 * with a one-module quiet zone, each module `scale` pixels wide.
 */
function modulesOf(image: Image, size: number): boolean[] {
  const scale = image.width / (size + 2);
  expect(Number.isInteger(scale)).toBe(true);
  const channels = image.data.length / (image.width * image.height);
  const dark: boolean[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const x = (col + 1) * scale + Math.floor(scale / 2);
      const y = (row + 1) * scale + Math.floor(scale / 2);
      dark.push(image.data[(y * image.width + x) * channels] < 128);
    }
  }
  return dark;
}

/** The modules of the QR code of `text` (error correction Q), as the qrcode encoder lays them out. */
function expectedModules(text: string): { size: number; dark: boolean[] } {
  const code = QRCode.create(text, { errorCorrectionLevel: "Q" });
  const dark: boolean[] = [];
  for (let row = 0; row < code.modules.size; row++) for (let col = 0; col < code.modules.size; col++) dark.push(Boolean(code.modules.get(row, col)));
  return { size: code.modules.size, dark };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

describe("the printed copy's SUNAT part", () => {
  it("a factura: title, QR with SUNAT's fields, hash or 'pendiente de firma', state, where to check it", async () => {
    const client = await clientWith(CUSTOMER_RUC);
    const invoice = await issue(client, [{ description: "Consultoría de infraestructura TI (horas)", quantity: "3", unit_price: "33.33" }]);
    const { text, images } = await readPdf(await downloadPdf(client, invoice.id));

    expect(text).toContain("Representación impresa de la factura electrónica");
    const hash = invoice.electronicDocument?.hash;
    expect(text).toContain(hash ? `Código hash: ${hash}` : "Código hash: pendiente de firma");
    expect(text).toMatch(/Estado en SUNAT: (Pendiente|Enviado|Aceptado)/);
    expect(text).toContain("Consulte su comprobante en www.sunat.gob.pe");
    expect(text.replace(/\s/g, "")).toContain(`${siteUrl()}/client/invoices/${invoice.id}`);

    // 3 × 33.33 = 99.99; IGV 18 % = 18.00; total 117.99. Built here from the rule, not by the code under test.
    const expected = `${invoice.issuerTaxId}|01|${invoice.series}|${invoice.sequence}|18.00|117.99|${day(invoice.issuedAt)}|6|${CUSTOMER_RUC}|`;
    const { size, dark } = expectedModules(expected);
    expect(images).toHaveLength(1);
    expect(images[0].width).toBe(images[0].height);
    expect(modulesOf(images[0], size)).toEqual(dark);
  });

  it("once signed and accepted: the hash and 'Aceptado'; a nota de crédito is listed and lowers the balance", async () => {
    const client = await clientWith(CUSTOMER_RUC);
    const invoice = await issue(client, [{ description: "Soporte mensual", quantity: "1", unit_price: "100.00" }]);
    const hash = "k3XzQ1mN8pV0bY7cR2wT5uE9iO4aS6dF1gH3jK5lZ8x=";
    await db.electronicDocument.update({ where: { id: invoice.electronicDocument!.id }, data: { hash, status: "accepted", responseCode: "0", answeredAt: new Date() } });
    const note = await issueCreditNote(actor, invoice.id, { reason_code: "04", description: "Descuento por pronto pago", amount: "17.70" });

    const { text } = await readPdf(await downloadPdf(client, invoice.id));
    expect(text).toContain(`Código hash: ${hash}`);
    expect(text).toContain("Estado en SUNAT: Aceptado");
    expect(text).not.toContain("pendiente de firma");
    expect(text).toContain("Notas de crédito");
    expect(text).toContain(note.number);
    expect(text).toContain("Descuento global – Descuento por pronto pago");
    // 100.00 + 18 % = 118.00; 17.70 credited leaves 100.30 owed.
    expect(text).toContain("-S/ 17.70");
    expect(text).toMatch(/Total notas de crédito -S\/ 17\.70/);
    expect(text).toMatch(/Saldo pendiente S\/ 100\.30/);
  });

  it("a boleta to a DNI: its own title and a QR with type 03 and document type 1", async () => {
    const client = await clientWith("45678912");
    const boleta = await issue(client, [{ description: "Soporte remoto", quantity: "1", unit_price: "50.00" }]);
    expect(boleta.series).toMatch(/^B/);
    const { text, images } = await readPdf(await downloadPdf(client, boleta.id));
    expect(text).toContain("Representación impresa de la boleta de venta electrónica");
    // 50.00 + 9.00 IGV = 59.00.
    const expected = `${boleta.issuerTaxId}|03|${boleta.series}|${boleta.sequence}|9.00|59.00|${day(boleta.issuedAt)}|1|45678912|`;
    const { size, dark } = expectedModules(expected);
    expect(modulesOf(images[0], size)).toEqual(dark);
  });
});
