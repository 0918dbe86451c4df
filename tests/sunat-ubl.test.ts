// The UBL builders: each document against its golden file (UPDATE_GOLDEN=1 rewrites them), against
// SUNAT's XSDs with the real xmllint, and, signed with the real xmlsec1, still schema-valid; the
// amounts in each document re-checked by the rules (lines add up, IGV 18 %, cuotas, detracción);
// and the refusals of inconsistent data.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DOMParser, type Element } from "@xmldom/xmldom";
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amountInWords } from "@/lib/sunat/amount-in-words";
import { DomainError } from "@/lib/errors";
import { detractionFor } from "@/lib/sunat/detraction";
import type {
  CreditNoteDocument,
  DailySummaryDocument,
  Issuer,
  PaymentTerms,
  SaleDocument,
  VoidedDocumentsDocument,
} from "@/lib/sunat/types";
import {
  buildCreditNoteXml,
  buildDailySummaryXml,
  buildSaleDocumentXml,
  buildVoidedDocumentsXml,
  documentFileName,
  SIGNATURE_ID,
} from "@/lib/sunat/ubl";
import { skipWithoutOpenssl, skipWithoutXmllint, skipWithoutXmlsec1 } from "./helpers/requirements";

const FIXTURES = path.join(__dirname, "fixtures/sunat");
const GOLDEN = path.join(FIXTURES, "golden");
const XSD = {
  invoice: path.join(FIXTURES, "xsd/2.1/maindoc/UBL-Invoice-2.1.xsd"),
  creditNote: path.join(FIXTURES, "xsd/2.1/maindoc/UBL-CreditNote-2.1.xsd"),
  summary: path.join(FIXTURES, "xsd/2.0/maindoc/UBL-SummaryDocuments-2.0.xsd"),
  voided: path.join(FIXTURES, "xsd/2.0/maindoc/UBL-VoidedDocuments-2.0.xsd"),
};

// ---- Fixed inputs ------------------------------------------------------------------------------

/** 20601234565: prefix 20, check digit 5 by the module-11 rule (see sunat-identity.test.ts). */
const issuer: Issuer = {
  ruc: "20601234565",
  legalName: "Andes Software Consulting S.A.C.",
  tradeName: "Andes Consulting",
  address: {
    ubigeo: "150131",
    street: "Av. Javier Prado Este 1234, Of. 501",
    district: "San Isidro",
    province: "Lima",
    department: "Lima",
    establishmentCode: "0000",
  },
};
const companyCustomer = { identityType: "6", identityNumber: "20100123453", name: "Minera Los Álamos S.A. & Asociados" } as const;

/** 1 × 400.00 (IGV 72.00) + 3 × 33.33 = 99.99 (IGV 18.00): gravadas 499.99, IGV 90.00, total 589.99. */
const factura: SaleDocument = {
  type: "01",
  series: "F001",
  number: 1,
  issueDate: "2026-11-27",
  issueTime: "10:15:30",
  operationType: "0101",
  currency: "PEN",
  issuer,
  customer: companyCustomer,
  lines: [
    {
      position: 1,
      description: "Auditoría de seguridad de la red <interna>",
      quantity: "1",
      unitCode: "ZZ",
      unitValue: "400.00",
      unitPrice: "472.00",
      lineExtension: "400.00",
      igv: "72.00",
      taxPercent: "18.00",
      igvAffectation: "10",
    },
    {
      position: 2,
      description: "Soporte técnico (horas)",
      quantity: "3",
      unitCode: "ZZ",
      unitValue: "33.33",
      unitPrice: "39.33",
      lineExtension: "99.99",
      igv: "18.00",
      taxPercent: "18.00",
      igvAffectation: "10",
    },
  ],
  totals: { taxable: "499.99", igv: "90.00", total: "589.99" },
  amountInWords: amountInWords("589.99", "PEN"),
  payment: { kind: "contado" },
};

/** 2 × 59.32 = 118.64, IGV 21.36, total 140.00, to a customer with a DNI. */
const boleta: SaleDocument = {
  type: "03",
  series: "B001",
  number: 1,
  issueDate: "2026-11-27",
  issueTime: "16:02:00",
  operationType: "0101",
  currency: "PEN",
  issuer,
  customer: { identityType: "1", identityNumber: "45678912", name: "María Quispe Huamán" },
  lines: [
    {
      position: 1,
      description: "Instalación y configuración de equipo",
      quantity: "2",
      unitCode: "ZZ",
      unitValue: "59.32",
      unitPrice: "70.00",
      lineExtension: "118.64",
      igv: "21.36",
      taxPercent: "18.00",
      igvAffectation: "10",
    },
  ],
  totals: { taxable: "118.64", igv: "21.36", total: "140.00" },
  amountInWords: amountInWords("140.00", "PEN"),
  payment: { kind: "contado" },
};

