// The parts every SUNAT UBL document shares: namespaces, the empty extension the signer fills,
// the signature reference, the issuer as supplier, amounts and the IGV tax scheme, and the checks
// on the plain data before it becomes XML. Pure: no I/O here.
import Decimal from "decimal.js";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import { invalid } from "@/lib/errors";
import { catalogUri, IGV_TAX_SCHEME } from "@/lib/sunat/catalogs";
import type { CurrencyCode, Customer, DocumentLine, DocumentTotals, Issuer, PaymentTerms } from "@/lib/sunat/types";

export type { XMLBuilder };

/** The Id of the ds:Signature the signer puts in the extension; the cac:Signature points at it. */
export const SIGNATURE_ID = "SignatureSP";

export const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  creditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  summary: "urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1",
  voided: "urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  ext: "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
  sac: "urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1",
  ds: "http://www.w3.org/2000/09/xmldsig#",
} as const;

/** SUNAT's own agency name in list and scheme attributes. */
const SUNAT = "PE:SUNAT";
const UNECE = "United Nations Economic Commission for Europe";

/**
 * A document root in namespace `rootNs` with the prefixes SUNAT's documents use, starting with
 * ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent left empty for the signature.
 */
export function documentRoot(rootNs: string, name: string, withSac: boolean): XMLBuilder {
  const attributes: Record<string, string> = {
    "xmlns:cac": NS.cac,
    "xmlns:cbc": NS.cbc,
    "xmlns:ds": NS.ds,
    "xmlns:ext": NS.ext,
  };
  if (withSac) attributes["xmlns:sac"] = NS.sac;
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele(rootNs, name, attributes);
  root.ele("ext:UBLExtensions").ele("ext:UBLExtension").ele("ext:ExtensionContent");
  return root;
}

/** The finished document: UTF-8 XML with its declaration, indented so golden files read well. */
export function serialize(root: XMLBuilder): string {
  return `${root.end({ prettyPrint: true, indent: "  " })}\n`;
}

/** A text element `name` under `parent`, with optional attributes. */
export function text(parent: XMLBuilder, name: string, value: string | number, attributes?: Record<string, string>) {
  return parent.ele(name, attributes).txt(String(value));
}

/** An amount element: `currencyID` and the exact decimal string. */
export function amount(parent: XMLBuilder, name: string, value: string, currency: CurrencyCode) {
  return text(parent, name, value, { currencyID: currency });
}

/** Attributes of a code from a SUNAT catalogue. */
export const sunatList = (listName: string, catalog: string) => ({
  listAgencyName: SUNAT,
  listName,
  listURI: catalogUri(catalog),
});

/** The identity-document scheme attributes of a party's id (catalogue 06). */
const identityScheme = (type: string) => ({
  schemeID: type,
  schemeName: "Documento de Identidad",
  schemeAgencyName: SUNAT,
  schemeURI: catalogUri("06"),
});

export const currencyCodeAttributes = { listID: "ISO 4217 Alpha", listName: "Currency", listAgencyName: UNECE };
export const countryCodeAttributes = { listID: "ISO 3166-1", listAgencyName: UNECE, listName: "Country" };
export const unitCodeAttributes = (unitCode: string) => ({
  unitCode,
  unitCodeListID: "UN/ECE rec 20",
  unitCodeListAgencyName: UNECE,
});

/** cbc:UBLVersionID and cbc:CustomizationID. */
export function versions(root: XMLBuilder, ubl: "2.1" | "2.0", customization: string) {
  text(root, "cbc:UBLVersionID", ubl);
  text(root, "cbc:CustomizationID", customization, ubl === "2.1" ? { schemeAgencyName: SUNAT } : undefined);
}

/** cac:Signature: who signs (the issuer) and where the signature is (#SignatureSP). */
export function signatureReference(root: XMLBuilder, issuer: Issuer) {
  const signature = root.ele("cac:Signature");
  text(signature, "cbc:ID", issuer.ruc);
  const party = signature.ele("cac:SignatoryParty");
  text(party.ele("cac:PartyIdentification"), "cbc:ID", issuer.ruc);
  text(party.ele("cac:PartyName"), "cbc:Name", issuer.legalName);
  text(signature.ele("cac:DigitalSignatureAttachment").ele("cac:ExternalReference"), "cbc:URI", `#${SIGNATURE_ID}`);
}

