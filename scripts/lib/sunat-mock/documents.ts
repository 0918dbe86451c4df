// What the SUNAT stand-in reads from a file it receives: the name's parts (RUC, type, series and
// number, or the resumen's id) and, from the XML, the same facts to compare with the name, the
// customer's name (where the test markers live) and a resumen's or baja's lines.
import { DOMParser, type Element as XmlElement } from "@xmldom/xmldom";
import { NS } from "../../../lib/sunat/ubl/common";

export type FileKind = "01" | "03" | "07" | "RC" | "RA";

export type FileName = {
  /** Without ".zip": "20000000001-01-F001-1". */
  name: string;
  ruc: string;
  kind: FileKind;
  /** "F001-1" for a document, "RC-20261128-1" for a resumen or a baja. */
  documentId: string;
  series: string;
  number: string;
};

const BILL_NAME = /^(\d{11})-(01|03|07)-([A-Z0-9]{4})-(\d{1,8})$/;
const SUMMARY_NAME = /^(\d{11})-(RC|RA)-(\d{8})-(\d{1,5})$/;

/** "<RUC>-<type>-<series>-<number>.zip" or "<RUC>-RC|RA-<YYYYMMDD>-<n>.zip"; null otherwise. */
export function parseFileName(fileName: string): FileName | null {
  const name = fileName.replace(/\.zip$/i, "");
  if (name === fileName) return null;
  const bill = BILL_NAME.exec(name);
  if (bill) {
    return { name, ruc: bill[1], kind: bill[2] as FileKind, series: bill[3], number: bill[4], documentId: `${bill[3]}-${bill[4]}` };
  }
  const summary = SUMMARY_NAME.exec(name);
  if (summary) {
    const documentId = `${summary[2]}-${summary[3]}-${summary[4]}`;
    return { name, ruc: summary[1], kind: summary[2] as FileKind, series: `${summary[2]}-${summary[3]}`, number: summary[4], documentId };
  }
  return null;
}

// The namespaces the documents use are the builders' own (lib/sunat/ubl/common.ts).
export { NS };

export type DocumentFacts = {
  /** Invoice, CreditNote, SummaryDocuments or VoidedDocuments. */
  root: string;
  /** The type the XML declares: InvoiceTypeCode, "07" for a CreditNote, "RC"/"RA" for the others. */
  kind: string;
  id: string;
  issuerRuc: string;
  customer: { schemeId: string; id: string; name: string } | null;
  /** The documents a resumen or a baja carries, "B001-1". */
  lineIds: string[];
};

function children(parent: XmlElement | undefined, ns: string, localName: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (let node = parent?.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as XmlElement).namespaceURI === ns && (node as XmlElement).localName === localName) {
      found.push(node as XmlElement);
    }
  }
  return found;
}

/** Follows a path of [namespace, localName] steps, first match at each step. */
function at(parent: XmlElement | undefined, ...steps: [string, string][]): XmlElement | undefined {
  let current = parent;
  for (const [ns, localName] of steps) current = children(current, ns, localName)[0];
  return current;
}

const textOf = (element: XmlElement | undefined) => (element?.textContent ?? "").trim();

/** Parses the XML; throws when it is not well-formed. */
export function parseXml(xml: string): XmlElement {
  const document = new DOMParser({
    onError(level, message) {
      if (level !== "warning") throw new Error(message);
    },
  }).parseFromString(xml, "text/xml");
  if (!document.documentElement) throw new Error("documento vacío");
  return document.documentElement;
}

/** The facts of a received document; null when its root is none of the four we take. */
export function readDocument(root: XmlElement): DocumentFacts | null {
  const { cac, cbc, sac } = NS;
  const id = textOf(at(root, [cbc, "ID"]));
  const supplierParty = at(root, [cac, "AccountingSupplierParty"]);
  const issuerRuc =
    textOf(at(supplierParty, [cac, "Party"], [cac, "PartyIdentification"], [cbc, "ID"])) ||
    textOf(at(supplierParty, [cbc, "CustomerAssignedAccountID"]));

  if (root.namespaceURI === NS.invoice && root.localName === "Invoice") {
    return { root: "Invoice", kind: textOf(at(root, [cbc, "InvoiceTypeCode"])), id, issuerRuc, customer: customerOf(root), lineIds: [] };
  }
  if (root.namespaceURI === NS.creditNote && root.localName === "CreditNote") {
    return { root: "CreditNote", kind: "07", id, issuerRuc, customer: customerOf(root), lineIds: [] };
  }
  if (root.namespaceURI === NS.summary && root.localName === "SummaryDocuments") {
    const lineIds = children(root, sac, "SummaryDocumentsLine").map((line) => textOf(at(line, [cbc, "ID"])));
    return { root: "SummaryDocuments", kind: "RC", id, issuerRuc, customer: null, lineIds };
  }
  if (root.namespaceURI === NS.voided && root.localName === "VoidedDocuments") {
    const lineIds = children(root, sac, "VoidedDocumentsLine").map(
      (line) => `${textOf(at(line, [sac, "DocumentSerialID"]))}-${textOf(at(line, [sac, "DocumentNumberID"]))}`,
    );
    return { root: "VoidedDocuments", kind: "RA", id, issuerRuc, customer: null, lineIds };
  }
  return null;
}

function customerOf(root: XmlElement): DocumentFacts["customer"] {
  const { cac, cbc } = NS;
  const party = at(root, [cac, "AccountingCustomerParty"], [cac, "Party"]);
  if (!party) return null;
  const idElement = at(party, [cac, "PartyIdentification"], [cbc, "ID"]);
  return {
    schemeId: idElement?.getAttribute("schemeID") ?? "",
    id: textOf(idElement),
    name: textOf(at(party, [cac, "PartyLegalEntity"], [cbc, "RegistrationName"])),
  };
}

/** "F001-00000001" → "F001-1", so the name and the XML compare by value. */
export function sameDocumentId(a: string, b: string): boolean {
  const normalize = (id: string) => id.trim().toUpperCase().replace(/-0*(\d+)$/, "-$1");
  return normalize(a) === normalize(b);
}
