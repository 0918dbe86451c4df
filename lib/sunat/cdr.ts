// Reads SUNAT's constancia de recepción (CDR): the ZIP "R-<name>.zip" SUNAT answers with, holding
// one UBL ApplicationResponse that says whether the document was accepted (ResponseCode 0),
// accepted with observations (0 plus 4xxx notes) or rejected (2000–3999). Pure: bytes in, data
// out, no I/O.
import { DOMParser, type Element as XmlElement } from "@xmldom/xmldom";
import { readZip, ZipError, type ZipEntry } from "./zip";

const APPLICATION_RESPONSE_NS = "urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2";
const CAC_NS = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
const CBC_NS = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";

/** A CDR ZIP holds the XML and, from some SUNAT servers, an empty "dummy/" folder: nothing more. */
const MAX_CDR_ENTRIES = 2;
/** A CDR is a few kilobytes; anything near this is not one (and must not be inflated). */
const MAX_CDR_BYTES = 5 * 1024 * 1024;

export type CdrNote = { code: string; text: string };

export type Cdr = {
  /** The XML file's name inside the ZIP, "R-20123456789-01-F001-1.xml". */
  fileName: string;
  xml: string;
  /** The CDR's own ID (SUNAT's ticket or response number). */
  id: string;
  /** "0" accepted; 2000–3999 rejected; any other code as SUNAT wrote it. */
  responseCode: string;
  description: string;
  /** The observations ("4031 - Debe indicar el nombre comercial" → { code: "4031", text: … }). */
  notes: CdrNote[];
  /** DocumentResponse/DocumentReference/ID: the document this CDR answers, "F001-1". */
  documentId: string;
  /** The day SUNAT issued the CDR, "YYYY-MM-DD". */
  issueDate: string;
};

export type CdrOutcome = "accepted" | "observed" | "rejected";

/** A CDR that cannot be read; the message is Spanish and safe to show. */
export class CdrError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CdrError";
  }
}

/**
 * The one XML file of a CDR ZIP, refusing anything that is not a small ZIP: at most 2 entries
 * (folders included) and 5 MB, compressed or not.
 */
export function readCdrZip(zip: Uint8Array): { fileName: string; content: Uint8Array } {
  if (zip.byteLength === 0 || zip.byteLength > MAX_CDR_BYTES) throw new CdrError("La constancia de SUNAT no es un archivo ZIP válido.");
  let entries: ZipEntry[];
  try {
    entries = readZip(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), { maxEntries: MAX_CDR_ENTRIES, maxUncompressedBytes: MAX_CDR_BYTES });
  } catch (error) {
    if (error instanceof ZipError && error.problem === "too_many_entries") throw new CdrError("La constancia de SUNAT contiene más archivos de los esperados.", { cause: error });
    if (error instanceof ZipError && error.problem === "too_large") throw new CdrError("La constancia de SUNAT es demasiado grande.", { cause: error });
    throw new CdrError("La constancia de SUNAT no es un archivo ZIP válido.", { cause: error });
  }
  const xmlFiles = entries.filter((entry) => entry.name.toLowerCase().endsWith(".xml"));
  if (xmlFiles.length !== 1) throw new CdrError("La constancia de SUNAT debe contener exactamente un archivo XML.");
  return { fileName: xmlFiles[0].name, content: xmlFiles[0].data };
}

/** The XML's text, honouring the declared encoding: SUNAT has written CDRs in ISO-8859-1. */
export function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  const latin = declared !== undefined && /^(iso-8859-1|latin-?1|windows-1252|cp1252)$/.test(declared);
  try {
    return new TextDecoder(latin ? "latin1" : "utf-8", { fatal: !latin }).decode(bytes);
  } catch (error) {
    throw new CdrError("La constancia de SUNAT no es un XML legible.", { cause: error });
  }
}

function childElements(parent: XmlElement, ns: string, localName: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) {
      const element = node as XmlElement;
      if (element.namespaceURI === ns && element.localName === localName) found.push(element);
    }
  }
  return found;
}