/** UBL 2.1 cac:AccountingSupplierParty: RUC, trade name, legal name and the registered address. */
export function supplierParty(root: XMLBuilder, issuer: Issuer) {
  const party = root.ele("cac:AccountingSupplierParty").ele("cac:Party");
  text(party.ele("cac:PartyIdentification"), "cbc:ID", issuer.ruc, identityScheme("6"));
  if (issuer.tradeName) text(party.ele("cac:PartyName"), "cbc:Name", issuer.tradeName);
  const entity = party.ele("cac:PartyLegalEntity");
  text(entity, "cbc:RegistrationName", issuer.legalName);
  const address = entity.ele("cac:RegistrationAddress");
  text(address, "cbc:ID", issuer.address.ubigeo, { schemeName: "Ubigeos", schemeAgencyName: "PE:INEI" });
  text(address, "cbc:AddressTypeCode", issuer.address.establishmentCode, {
    listAgencyName: SUNAT,
    listName: "Establecimientos anexos",
  });
  text(address, "cbc:CityName", issuer.address.province);
  text(address, "cbc:CountrySubentity", issuer.address.department);
  text(address, "cbc:District", issuer.address.district);
  text(address.ele("cac:AddressLine"), "cbc:Line", issuer.address.street);
  text(address.ele("cac:Country"), "cbc:IdentificationCode", "PE", countryCodeAttributes);
}

/** UBL 2.1 cac:AccountingCustomerParty: the identity document (catalogue 06) and the name. */
export function customerParty(root: XMLBuilder, customer: Customer) {
  const party = root.ele("cac:AccountingCustomerParty").ele("cac:Party");
  text(party.ele("cac:PartyIdentification"), "cbc:ID", customer.identityNumber, identityScheme(customer.identityType));
  text(party.ele("cac:PartyLegalEntity"), "cbc:RegistrationName", customer.name);
}

/** UBL 2.0 cac:AccountingSupplierParty of a summary or a voiding: RUC, type 6 and legal name. */
export function summarySupplierParty(root: XMLBuilder, issuer: Issuer) {
  const supplier = root.ele("cac:AccountingSupplierParty");
  text(supplier, "cbc:CustomerAssignedAccountID", issuer.ruc);
  text(supplier, "cbc:AdditionalAccountID", "6");
  text(supplier.ele("cac:Party").ele("cac:PartyLegalEntity"), "cbc:RegistrationName", issuer.legalName);
}

/** cac:TaxScheme of the IGV (catalogue 05). */
export function igvTaxScheme(category: XMLBuilder) {
  const scheme = category.ele("cac:TaxScheme");
  text(scheme, "cbc:ID", IGV_TAX_SCHEME.id, {
    schemeName: "Codigo de tributos",
    schemeAgencyName: SUNAT,
    schemeURI: catalogUri("05"),
  });
  text(scheme, "cbc:Name", IGV_TAX_SCHEME.name);
  text(scheme, "cbc:TaxTypeCode", IGV_TAX_SCHEME.typeCode);
}

/** The document's cac:TaxTotal: the IGV on the operaciones gravadas. */
export function documentTaxTotal(root: XMLBuilder, totals: DocumentTotals, currency: CurrencyCode) {
  const taxTotal = root.ele("cac:TaxTotal");
  amount(taxTotal, "cbc:TaxAmount", totals.igv, currency);
  const subtotal = taxTotal.ele("cac:TaxSubtotal");
  amount(subtotal, "cbc:TaxableAmount", totals.taxable, currency);
  amount(subtotal, "cbc:TaxAmount", totals.igv, currency);
  igvTaxScheme(subtotal.ele("cac:TaxCategory"));
}

/** cac:LegalMonetaryTotal: valor de venta, precio de venta and importe total. */
export function legalMonetaryTotal(root: XMLBuilder, totals: DocumentTotals, currency: CurrencyCode) {
  const monetary = root.ele("cac:LegalMonetaryTotal");
  amount(monetary, "cbc:LineExtensionAmount", totals.taxable, currency);
  amount(monetary, "cbc:TaxInclusiveAmount", totals.total, currency);
  amount(monetary, "cbc:PayableAmount", totals.total, currency);
}

