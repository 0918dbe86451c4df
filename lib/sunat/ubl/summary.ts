// SUNAT's resumen diario (RC) as its UBL 2.0 SummaryDocuments (customization 1.1), unsigned: one
// sac:SummaryDocumentsLine per boleta or nota de crédito of a boleta, added, modified or voided.
// Pure: no I/O here.
import {
  amount,
  checkIssuer,
  documentRoot,
  igvTaxScheme,
  NS,
  Problems,
  serialize,
  signatureReference,
  sunatList,
  summarySupplierParty,
  text,
  versions,
} from "@/lib/sunat/ubl/common";
import type { DailySummaryDocument } from "@/lib/sunat/types";

/** SUNAT takes at most this many lines in one summary. */
export const MAX_SUMMARY_LINES = 500;

const BOLETA_ID = /^B[A-Z0-9]{3}-[1-9]\d{0,7}$/;

/**
 * "RC-20261128-1" or "RA-20261128-1": the prefix, the day it is made (which must be its issue
 * date) and that day's correlative (1…99999).
 */
export function checkDailyId(problems: Problems, prefix: "RC" | "RA", id: string, issueDate: string) {
  const match = new RegExp(`^${prefix}-(\\d{8})-([1-9]\\d{0,4})$`).exec(id);
  problems.check(match !== null, `El identificador debe tener la forma ${prefix}-AAAAMMDD-correlativo.`);
  if (match) problems.check(match[1] === issueDate.replaceAll("-", ""), "La fecha del identificador debe ser la fecha en que se genera.");
}

function checkSummary(doc: DailySummaryDocument) {
  const problems = new Problems();
  problems.date(doc.issueDate, "La fecha de generación");
  problems.date(doc.referenceDate, "La fecha de emisión de los comprobantes");
  problems.check(doc.referenceDate <= doc.issueDate, "El resumen no puede llevar comprobantes emitidos después de su fecha.");
  checkDailyId(problems, "RC", doc.id, doc.issueDate);
  checkIssuer(problems, doc.issuer);
  problems.check(doc.lines.length > 0, "El resumen no tiene comprobantes.");
  problems.check(doc.lines.length <= MAX_SUMMARY_LINES, `Un resumen lleva como máximo ${MAX_SUMMARY_LINES} comprobantes.`);
  doc.lines.forEach((line, i) => {
    const label = `La línea ${i + 1} del resumen`;
    problems.check(BOLETA_ID.test(line.id), `${label} debe ser una boleta o su nota (serie B, serie-número).`);
    if (line.type === "07") {
      problems.check(line.reference !== undefined && BOLETA_ID.test(line.reference.id), `${label} es una nota y debe indicar la boleta que corrige.`);
    } else {
      problems.check(line.reference === undefined, `${label} es una boleta y no lleva documento de referencia.`);
    }
    problems.check(line.customer.identityNumber.trim() !== "", `${label} no tiene el documento del cliente.`);
    problems.money(line.totals.taxable, `El total gravado de ${label.toLowerCase()}`);
    problems.money(line.totals.igv, `El IGV de ${label.toLowerCase()}`);
    problems.money(line.totals.total, `El importe total de ${label.toLowerCase()}`);
  });
  problems.done();
}

/** The resumen diario as an unsigned UBL 2.0 SummaryDocuments. Throws an invalid error on inconsistent data. */
export function buildDailySummaryXml(doc: DailySummaryDocument): string {
  checkSummary(doc);
  const root = documentRoot(NS.summary, "SummaryDocuments", true);
  versions(root, "2.0", "1.1");
  text(root, "cbc:ID", doc.id);
  text(root, "cbc:ReferenceDate", doc.referenceDate);
  text(root, "cbc:IssueDate", doc.issueDate);
  signatureReference(root, doc.issuer);
  summarySupplierParty(root, doc.issuer);
  doc.lines.forEach((line, i) => {
    const node = root.ele("sac:SummaryDocumentsLine");
    text(node, "cbc:LineID", i + 1);
    text(node, "cbc:DocumentTypeCode", line.type);
    text(node, "cbc:ID", line.id);
    const customer = node.ele("cac:AccountingCustomerParty");
    text(customer, "cbc:CustomerAssignedAccountID", line.customer.identityNumber);
    text(customer, "cbc:AdditionalAccountID", line.customer.identityType);
    if (line.reference) {
      const reference = node.ele("cac:BillingReference").ele("cac:InvoiceDocumentReference");
      text(reference, "cbc:ID", line.reference.id);
      text(reference, "cbc:DocumentTypeCode", line.reference.type, sunatList("Tipo de Documento", "01"));
    }
    text(node.ele("cac:Status"), "cbc:ConditionCode", line.condition);
    amount(node, "sac:TotalAmount", line.totals.total, line.currency);
    // Catalogue 11, "01": the amount of the operaciones gravadas.
    const payment = node.ele("sac:BillingPayment");
    amount(payment, "cbc:PaidAmount", line.totals.taxable, line.currency);
    text(payment, "cbc:InstructionID", "01");
    const taxTotal = node.ele("cac:TaxTotal");
    amount(taxTotal, "cbc:TaxAmount", line.totals.igv, line.currency);
    const subtotal = taxTotal.ele("cac:TaxSubtotal");
    amount(subtotal, "cbc:TaxAmount", line.totals.igv, line.currency);
    igvTaxScheme(subtotal.ele("cac:TaxCategory"));
  });
  return serialize(root);
}