function child(parent: XmlElement | undefined, ns: string, localName: string): XmlElement | undefined {
  return parent ? childElements(parent, ns, localName)[0] : undefined;
}

function text(element: XmlElement | undefined): string {
  return (element?.textContent ?? "").trim();
}

/** "4031 - Debe indicar el nombre comercial" → code and text; a note without a code keeps it whole. */
function parseNote(value: string): CdrNote {
  const match = /^(\d{1,4})\s*-\s*([\s\S]*)$/.exec(value);
  return match ? { code: match[1].padStart(4, "0"), text: match[2].trim() } : { code: "", text: value };
}

/** Parses the XML of an ApplicationResponse (a CDR), without the ZIP. */
export function parseCdrXml(xml: string, fileName = ""): Cdr {
  let root: XmlElement | null;
  try {
    const document = new DOMParser({
      onError(level, message) {
        if (level !== "warning") throw new Error(message);
      },
    }).parseFromString(xml, "text/xml");
    root = document.documentElement;
  } catch (error) {
    throw new CdrError("La constancia de SUNAT no es un XML legible.", { cause: error });
  }
  if (!root || root.namespaceURI !== APPLICATION_RESPONSE_NS || root.localName !== "ApplicationResponse") {
    throw new CdrError("La constancia de SUNAT no es un ApplicationResponse.");
  }
  const documentResponse = child(root, CAC_NS, "DocumentResponse");
  const response = child(documentResponse, CAC_NS, "Response");
  const responseCode = text(child(response, CBC_NS, "ResponseCode"));
  if (!/^\d{1,4}$/.test(responseCode)) throw new CdrError("La constancia de SUNAT no indica su código de respuesta.");

  const notes = childElements(root, CBC_NS, "Note").map((note) => parseNote(text(note)));
  // Newer CDRs may also list observations as Response/Status (StatusReasonCode + StatusReason).
  if (response) {
    for (const status of childElements(response, CAC_NS, "Status")) {
      const code = text(child(status, CBC_NS, "StatusReasonCode"));
      const reason = text(child(status, CBC_NS, "StatusReason"));
      if (code || reason) notes.push({ code: /^\d{1,4}$/.test(code) ? code.padStart(4, "0") : code, text: reason });
    }
  }

  return {
    fileName,
    xml,
    id: text(child(root, CBC_NS, "ID")),
    responseCode: String(Number(responseCode)),
    description: text(child(response, CBC_NS, "Description")),
    notes,
    documentId: text(child(child(documentResponse, CAC_NS, "DocumentReference"), CBC_NS, "ID")),
    issueDate: text(child(root, CBC_NS, "IssueDate")),
  };
}

/** Reads a CDR ZIP as SUNAT sends it. Throws CdrError when it is not one. */
export function parseCdr(zip: Uint8Array): Cdr {
  const { fileName, content } = readCdrZip(zip);
  return parseCdrXml(decodeXml(content), fileName);
}

/**
 * What the CDR means for the document: ResponseCode 0 without notes is accepted; 0 with notes (or
 * an observation code, 4000 and up) is accepted with observations; anything else (the 2000–3999
 * rejections, or an exception code) means SUNAT did not accept it.
 */
export function cdrOutcome(cdr: Pick<Cdr, "responseCode" | "notes">): CdrOutcome {
  const code = Number(cdr.responseCode);
  if (code === 0) return cdr.notes.length ? "observed" : "accepted";
  if (code >= 4000) return "observed";
  return "rejected";
}

/** "F001-00000001" and "F001-1" (or "RC-20261128-001" and "RC-20261128-1") name the same document. */
function normalizeDocumentId(id: string): string {
  const match = /^(.+)-0*(\d+)$/.exec(id.trim());
  return match ? `${match[1].toUpperCase()}-${match[2]}` : id.trim().toUpperCase();
}

/** Whether the CDR answers the document `documentId` ("F001-1", "RC-20261128-1"). */
export function cdrMatches(cdr: Pick<Cdr, "documentId">, documentId: string): boolean {
  if (!cdr.documentId || !documentId) return false;
  return normalizeDocumentId(cdr.documentId) === normalizeDocumentId(documentId);
}