/**
 * One InvoiceLine or CreditNoteLine: quantity, valor de venta, the unit price with IGV (price type
 * 01), the line's IGV with its affectation (catalogue 07), the description and the unit value.
 */
export function documentLine(
  root: XMLBuilder,
  element: "cac:InvoiceLine" | "cac:CreditNoteLine",
  line: DocumentLine,
  currency: CurrencyCode,
) {
  const node = root.ele(element);
  text(node, "cbc:ID", line.position);
  const quantityElement = element === "cac:InvoiceLine" ? "cbc:InvoicedQuantity" : "cbc:CreditedQuantity";
  text(node, quantityElement, line.quantity, unitCodeAttributes(line.unitCode));
  amount(node, "cbc:LineExtensionAmount", line.lineExtension, currency);
  const price = node.ele("cac:PricingReference").ele("cac:AlternativeConditionPrice");
  amount(price, "cbc:PriceAmount", line.unitPrice, currency);
  text(price, "cbc:PriceTypeCode", "01", sunatList("Tipo de Precio", "16"));
  const taxTotal = node.ele("cac:TaxTotal");
  amount(taxTotal, "cbc:TaxAmount", line.igv, currency);
  const subtotal = taxTotal.ele("cac:TaxSubtotal");
  amount(subtotal, "cbc:TaxableAmount", line.lineExtension, currency);
  amount(subtotal, "cbc:TaxAmount", line.igv, currency);
  const category = subtotal.ele("cac:TaxCategory");
  text(category, "cbc:Percent", line.taxPercent);
  text(category, "cbc:TaxExemptionReasonCode", line.igvAffectation, sunatList("Afectacion del IGV", "07"));
  igvTaxScheme(category);
  text(node.ele("cac:Item"), "cbc:Description", line.description);
  amount(node.ele("cac:Price"), "cbc:PriceAmount", line.unitValue, currency);
}

// ---------------------------------------------------------------------------------------------
// Checks: the builders refuse data SUNAT would reject for its shape or arithmetic, so a bug
// upstream surfaces here and not as a rejected document.

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const MONEY = /^\d+\.\d{2}$/;
const QUANTITY = /^\d+(\.\d{1,10})?$/;
/** A unit value or price may carry up to 10 decimals. */
const PRICE = /^\d+(\.\d{1,10})?$/;
const PERCENT = /^\d+(\.\d{1,2})?$/;

/** Collects the problems of one document; `done` throws them all as one invalid error. */
export class Problems {
  private readonly list: string[] = [];
  add(message: string) {
    this.list.push(message);
  }
  check(ok: boolean, message: string) {
    if (!ok) this.add(message);
  }
  date(value: string | undefined, label: string) {
    this.check(value !== undefined && DATE.test(value), `${label} no es una fecha válida (AAAA-MM-DD).`);
  }
  time(value: string, label: string) {
    this.check(TIME.test(value), `${label} no es una hora válida (HH:MM:SS).`);
  }
  money(value: string, label: string) {
    this.check(MONEY.test(value), `${label} debe ser un importe con dos decimales.`);
  }
  done() {
    if (this.list.length) throw invalid({ _: this.list }, `El comprobante no se puede generar: ${this.list[0]}`);
  }
}

const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0));
const equal = (a: Decimal.Value, b: Decimal.Value) => new Decimal(a).equals(b);

/** Series-number ids, lines and totals of an Invoice or CreditNote. */
export function checkLinesAndTotals(problems: Problems, lines: DocumentLine[], totals: DocumentTotals) {
  problems.check(lines.length > 0, "El comprobante no tiene líneas.");
  lines.forEach((line, i) => {
    const label = `La línea ${i + 1}`;
    problems.check(line.position === i + 1, `${label} debe tener la posición ${i + 1}.`);
    problems.check(line.description.trim() !== "", `${label} no tiene descripción.`);
    problems.check(QUANTITY.test(line.quantity) && !equal(line.quantity, 0), `${label} tiene una cantidad no válida.`);
    problems.check(PRICE.test(line.unitValue) && PRICE.test(line.unitPrice), `${label} tiene un valor unitario no válido.`);
    problems.money(line.lineExtension, `El valor de venta de ${label.toLowerCase()}`);
    problems.money(line.igv, `El IGV de ${label.toLowerCase()}`);
    problems.check(PERCENT.test(line.taxPercent), `${label} tiene una tasa de IGV no válida.`);
  });
  problems.money(totals.taxable, "El total de operaciones gravadas");
  problems.money(totals.igv, "El IGV total");
  problems.money(totals.total, "El importe total");
  if (lines.every((line) => MONEY.test(line.lineExtension)) && MONEY.test(totals.taxable)) {
    problems.check(
      equal(sum(lines.map((line) => line.lineExtension)), totals.taxable),
      "Las operaciones gravadas no son la suma de los valores de venta de las líneas.",
    );
  }
  if (MONEY.test(totals.taxable) && MONEY.test(totals.igv) && MONEY.test(totals.total)) {
    problems.check(
      equal(new Decimal(totals.taxable).plus(totals.igv), totals.total),
      "El importe total no es la suma de las operaciones gravadas y el IGV.",
    );
  }
}

