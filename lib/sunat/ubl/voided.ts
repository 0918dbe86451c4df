// SUNAT's comunicación de baja (RA) as its UBL 2.0 VoidedDocuments (customization 1.0), unsigned:
// one sac:VoidedDocumentsLine per factura or nota de crédito of a factura voided, with the reason.
// Pure: no I/O here.
import {
  checkIssuer,
  checkNumber,
  documentRoot,
  NS,
  Problems,
  serialize,
  signatureReference,
  summarySupplierParty,
  text,
  versions,
} from "@/lib/sunat/ubl/common";
import { checkDailyId, MAX_SUMMARY_LINES } from "@/lib/sunat/ubl/summary";
import type { VoidedDocumentsDocument } from "@/lib/sunat/types";

function checkVoided(doc: VoidedDocumentsDocument) {
  const problems = new Problems();
  problems.date(doc.issueDate, "La fecha de generación");
  problems.date(doc.referenceDate, "La fecha de emisión de los comprobantes");
  problems.check(doc.referenceDate <= doc.issueDate, "La baja no puede llevar comprobantes emitidos después de su fecha.");
  checkDailyId(problems, "RA", doc.id, doc.issueDate);
  checkIssuer(problems, doc.issuer);
  problems.check(doc.lines.length > 0, "La comunicación de baja no tiene comprobantes.");
  problems.check(doc.lines.length <= MAX_SUMMARY_LINES, `Una comunicación de baja lleva como máximo ${MAX_SUMMARY_LINES} comprobantes.`);
  doc.lines.forEach((line, i) => {
    problems.check(/^F[A-Z0-9]{3}$/.test(line.series), `La línea ${i + 1} de la baja debe ser una factura o su nota (serie F).`);
    checkNumber(problems, line.number);
    problems.check(line.reason.trim() !== "", `La línea ${i + 1} de la baja no indica el motivo.`);
  });
  problems.done();
}

/** The comunicación de baja as an unsigned UBL 2.0 VoidedDocuments. Throws an invalid error on inconsistent data. */
export function buildVoidedDocumentsXml(doc: VoidedDocumentsDocument): string {
  checkVoided(doc);
  const root = documentRoot(NS.voided, "VoidedDocuments", true);
  versions(root, "2.0", "1.0");
  text(root, "cbc:ID", doc.id);
  text(root, "cbc:ReferenceDate", doc.referenceDate);
  text(root, "cbc:IssueDate", doc.issueDate);
  signatureReference(root, doc.issuer);
  summarySupplierParty(root, doc.issuer);
  doc.lines.forEach((line, i) => {
    const node = root.ele("sac:VoidedDocumentsLine");
    text(node, "cbc:LineID", i + 1);
    text(node, "cbc:DocumentTypeCode", line.type);
    text(node, "sac:DocumentSerialID", line.series);
    text(node, "sac:DocumentNumberID", line.number);
    text(node, "sac:VoidReasonDescription", line.reason);
  });
  return serialize(root);
}
