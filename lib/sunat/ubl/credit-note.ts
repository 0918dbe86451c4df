// A nota de crédito (07) as SUNAT's UBL 2.1 CreditNote, unsigned: the reason (catalogue 09), the
// factura or boleta it corrects, the parties, the totals and the lines. Pure: no I/O here.
import { LEGENDS } from "@/lib/sunat/catalogs";
import {
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
} from "@/lib/sunat/ubl/common";
import { documentId } from "@/lib/sunat/ubl/invoice";
import type { CreditNoteDocument, PaymentTerms } from "@/lib/sunat/types";

/**
 * What the builder takes: the note, plus the corrected forma de pago when the reason is 13
 * (corrección del monto neto pendiente de pago o de las cuotas), the only reason that carries one.
 */
export type CreditNoteXmlInput = CreditNoteDocument & { payment?: PaymentTerms };

function checkCreditNote(doc: CreditNoteXmlInput) {
  const problems = new Problems();
  const letter = doc.reference.type === "01" ? "F" : "B";
  problems.check(
    new RegExp(`^${letter}[A-Z0-9]{3}$`).test(doc.series),
    `La serie de una nota de crédito de ${doc.reference.type === "01" ? "una factura" : "una boleta"} debe tener 4 caracteres y empezar con ${letter}.`,
  );
  problems.check(
    new RegExp(`^${letter}[A-Z0-9]{3}-[1-9]\\d{0,7}$`).test(doc.reference.id),
    "El comprobante que se corrige debe escribirse como serie-número (F001-1).",
  );
  checkNumber(problems, doc.number);
  problems.date(doc.issueDate, "La fecha de emisión");
  problems.time(doc.issueTime, "La hora de emisión");
  checkIssuer(problems, doc.issuer);
  checkCustomer(problems, doc.customer);
  checkLinesAndTotals(problems, doc.lines, doc.totals);
  problems.check(doc.reason.description.trim() !== "", "Falta el sustento de la nota de crédito.");
  problems.check(doc.amountInWords.trim() !== "", "Falta el importe en letras.");
  if (doc.reason.code === "13") {
    problems.check(doc.payment?.kind === "credito", "Una nota de crédito por el motivo 13 indica la nueva forma de pago al crédito.");
  } else {
    problems.check(doc.payment === undefined, "Solo una nota de crédito por el motivo 13 indica la forma de pago.");
  }
  if (doc.payment) checkCredit(problems, doc.payment, doc.issueDate);
  problems.done();
}

/** The nota de crédito as an unsigned UBL 2.1 CreditNote. Throws an invalid error on inconsistent data. */
export function buildCreditNoteXml(doc: CreditNoteXmlInput): string {
  checkCreditNote(doc);
  const root = documentRoot(NS.creditNote, "CreditNote", false);
  versions(root, "2.1", "2.0");
  text(root, "cbc:ID", documentId(doc.series, doc.number));
  text(root, "cbc:IssueDate", doc.issueDate);
  text(root, "cbc:IssueTime", doc.issueTime);
  text(root, "cbc:Note", doc.amountInWords, { languageLocaleID: LEGENDS.amountInWords });
  text(root, "cbc:DocumentCurrencyCode", doc.currency, currencyCodeAttributes);

  const discrepancy = root.ele("cac:DiscrepancyResponse");
  text(discrepancy, "cbc:ReferenceID", doc.reference.id);
  text(discrepancy, "cbc:ResponseCode", doc.reason.code, sunatList("Tipo de nota de credito", "09"));
  text(discrepancy, "cbc:Description", doc.reason.description);

  const reference = root.ele("cac:BillingReference").ele("cac:InvoiceDocumentReference");
  text(reference, "cbc:ID", doc.reference.id);
  text(reference, "cbc:DocumentTypeCode", doc.reference.type, sunatList("Tipo de Documento", "01"));

  signatureReference(root, doc.issuer);
  supplierParty(root, doc.issuer);
  customerParty(root, doc.customer);
  if (doc.payment) formaPago(root, doc.payment, doc.currency);
  documentTaxTotal(root, doc.totals, doc.currency);
  legalMonetaryTotal(root, doc.totals, doc.currency);
  for (const line of doc.lines) documentLine(root, "cac:CreditNoteLine", line, doc.currency);
  return serialize(root);
}