/**
 * 1 × 1500.00 + 2 × 250.00: gravadas 2000.00, IGV 360.00, total 2360.00, a service of code 037
 * (12 %): 283.20 → S/ 283.00 deposited; the customer owes 2360.00 − 283.00 = 2077.00 in two cuotas.
 */
const creditDetraction = detractionFor({ type: "01", code: "037", totalPen: "2360.00", account: "00-000-123456" });
const facturaCredito: SaleDocument = {
  type: "01",
  series: "F001",
  number: 2,
  issueDate: "2026-11-28",
  issueTime: "09:00:00",
  dueDate: "2027-01-27",
  operationType: "1001",
  currency: "PEN",
  issuer,
  customer: companyCustomer,
  lines: [
    {
      position: 1,
      description: "Consultoría en arquitectura cloud",
      quantity: "1",
      unitCode: "ZZ",
      unitValue: "1500.00",
      unitPrice: "1770.00",
      lineExtension: "1500.00",
      igv: "270.00",
      taxPercent: "18.00",
      igvAffectation: "10",
    },
    {
      position: 2,
      description: "Soporte técnico mensual",
      quantity: "2",
      unitCode: "ZZ",
      unitValue: "250.00",
      unitPrice: "295.00",
      lineExtension: "500.00",
      igv: "90.00",
      taxPercent: "18.00",
      igvAffectation: "10",
    },
  ],
  totals: { taxable: "2000.00", igv: "360.00", total: "2360.00" },
  amountInWords: amountInWords("2360.00", "PEN"),
  payment: {
    kind: "credito",
    pending: "2077.00",
    instalments: [
      { amount: "1038.50", dueOn: "2026-12-28" },
      { amount: "1038.50", dueOn: "2027-01-27" },
    ],
  },
  detraction: creditDetraction ?? undefined,
};

/** Returns line 2 of the factura: 99.99 + IGV 18.00 = 117.99. */
const notaCredito: CreditNoteDocument = {
  type: "07",
  series: "FC01",
  number: 1,
  issueDate: "2026-11-28",
  issueTime: "11:30:00",
  currency: "PEN",
  issuer,
  customer: companyCustomer,
  reference: { type: "01", id: "F001-1" },
  reason: { code: "07", description: "Devolución de horas de soporte no prestadas" },
  lines: [{ ...factura.lines[1], position: 1 }],
  totals: { taxable: "99.99", igv: "18.00", total: "117.99" },
  amountInWords: amountInWords("117.99", "PEN"),
};

const resumen: DailySummaryDocument = {
  id: "RC-20261128-1",
  referenceDate: "2026-11-27",
  issueDate: "2026-11-28",
  issuer,
  lines: [
    { type: "03", id: "B001-1", customer: boleta.customer, condition: "1", currency: "PEN", totals: boleta.totals },
    {
      type: "03",
      id: "B001-2",
      customer: { identityType: "1", identityNumber: "41234567", name: "Jorge Ramos" },
      condition: "3",
      currency: "PEN",
      totals: { taxable: "50.00", igv: "9.00", total: "59.00" },
    },
    {
      type: "07",
      id: "BC01-1",
      customer: boleta.customer,
      condition: "1",
      currency: "PEN",
      totals: { taxable: "59.32", igv: "10.68", total: "70.00" },
      reference: { type: "03", id: "B001-1" },
    },
  ],
};

const baja: VoidedDocumentsDocument = {
  id: "RA-20261128-1",
  referenceDate: "2026-11-27",
  issueDate: "2026-11-28",
  issuer,
  lines: [
    { type: "01", series: "F001", number: 3, reason: "Error en los datos del cliente" },
    { type: "07", series: "FC01", number: 2, reason: "Nota emitida por duplicado" },
  ],
};