/** A document number SUNAT accepts: 1…99999999. */
export function checkNumber(problems: Problems, value: number) {
  problems.check(Number.isInteger(value) && value >= 1 && value <= 99_999_999, "El correlativo debe estar entre 1 y 99999999.");
}

export function checkIssuer(problems: Problems, issuer: Issuer) {
  problems.check(/^\d{11}$/.test(issuer.ruc), "El RUC del emisor debe tener 11 dígitos.");
  problems.check(issuer.legalName.trim() !== "", "Falta la razón social del emisor.");
  problems.check(/^\d{6}$/.test(issuer.address.ubigeo), "El ubigeo del emisor debe tener 6 dígitos.");
  problems.check(/^\d{4}$/.test(issuer.address.establishmentCode), "El código de establecimiento debe tener 4 dígitos.");
}

export function checkCustomer(problems: Problems, customer: Customer) {
  problems.check(customer.identityNumber.trim() !== "", "Falta el número de documento del cliente.");
  problems.check(customer.name.trim() !== "", "Falta el nombre del cliente.");
}


/** PaymentTerms "FormaPago": Contado, or Credito with the pending amount and one term per cuota (Cuota001…). */
export function formaPago(root: XMLBuilder, payment: PaymentTerms, currency: CurrencyCode) {
  const form = root.ele("cac:PaymentTerms");
  text(form, "cbc:ID", "FormaPago");
  if (payment.kind === "contado") {
    text(form, "cbc:PaymentMeansID", "Contado");
    return;
  }
  text(form, "cbc:PaymentMeansID", "Credito");
  amount(form, "cbc:Amount", payment.pending, currency);
  payment.instalments.forEach((instalment, i) => {
    const term = root.ele("cac:PaymentTerms");
    text(term, "cbc:ID", "FormaPago");
    text(term, "cbc:PaymentMeansID", `Cuota${String(i + 1).padStart(3, "0")}`);
    amount(term, "cbc:Amount", instalment.amount, currency);
    text(term, "cbc:PaymentDueDate", instalment.dueOn);
  });
}

/**
 * A Crédito's pending amount and cuotas: amounts, due dates after the issue date, their sum and,
 * when `total` is given (a sale, not a note correcting one), a pending amount within the total.
 */
export function checkCredit(problems: Problems, payment: PaymentTerms, issueDate: string, total?: string) {
  if (payment.kind !== "credito") return;
  const { pending, instalments } = payment;
  problems.money(pending, "El monto pendiente de pago");
  problems.check(instalments.length > 0, "Una venta al crédito necesita al menos una cuota.");
  instalments.forEach((instalment, i) => {
    problems.money(instalment.amount, `El monto de la cuota ${i + 1}`);
    problems.date(instalment.dueOn, `El vencimiento de la cuota ${i + 1}`);
    problems.check(instalment.dueOn > issueDate, `La cuota ${i + 1} debe vencer después de la fecha de emisión.`);
  });
  if ([pending, ...instalments.map((instalment) => instalment.amount)].every((value) => MONEY.test(value))) {
    problems.check(
      sum(instalments.map((instalment) => instalment.amount)).equals(pending),
      "La suma de las cuotas debe ser igual al monto pendiente de pago.",
    );
    if (total !== undefined && MONEY.test(total)) {
      problems.check(new Decimal(pending).lte(total), "El monto pendiente de pago no puede superar el importe total.");
    }
  }
}
