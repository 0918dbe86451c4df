// The UBL builders of SUNAT's electronic documents and the file name each travels under. Pure:
// no I/O here.
import type { CreditNoteDocument, DailySummaryDocument, SaleDocument, VoidedDocumentsDocument } from "@/lib/sunat/types";
import { documentId } from "@/lib/sunat/ubl/invoice";

export { SIGNATURE_ID } from "@/lib/sunat/ubl/common";
export { buildSaleDocumentXml, documentId } from "@/lib/sunat/ubl/invoice";
export { buildCreditNoteXml, type CreditNoteXmlInput } from "@/lib/sunat/ubl/credit-note";
export { buildDailySummaryXml } from "@/lib/sunat/ubl/summary";
export { buildVoidedDocumentsXml } from "@/lib/sunat/ubl/voided";

/**
 * The name SUNAT expects for a document's XML and its ZIP (add ".xml" / ".zip"): the issuer's RUC,
 * then the type and series-number of a factura, boleta or note ("20123456789-01-F001-1"), or the
 * id of a summary or voiding ("20123456789-RC-20261128-1"). Numbers carry no padding.
 */
export function documentFileName(
  ruc: string,
  doc: SaleDocument | CreditNoteDocument | DailySummaryDocument | VoidedDocumentsDocument,
): string {
  if ("type" in doc) return `${ruc}-${doc.type}-${documentId(doc.series, doc.number)}`;
  return `${ruc}-${doc.id}`;
}