type Case = { name: string; xml: () => string; xsd: string; ubl21: boolean };
const CASES: Case[] = [
  { name: "factura", xml: () => buildSaleDocumentXml(factura), xsd: XSD.invoice, ubl21: true },
  { name: "boleta", xml: () => buildSaleDocumentXml(boleta), xsd: XSD.invoice, ubl21: true },
  { name: "factura-credito-detraccion", xml: () => buildSaleDocumentXml(facturaCredito), xsd: XSD.invoice, ubl21: true },
  { name: "nota-credito", xml: () => buildCreditNoteXml(notaCredito), xsd: XSD.creditNote, ubl21: true },
  { name: "resumen", xml: () => buildDailySummaryXml(resumen), xsd: XSD.summary, ubl21: false },
  { name: "baja", xml: () => buildVoidedDocumentsXml(baja), xsd: XSD.voided, ubl21: false },
];

// ---- Real tools ----------------------------------------------------------------------------------

const withoutXmllint = skipWithoutXmllint();
const withoutXmlsec1 = skipWithoutXmlsec1();
const withoutOpenssl = skipWithoutOpenssl();

let work: string;
let keyPem: string;
let certPem: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "sunat-ubl-"));
  keyPem = path.join(work, "key.pem");
  certPem = path.join(work, "cert.pem");
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A throwaway key and self-signed certificate for xmlsec1, made by OpenSSL into the work folder. */
function makeSigningKey() {
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
    "-subj", "/CN=Prueba UBL/O=Andes Software Consulting",
    "-keyout", keyPem, "-out", certPem,
  ], { stdio: "pipe" });
}

/** xmllint --noout --schema: its exit code and what it said. */
function xmllint(xml: string, xsd: string, name: string) {
  const file = path.join(work, `${name}.xml`);
  writeFileSync(file, xml);
  const result = spawnSync("xmllint", ["--noout", "--schema", xsd, file], { encoding: "utf8" });
  if (result.error) throw result.error; // not run at all is no verdict
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The enveloped XML-DSig template the real signer fills: Id SignatureSP, whole document, X.509 data. */
const SIGNATURE_TEMPLATE = `<ds:Signature Id="${SIGNATURE_ID}"><ds:SignedInfo>\
<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>\
<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>\
<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></ds:Transforms>\
<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue/></ds:Reference>\
</ds:SignedInfo><ds:SignatureValue/><ds:KeyInfo><ds:X509Data><ds:X509Certificate/></ds:X509Data></ds:KeyInfo></ds:Signature>`;

/** The document signed by xmlsec1 into its empty extension, as the signer will do. */
function signWithXmlsec(xml: string, name: string): string {
  expect(xml).toContain("<ext:ExtensionContent/>");
  const template = path.join(work, `${name}.tmpl.xml`);
  const signed = path.join(work, `${name}.signed.xml`);
  writeFileSync(template, xml.replace("<ext:ExtensionContent/>", `<ext:ExtensionContent>${SIGNATURE_TEMPLATE}</ext:ExtensionContent>`));
  execFileSync("xmlsec1", ["--sign", "--privkey-pem", `${keyPem},${certPem}`, "--output", signed, template], { stdio: "pipe" });
  execFileSync("xmlsec1", ["--verify", "--pubkey-cert-pem", certPem, signed], { stdio: "pipe" });
  return readFileSync(signed, "utf8");
}

// ---- DOM helpers ---------------------------------------------------------------------------------

const CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";
const CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";

const parse = (xml: string) => new DOMParser().parseFromString(xml, "text/xml").documentElement as unknown as Element;
const children = (parent: Element, ns: string, name: string) =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name);
const child = (parent: Element, ns: string, name: string) => {
  const found = children(parent, ns, name);
  expect(found, `${name} under ${parent.localName}`).toHaveLength(1);
  return found[0];
};
/** The text of the element at `steps` (cac:/cbc: local names) below `parent`. */
const valueAt = (parent: Element, ...steps: string[]) =>
  steps.reduce((node, step) => child(node, step.startsWith("cac:") ? CAC : CBC, step.slice(4)), parent).textContent ?? "";
const dec = (value: Decimal.Value) => new Decimal(value);

// ---- Tests ---------------------------------------------------------------------------------------

describe("golden files", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s matches its golden file", (name, c) => {
    const xml = c.xml();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(c.xml()).toBe(xml); // the same input always gives the same bytes
    const file = path.join(GOLDEN, `${name}.xml`);
    if (process.env.UPDATE_GOLDEN === "1") {
      mkdirSync(GOLDEN, { recursive: true });
      writeFileSync(file, xml);
    }
    expect(xml).toBe(readFileSync(file, "utf8"));
  });
});

