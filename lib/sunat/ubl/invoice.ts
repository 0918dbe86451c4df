// A factura (01) or boleta de venta (03) as the UBL 2.1 Invoice SUNAT's current guides ask for,
// unsigned: the extension the signature goes into is left empty. Pure: no I/O here.
import { catalogUri, DETRACTION_LEGEND, LEGENDS } from "@/lib/sunat/catalogs";
import {
  amount,
  checkCredit,
  checkCustomer,
  checkIssuer,
  checkLinesAndTotals,
  checkNumber,
  currencyCodeAttributes,
  customerParty,
  documentLine,
  documentRoot,
  documentTaxTotal,
  formaPago,
  legalMonetaryTotal,
  NS,
  Problems,
  serialize,
  signatureReference,
  sunatList,
  supplierParty,
  text,
  versions,
  type XMLBuilder,
} from "@/lib/sunat/ubl/common";
import type { SaleDocument } from "@/lib/sunat/types";

/** "F001-1": the series and the number as SUNAT writes it, without padding. */
export const documentId = (series: string, number: number) => `${series}-${number}`;

function checkSaleDocument(doc: SaleDocument) {
  const problems = new Problems();
  const seriesLetter = doc.type === "01" ? "F" : "B";
  problems.check(
    new RegExp(`^${seriesLetter}[A-Z0-9]{3}$`).test(doc.series),
    `La serie de ${doc.type === "01" ? "una factura" : "una boleta"} debe tener 4 caracteres y empezar con ${seriesLetter}.`,
  );
  checkNumber(problems, doc.number);
  problems.date(doc.issueDate, "La fecha de emisión");
  problems.time(doc.issueTime, "La hora de emisión");
  if (doc.dueDate !== undefined) {
    problems.date(doc.dueDate, "La fecha de vencimiento");
    problems.check(doc.dueDate >= doc.issueDate, "La fecha de vencimiento no puede ser anterior a la de emisión.");
  }
  checkIssuer(problems, doc.issuer);
  checkCustomer(problems, doc.customer);
  if (doc.type === "01") problems.check(doc.customer.identityType === "6", "Una factura se emite a un cliente con RUC.");
  checkLinesAndTotals(problems, doc.lines, doc.totals);
  problems.check(doc.amountInWords.trim() !== "", "Falta el importe en letras.");

  checkCredit(problems, doc.payment, doc.issueDate, doc.totals.total);

  if (doc.detraction) {
    problems.check(doc.type === "01", "Solo una factura puede estar sujeta a detracción.");
    problems.check(doc.operationType === "1001", "Una operación sujeta a detracción usa el tipo de operación 1001.");
    problems.money(doc.detraction.amountPen, "El monto de la detracción");
    problems.check(doc.detraction.account.trim() !== "", "Falta la cuenta de detracciones.");
  } else {
    problems.check(doc.operationType !== "1001", "El tipo de operación 1001 requiere los datos de la detracción.");
  }
  problems.done();
}

/** PaymentMeans and PaymentTerms "Detraccion": account, service code, rate and amount in soles. */
function detraction(root: XMLBuilder, doc: SaleDocument) {
  if (!doc.detraction) return;
  const means = root.ele("cac:PaymentMeans");
  text(means, "cbc:ID", "Detraccion");
  text(means, "cbc:PaymentMeansCode", doc.detraction.paymentMeansCode, sunatList("Medio de pago", "59"));
  text(means.ele("cac:PayeeFinancialAccount"), "cbc:ID", doc.detraction.account);
  const terms = root.ele("cac:PaymentTerms");
  text(terms, "cbc:ID", "Detraccion");
  text(terms, "cbc:PaymentMeansID", doc.detraction.code, {
    schemeName: "Codigo de detraccion",
    schemeAgencyName: "PE:SUNAT",
    schemeURI: catalogUri("54"),
  });
  text(terms, "cbc:PaymentPercent", doc.detraction.percent);
  amount(terms, "cbc:Amount", doc.detraction.amountPen, "PEN");
}

/** The factura or boleta as an unsigned UBL 2.1 Invoice. Throws an invalid error on inconsistent data. */
export function buildSaleDocumentXml(doc: SaleDocument): string {
  checkSaleDocument(doc);
  const root = documentRoot(NS.invoice, "Invoice", false);
  versions(root, "2.1", "2.0");
  text(root, "cbc:ID", documentId(doc.series, doc.number));
  text(root, "cbc:IssueDate", doc.issueDate);
  text(root, "cbc:IssueTime", doc.issueTime);
  if (doc.dueDate) text(root, "cbc:DueDate", doc.dueDate);
  text(root, "cbc:InvoiceTypeCode", doc.type, {
    ...sunatList("Tipo de Documento", "01"),
    listID: doc.operationType,
    name: "Tipo de Operacion",
    listSchemeURI: catalogUri("51"),
  });
  text(root, "cbc:Note", doc.amountInWords, { languageLocaleID: LEGENDS.amountInWords });
  if (doc.detraction) text(root, "cbc:Note", DETRACTION_LEGEND, { languageLocaleID: LEGENDS.detraction });
  text(root, "cbc:DocumentCurrencyCode", doc.currency, currencyCodeAttributes);
  text(root, "cbc:LineCountNumeric", doc.lines.length);
  signatureReference(root, doc.issuer);
  supplierParty(root, doc.issuer);
  customerParty(root, doc.customer);
  detraction(root, doc);
  formaPago(root, doc.payment, doc.currency);
  documentTaxTotal(root, doc.totals, doc.currency);
  legalMonetaryTotal(root, doc.totals, doc.currency);
  for (const line of doc.lines) documentLine(root, "cac:InvoiceLine", line, doc.currency);
  return serialize(root);
}
