// The CDR (constancia de recepción) the SUNAT stand-in answers with: an UBL 2.1
// ApplicationResponse saying what SUNAT decided about one document (or one resumen/baja), zipped
// as "R-<name>.zip" holding "R-<name>.xml" plus the empty "dummy/" folder SUNAT's ZIPs carry.
// Unsigned: the real one carries SUNAT's signature, which nothing here verifies.
import { zipSync } from "fflate";

/** SUNAT's own RUC, the sender of every CDR. */
export const SUNAT_RUC = "20131312955";

export type CdrSpec = {
  /** The CDR's own number (SUNAT's ticket or response id). */
  id: string;
  /** When SUNAT answered (Lima). */
  at: Date;
  /** The issuer: the CDR's receiver. */
  issuerRuc: string;
  /** The document answered: "F001-1", "RC-20261128-1". */
  documentId: string;
  documentTypeCode?: string;
  /** "0" accepted, or the rejection code. */
  responseCode: string;
  description: string;
  /** Observations, written as SUNAT does: "4031 - Debe indicar el nombre comercial". */
  notes?: { code: string; text: string }[];
  /** The customer, "6-20123456786" style, when the document has one. */
  recipient?: { schemeId: string; id: string };
};

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** "YYYY-MM-DD" and "HH:MM:SS" of an instant in Lima (UTC−5, no daylight saving). */
export function limaDateTime(at: Date): { date: string; time: string } {
  const lima = new Date(at.getTime() - 5 * 3600_000).toISOString();
  return { date: lima.slice(0, 10), time: lima.slice(11, 19) };
}

export function buildCdrXml(spec: CdrSpec): string {
  const { date, time } = limaDateTime(spec.at);
  const e = escapeXml;
  const notes = (spec.notes ?? []).map((note) => `\n  <cbc:Note>${e(`${note.code} - ${note.text}`)}</cbc:Note>`).join("");
  const typeCode = spec.documentTypeCode ? `\n      <cbc:DocumentTypeCode>${e(spec.documentTypeCode)}</cbc:DocumentTypeCode>` : "";
  const recipient = spec.recipient
    ? `\n    <cac:RecipientParty>\n      <cac:PartyIdentification>\n        <cbc:ID>${e(`${spec.recipient.schemeId}-${spec.recipient.id}`)}</cbc:ID>\n      </cac:PartyIdentification>\n    </cac:RecipientParty>`
    : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:CustomizationID>1.0</cbc:CustomizationID>
  <cbc:ID>${e(spec.id)}</cbc:ID>
  <cbc:IssueDate>${date}</cbc:IssueDate>
  <cbc:IssueTime>${time}</cbc:IssueTime>
  <cbc:ResponseDate>${date}</cbc:ResponseDate>
  <cbc:ResponseTime>${time}</cbc:ResponseTime>${notes}
  <cac:SenderParty>
    <cac:PartyIdentification>
      <cbc:ID>${SUNAT_RUC}</cbc:ID>
    </cac:PartyIdentification>
  </cac:SenderParty>
  <cac:ReceiverParty>
    <cac:PartyIdentification>
      <cbc:ID>${e(spec.issuerRuc)}</cbc:ID>
    </cac:PartyIdentification>
  </cac:ReceiverParty>
  <cac:DocumentResponse>
    <cac:Response>
      <cbc:ReferenceID>${e(spec.documentId)}</cbc:ReferenceID>
      <cbc:ResponseCode>${e(spec.responseCode)}</cbc:ResponseCode>
      <cbc:Description>${e(spec.description)}</cbc:Description>
    </cac:Response>
    <cac:DocumentReference>
      <cbc:ID>${e(spec.documentId)}</cbc:ID>${typeCode}
    </cac:DocumentReference>${recipient}
  </cac:DocumentResponse>
</ar:ApplicationResponse>
`;
}

/** "R-<name>.zip" bytes for the document file "<name>" (no extension). */
export function zipCdr(name: string, xml: string): Buffer {
  return Buffer.from(zipSync({ "dummy/": new Uint8Array(0), [`R-${name}.xml`]: new TextEncoder().encode(xml) }, { level: 6 }));
}