describe.skipIf(withoutXmllint || withoutXmlsec1 || withoutOpenssl)("SUNAT's XSDs, with xmllint, signed by xmlsec1 with a key made by OpenSSL", () => {
  beforeAll(makeSigningKey);

  it.each(CASES.map((c) => [c.name, c] as const))("%s, signed by xmlsec1, is schema-valid", (name, c) => {
    const signed = signWithXmlsec(c.xml(), name);
    const result = xmllint(signed, c.xsd, `${name}.signed`);
    expect(result.output).toContain("validates");
    expect(result.status).toBe(0);
  });
});

describe.skipIf(withoutXmllint)("SUNAT's XSDs, with xmllint", () => {

  it.each(CASES.filter((c) => !c.ubl21).map((c) => [c.name, c] as const))("%s (UBL 2.0) is schema-valid unsigned too", (name, c) => {
    const result = xmllint(c.xml(), c.xsd, name);
    expect(result.status, result.output).toBe(0);
  });

  it.each(CASES.filter((c) => c.ubl21).map((c) => [c.name, c] as const))(
    "%s (UBL 2.1) unsigned breaks the schema only in its still-empty ExtensionContent",
    (name, c) => {
      const result = xmllint(c.xml(), c.xsd, name);
      expect(result.status).not.toBe(0);
      const errors = result.output.split("\n").filter((line) => line.includes("error"));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain("ExtensionContent");
    },
  );
});

describe("the invoice's content", () => {
  it("writes the factura as SUNAT asks: id without padding, type and operation, legend, signature reference", () => {
    const doc = parse(buildSaleDocumentXml(factura));
    expect(doc.localName).toBe("Invoice");
    expect(valueAt(doc, "cbc:UBLVersionID")).toBe("2.1");
    expect(valueAt(doc, "cbc:CustomizationID")).toBe("2.0");
    expect(valueAt(doc, "cbc:ID")).toBe("F001-1");
    const typeCode = child(doc, CBC, "InvoiceTypeCode");
    expect(typeCode.textContent).toBe("01");
    expect(typeCode.getAttribute("listID")).toBe("0101");
    expect(typeCode.getAttribute("listURI")).toBe("urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01");
    const note = child(doc, CBC, "Note");
    expect(note.getAttribute("languageLocaleID")).toBe("1000");
    expect(note.textContent).toBe("SON: QUINIENTOS OCHENTA Y NUEVE CON 99/100 SOLES");
    expect(valueAt(doc, "cbc:LineCountNumeric")).toBe("2");
    expect(valueAt(doc, "cac:Signature", "cbc:ID")).toBe(issuer.ruc);
    expect(valueAt(doc, "cac:Signature", "cac:DigitalSignatureAttachment", "cac:ExternalReference", "cbc:URI")).toBe("#SignatureSP");
    const supplierId = child(child(child(child(doc, CAC, "AccountingSupplierParty"), CAC, "Party"), CAC, "PartyIdentification"), CBC, "ID");
    expect([supplierId.getAttribute("schemeID"), supplierId.textContent]).toEqual(["6", issuer.ruc]);
    const address = ["cac:AccountingSupplierParty", "cac:Party", "cac:PartyLegalEntity", "cac:RegistrationAddress"];
    expect(valueAt(doc, ...address, "cbc:ID")).toBe("150131");
    expect(valueAt(doc, ...address, "cbc:AddressTypeCode")).toBe("0000");
    expect(valueAt(doc, ...address, "cac:Country", "cbc:IdentificationCode")).toBe("PE");
    expect(valueAt(doc, "cac:PaymentTerms", "cbc:PaymentMeansID")).toBe("Contado");
    // Text is escaped, not dropped: "<interna>" and "&" survive a round trip.
    expect(valueAt(children(doc, CAC, "InvoiceLine")[0], "cac:Item", "cbc:Description")).toBe("Auditoría de seguridad de la red <interna>");
    expect(valueAt(doc, "cac:AccountingCustomerParty", "cac:Party", "cac:PartyLegalEntity", "cbc:RegistrationName")).toBe(
      "Minera Los Álamos S.A. & Asociados",
    );
  });

  it("writes Crédito with its cuotas and the detracción with the 2006 legend and operation 1001", () => {
    const doc = parse(buildSaleDocumentXml(facturaCredito));
    expect(child(doc, CBC, "InvoiceTypeCode").getAttribute("listID")).toBe("1001");
    const notes = children(doc, CBC, "Note").map((n) => [n.getAttribute("languageLocaleID"), n.textContent]);
    expect(notes).toEqual([
      ["1000", "SON: DOS MIL TRESCIENTOS SESENTA CON 00/100 SOLES"],
      ["2006", "Operación sujeta a detracción"],
    ]);
    const means = child(doc, CAC, "PaymentMeans");
    expect(valueAt(means, "cbc:ID")).toBe("Detraccion");
    expect(valueAt(means, "cbc:PaymentMeansCode")).toBe("001");
    expect(valueAt(means, "cac:PayeeFinancialAccount", "cbc:ID")).toBe("00-000-123456");
    const terms = children(doc, CAC, "PaymentTerms").map((t) =>
      [valueAt(t, "cbc:ID"), valueAt(t, "cbc:PaymentMeansID"), children(t, CBC, "Amount")[0]?.textContent, children(t, CBC, "PaymentDueDate")[0]?.textContent],
    );
    expect(terms).toEqual([
      ["Detraccion", "037", "283.00", undefined],
      ["FormaPago", "Credito", "2077.00", undefined],
      ["FormaPago", "Cuota001", "1038.50", "2026-12-28"],
      ["FormaPago", "Cuota002", "1038.50", "2027-01-27"],
    ]);
    expect(child(children(doc, CAC, "PaymentTerms")[0], CBC, "Amount").getAttribute("currencyID")).toBe("PEN");
    expect(valueAt(children(doc, CAC, "PaymentTerms")[0], "cbc:PaymentPercent")).toBe("12.00");
  });

  it("writes the boleta with type 03 and the customer's DNI (catalogue 06 type 1)", () => {
    const doc = parse(buildSaleDocumentXml(boleta));
    expect(valueAt(doc, "cbc:ID")).toBe("B001-1");
    expect(valueAt(doc, "cbc:InvoiceTypeCode")).toBe("03");
    const id = child(child(child(child(doc, CAC, "AccountingCustomerParty"), CAC, "Party"), CAC, "PartyIdentification"), CBC, "ID");
    expect([id.getAttribute("schemeID"), id.textContent]).toEqual(["1", "45678912"]);
  });

  it("writes the note's reason (catalogue 09) and the document it corrects", () => {
    const doc = parse(buildCreditNoteXml(notaCredito));
    expect(doc.localName).toBe("CreditNote");
    expect(valueAt(doc, "cbc:ID")).toBe("FC01-1");
    expect(valueAt(doc, "cac:DiscrepancyResponse", "cbc:ReferenceID")).toBe("F001-1");
    expect(valueAt(doc, "cac:DiscrepancyResponse", "cbc:ResponseCode")).toBe("07");
    expect(valueAt(doc, "cac:BillingReference", "cac:InvoiceDocumentReference", "cbc:ID")).toBe("F001-1");
    expect(valueAt(doc, "cac:BillingReference", "cac:InvoiceDocumentReference", "cbc:DocumentTypeCode")).toBe("01");
    expect(children(doc, CAC, "CreditNoteLine")).toHaveLength(1);
  });
});

describe("the amounts in the documents follow the rules", () => {
  const IGV = dec("0.18");
  const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

  it.each([
    ["factura", () => buildSaleDocumentXml(factura), "InvoiceLine"],
    ["boleta", () => buildSaleDocumentXml(boleta), "InvoiceLine"],
    ["factura-credito-detraccion", () => buildSaleDocumentXml(facturaCredito), "InvoiceLine"],
    ["nota-credito", () => buildCreditNoteXml(notaCredito), "CreditNoteLine"],
  ] as const)("%s: lines add up, IGV is 18 %% of the gravadas, total = gravadas + IGV", (_name, build, lineName) => {
    const doc = parse(build());
    const lines = children(doc, CAC, lineName);
    let sumLines = dec(0);
    for (const line of lines) {
      const quantity = dec(children(line, CBC, lineName === "InvoiceLine" ? "InvoicedQuantity" : "CreditedQuantity")[0].textContent!);
      const unitValue = dec(valueAt(line, "cac:Price", "cbc:PriceAmount"));
      const lineExtension = dec(valueAt(line, "cbc:LineExtensionAmount"));
      expect(round2(quantity.times(unitValue)).equals(lineExtension)).toBe(true);
      const lineIgv = dec(valueAt(line, "cac:TaxTotal", "cbc:TaxAmount"));
      expect(round2(lineExtension.times(IGV)).equals(lineIgv)).toBe(true);
      expect(valueAt(line, "cac:TaxTotal", "cac:TaxSubtotal", "cac:TaxCategory", "cbc:Percent")).toBe("18.00");
      expect(valueAt(line, "cac:TaxTotal", "cac:TaxSubtotal", "cac:TaxCategory", "cbc:TaxExemptionReasonCode")).toBe("10");
      // The unit price with IGV is the unit value plus 18 %.
      const unitPrice = dec(valueAt(line, "cac:PricingReference", "cac:AlternativeConditionPrice", "cbc:PriceAmount"));
      expect(round2(unitValue.times("1.18")).equals(unitPrice)).toBe(true);
      sumLines = sumLines.plus(lineExtension);
    }
    const taxable = dec(valueAt(doc, "cac:TaxTotal", "cac:TaxSubtotal", "cbc:TaxableAmount"));
    const igv = dec(valueAt(doc, "cac:TaxTotal", "cbc:TaxAmount"));
    expect(taxable.equals(sumLines)).toBe(true);
    expect(dec(valueAt(doc, "cac:LegalMonetaryTotal", "cbc:LineExtensionAmount")).equals(sumLines)).toBe(true);
    expect(igv.equals(round2(taxable.times(IGV)))).toBe(true);
    expect(dec(valueAt(doc, "cac:LegalMonetaryTotal", "cbc:TaxInclusiveAmount")).equals(taxable.plus(igv))).toBe(true);
    expect(dec(valueAt(doc, "cac:LegalMonetaryTotal", "cbc:PayableAmount")).equals(taxable.plus(igv))).toBe(true);
  });

  it("the detracción is 12 % of the total in whole soles, and the cuotas add up to the total less it", () => {
    const doc = parse(buildSaleDocumentXml(facturaCredito));
    const total = dec(valueAt(doc, "cac:LegalMonetaryTotal", "cbc:PayableAmount"));
    const [detraction, credit, ...cuotas] = children(doc, CAC, "PaymentTerms").map((t) => dec(valueAt(t, "cbc:Amount")));
    expect(total.times("0.12").toFixed(2)).toBe("283.20");
    expect(detraction.equals(total.times("0.12").toDecimalPlaces(0, Decimal.ROUND_HALF_UP))).toBe(true);
    expect(credit.equals(total.minus(detraction))).toBe(true);
    expect(cuotas.reduce((a, b) => a.plus(b), dec(0)).equals(credit)).toBe(true);
  });

  it("each summary line: total = gravadas (BillingPayment 01) + IGV", () => {
    const doc = parse(buildDailySummaryXml(resumen));
    const SAC = "urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1";
    const lines = children(doc, SAC, "SummaryDocumentsLine");
    expect(lines.map((l) => [valueAt(l, "cbc:LineID"), valueAt(l, "cbc:DocumentTypeCode"), valueAt(l, "cbc:ID"), valueAt(l, "cac:Status", "cbc:ConditionCode")])).toEqual([
      ["1", "03", "B001-1", "1"],
      ["2", "03", "B001-2", "3"],
      ["3", "07", "BC01-1", "1"],
    ]);
    for (const line of lines) {
      const total = dec(child(line, SAC, "TotalAmount").textContent!);
      const payment = child(line, SAC, "BillingPayment");
      expect(valueAt(payment, "cbc:InstructionID")).toBe("01");
      const taxable = dec(valueAt(payment, "cbc:PaidAmount"));
      const igv = dec(valueAt(line, "cac:TaxTotal", "cbc:TaxAmount"));
      expect(igv.equals(round2(taxable.times(IGV)))).toBe(true);
      expect(total.equals(taxable.plus(igv))).toBe(true);
    }
    expect(valueAt(lines[2], "cac:BillingReference", "cac:InvoiceDocumentReference", "cbc:ID")).toBe("B001-1");
    expect(children(lines[0], CAC, "BillingReference")).toHaveLength(0);
  });
});

describe("file names", () => {
  it("is RUC-type-series-number, the number unpadded, or RUC-id for a summary or a voiding", () => {
    expect(documentFileName("20123456789", factura)).toBe("20123456789-01-F001-1");
    expect(documentFileName("20123456789", { ...boleta, number: 1234 })).toBe("20123456789-03-B001-1234");
    expect(documentFileName("20123456789", notaCredito)).toBe("20123456789-07-FC01-1");
    expect(documentFileName("20123456789", resumen)).toBe("20123456789-RC-20261128-1");
    expect(documentFileName("20123456789", baja)).toBe("20123456789-RA-20261128-1");
  });
});

describe("inconsistent data is refused, with the reason in Spanish", () => {
  const refusal = (build: () => string) => {
    try {
      build();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return (error as DomainError).fieldErrors?._ ?? [];
    }
    throw new Error("expected a refusal");
  };

  it("totals that do not add up", () => {
    expect(refusal(() => buildSaleDocumentXml({ ...factura, totals: { ...factura.totals, taxable: "500.00" } }))).toContain(
      "Las operaciones gravadas no son la suma de los valores de venta de las líneas.",
    );
    expect(refusal(() => buildSaleDocumentXml({ ...factura, totals: { ...factura.totals, total: "590.00" } }))).toContain(
      "El importe total no es la suma de las operaciones gravadas y el IGV.",
    );
  });

  it("a series that does not match the document type", () => {
    expect(refusal(() => buildSaleDocumentXml({ ...factura, series: "B001" }))[0]).toMatch(/serie de una factura/);
    expect(refusal(() => buildCreditNoteXml({ ...notaCredito, series: "BC01" }))[0]).toMatch(/serie de una nota de crédito/);
  });

  it("a factura to a customer without RUC", () => {
    expect(refusal(() => buildSaleDocumentXml({ ...factura, customer: boleta.customer }))).toContain("Una factura se emite a un cliente con RUC.");
  });

  it("cuotas that do not add up to the pending amount, or a cuota due before the issue date", () => {
    const payment: PaymentTerms = { kind: "credito", pending: "2077.00", instalments: [{ amount: "1000.00", dueOn: "2026-12-28" }] };
    expect(refusal(() => buildSaleDocumentXml({ ...facturaCredito, payment }))).toContain(
      "La suma de las cuotas debe ser igual al monto pendiente de pago.",
    );
    const early: PaymentTerms = { kind: "credito", pending: "2077.00", instalments: [{ amount: "2077.00", dueOn: "2026-11-28" }] };
    expect(refusal(() => buildSaleDocumentXml({ ...facturaCredito, payment: early }))).toContain(
      "La cuota 1 debe vencer después de la fecha de emisión.",
    );
  });

  it("a detracción without operation 1001, and operation 1001 without a detracción", () => {
    expect(refusal(() => buildSaleDocumentXml({ ...facturaCredito, operationType: "0101" }))).toContain(
      "Una operación sujeta a detracción usa el tipo de operación 1001.",
    );
    expect(refusal(() => buildSaleDocumentXml({ ...factura, operationType: "1001" }))).toContain(
      "El tipo de operación 1001 requiere los datos de la detracción.",
    );
  });

  it("a summary whose id does not carry its own date, and a summary line of a factura", () => {
    expect(refusal(() => buildDailySummaryXml({ ...resumen, id: "RC-20261127-1" }))).toContain(
      "La fecha del identificador debe ser la fecha en que se genera.",
    );
    const line = { ...resumen.lines[0], id: "F001-1" };
    expect(refusal(() => buildDailySummaryXml({ ...resumen, lines: [line] }))[0]).toMatch(/debe ser una boleta/);
    const note = { ...resumen.lines[2], reference: undefined };
    expect(refusal(() => buildDailySummaryXml({ ...resumen, lines: [note] }))[0]).toMatch(/indicar la boleta que corrige/);
  });

  it("a voiding of a boleta (boletas are voided through the summary)", () => {
    expect(refusal(() => buildVoidedDocumentsXml({ ...baja, lines: [{ type: "01", series: "B001", number: 1, reason: "x" }] }))[0]).toMatch(
      /serie F/,
    );
  });

  it("a reason-13 note without the corrected Crédito terms", () => {
    expect(refusal(() => buildCreditNoteXml({ ...notaCredito, reason: { code: "13", description: "Nuevas cuotas" } }))).toContain(
      "Una nota de crédito por el motivo 13 indica la nueva forma de pago al crédito.",
    );
  });
});
