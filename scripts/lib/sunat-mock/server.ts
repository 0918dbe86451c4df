// A stand-in for SUNAT's billService (the beta endpoint), for tests and local work: SOAP 1.1 on
// 127.0.0.1, the same operations, the same WS-Security check and the same fault codes for what it
// checks (credentials, the ZIP, the file name against the document, the schema). It decides by
// markers in the customer's RegistrationName:
//   "[observar]"  accepted with one observation (4031)
//   "[rechazar]"  rejected (2800: the customer's identity document type is not allowed)
//   "[lento]"     the first attempt of that file hangs `hangMs` and is dropped unanswered (nothing
//                 registered); the next attempt is accepted
//   "[error500]"  the first attempt answers HTTP 500 with an HTML page (nothing registered)
// otherwise accepted. A document already accepted, sent again, gets the fault SUNAT gives (1033
// "registrado previamente"; 1032 when it had been rejected). Resúmenes and bajas answer a ticket;
// getStatus says 98 (en proceso) `pendingPolls` times, then 0 with the CDR, or 99 with a rejection
// CDR when one of their lines is in `rejectSummaryIds` or the same id was already accepted.
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { XMLSerializer, type Element as XmlElement } from "@xmldom/xmldom";
import { certificateRucs } from "../../../lib/sunat/certificate";
import { sunatCodeDescription, codeKind } from "../../../lib/sunat/error-codes";
import { verifyXmlSignature } from "../../../lib/sunat/sign";
import { readZip, type ZipEntry } from "../../../lib/sunat/zip";
import { buildCdrXml, zipCdr, type CdrSpec } from "./cdr-builder";
import { parseFileName, parseXml, readDocument, sameDocumentId, type FileKind, type FileName } from "./documents";
import { SUNAT_FIXTURES_DIR, validateAgainst, type SchemaName } from "./xsd";

export type CheckResult = { code: string; message: string } | null;
/** A check on a received document: null when it passes, else SUNAT's code (exception, rejection or observation). */
export type MockCheck = (xml: string, kind: FileKind) => Promise<CheckResult>;

export type ReceivedFile = {
  operation: "sendBill" | "sendSummary";
  fileName: string;
  kind: FileKind;
  xml: string;
  at: Date;
  /** "accepted" | "observed" | "rejected" | "fault 0102" | "hung" | "http 500" | "ticket <n>". */
  outcome: string;
};

export type SunatMockOptions = {
  /** 0 (the default) takes a free port. */
  port?: number;
  /** The exact SOL username to accept; by default, as SUNAT's beta: any RUC followed by "MODDATOS". */
  username?: string;
  /** The SOL password; by default, as SUNAT's beta, "moddatos". */
  password?: string;
  /** How many getStatus calls answer 98 (en proceso) before the result; 1 by default. */
  pendingPolls?: number;
  /** How long a "[lento]" first attempt hangs before the connection is dropped; 30 s by default. */
  hangMs?: number;
  /** Validate each document against its UBL schema first (fault 0306 when it fails); true by default. */
  validateXsd?: boolean;
  /** Verify each document's signature and that its certificate is the issuer's (default true). */
  verifySignature?: boolean;
  /** More checks, run in order after the schema; the first that fails decides. */
  checks?: MockCheck[];
  /** Documents ("B001-3", "F001-7") whose resumen or baja is rejected. */
  rejectSummaryIds?: Iterable<string>;
};

export type SunatMock = {
  /** The billService endpoint URL (its WSDL at `${url}?wsdl`). */
  url: string;
  close(): Promise<void>;
  /** Every file received, in order, with what was answered. */
  received: ReceivedFile[];
};

export const SERVICE_PATH = "/ol-ti-itcpfegem-beta/billService";
const SOAP_ENV_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const SERVICE_NS = "http://service.sunat.gob.pe";
const WSSE_NS = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
const MAX_REQUEST_BYTES = 20 * 1024 * 1024;
const MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;

/** The observation and the rejection the markers produce. */
export const OBSERVATION_CODE = "4031";
export const REJECTION_CODE = "2800";

const SCHEMA_BY_KIND: Record<FileKind, SchemaName> = {
  "01": "Invoice",
  "03": "Invoice",
  "07": "CreditNote",
  RC: "SummaryDocuments",
  RA: "VoidedDocuments",
};

/** The schema check, as SUNAT does it: a document that breaks its schema cannot be read (0306). */
export const xsdCheck: MockCheck = async (xml, kind) => {
  const result = await validateAgainst(SCHEMA_BY_KIND[kind], xml);
  if (result.valid) return null;
  return { code: "0306", message: `${sunatCodeDescription("0306")} - Detalle: ${result.errors[0]}` };
};

/**
 * The signature check, as SUNAT does it: the document must carry a valid enveloped signature
 * (2335, "ha sido alterado") made with a certificate of the issuer's RUC (2325).
 */
export const signatureCheck: MockCheck = async (xml) => {
  const result = verifyXmlSignature(xml);
  if (!result.valid) return { code: "2335", message: `${sunatCodeDescription("2335")} - Detalle: ${result.reason}` };
  const issuerRuc = /<cac:(?:AccountingSupplierParty)>[\s\S]*?<cbc:(?:ID|CustomerAssignedAccountID)[^>]*>(\d{11})</.exec(xml)?.[1];
  if (issuerRuc && !certificateRucs(result.certificatePem).includes(issuerRuc)) {
    return { code: "2325", message: sunatCodeDescription("2325") ?? "El certificado usado no es el comunicado a SUNAT" };
  }
  return null;
};

class Fault extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? sunatCodeDescription(code));
  }
}

const DOCUMENT_NAMES: Record<FileKind, [string, string]> = {
  "01": ["La Factura numero", "aceptada"],
  "03": ["La Boleta numero", "aceptada"],
  "07": ["La Nota de Credito numero", "aceptada"],
  RC: ["El Resumen diario", "aceptado"],
  RA: ["La Comunicacion de baja", "aceptada"],
};

function acceptedDescription(kind: FileKind, documentId: string): string {
  const [noun, accepted] = DOCUMENT_NAMES[kind];
  return `${noun} ${documentId}, ha sido ${accepted}`;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function envelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soap-env:Envelope xmlns:soap-env="${SOAP_ENV_NS}"><soap-env:Header/><soap-env:Body>${body}</soap-env:Body></soap-env:Envelope>`;
}

function faultEnvelope(faultcode: string, faultstring: string): string {
  return envelope(
    `<soap-env:Fault><faultcode>${escapeXml(faultcode)}</faultcode><faultstring>${escapeXml(faultstring)}</faultstring></soap-env:Fault>`,
  );
}

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function childElements(parent: XmlElement | undefined): XmlElement[] {
  const found: XmlElement[] = [];
  for (let node = parent?.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) found.push(node as XmlElement);
  return found;
}

function child(parent: XmlElement | undefined, ns: string | null, localName: string): XmlElement | undefined {
  return childElements(parent).find((element) => element.localName === localName && (ns === null || element.namespaceURI === ns));
}

const textOf = (element: XmlElement | undefined) => (element?.textContent ?? "").trim();

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).byteLength;
    if (total > MAX_REQUEST_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The one XML of a received ZIP, with SUNAT's codes for each way it can be wrong. */
function unzipDocument(contentFile: string, file: FileName): string {
  const compact = contentFile.replace(/\s+/g, "");
  if (!compact) throw new Fault("0155");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw new Fault("0156");
  const zip = Buffer.from(compact, "base64");
  let files: ZipEntry[];
  try {
    files = readZip(zip, { maxUncompressedBytes: MAX_UNZIPPED_BYTES });
  } catch {
    throw new Fault("0156");
  }
  const xmlFiles = files.filter((entry) => entry.name.toLowerCase().endsWith(".xml"));
  if (files.length === 0) throw new Fault("0155");
  if (xmlFiles.length === 0) throw new Fault("0157");
  if (xmlFiles.length > 1) throw new Fault("0158");
  const { name: xmlName, data: content } = xmlFiles[0];
  if (xmlName !== `${file.name}.xml`) throw new Fault("0161");
  if (content.byteLength === 0) throw new Fault("0160");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(content);
  } catch {
    throw new Fault("0306");
  }
}

type TicketState = {
  ruc: string;
  polls: number;
  statusCode: "0" | "99";
  cdrZip: Buffer;
};

export async function startSunatMock(options: SunatMockOptions = {}): Promise<SunatMock> {
  const pendingPolls = options.pendingPolls ?? 1;
  const hangMs = options.hangMs ?? 30_000;
  const password = options.password ?? "moddatos";
  const checks: MockCheck[] = [
    ...(options.validateXsd === false ? [] : [xsdCheck]),
    ...(options.verifySignature === false ? [] : [signatureCheck]),
    ...(options.checks ?? []),
  ];
  const rejectSummaryIds = [...(options.rejectSummaryIds ?? [])];

  const received: ReceivedFile[] = [];
  /** Documents and resúmenes already decided, by "<RUC>-<kind>-<id>". */
  const registry = new Map<string, "accepted" | "rejected">();
  /** Attempts per file name, for the first-attempt markers. */
  const attempts = new Map<string, number>();
  const tickets = new Map<string, TicketState>();
  const timers = new Set<NodeJS.Timeout>();
  let sequence = 0;

  const [wsdl, ns1Wsdl, xsd2] = await Promise.all(
    ["billService.wsdl", "billService.ns1.wsdl", "billService.xsd2.xsd"].map((name) => readFile(join(SUNAT_FIXTURES_DIR, "wsdl", name), "utf8")),
  );

  function nextId(): string {
    sequence += 1;
    return `${Date.now()}${String(sequence).padStart(3, "0")}`;
  }

  function usernameMatches(username: string): boolean {
    return options.username !== undefined ? username === options.username : /^\d{11}MODDATOS$/.test(username);
  }

  /** Runs the checks in order: an exception is a fault, a rejection decides, observations add up. */
  async function runChecks(xml: string, kind: FileKind): Promise<{ rejection: CheckResult; observations: { code: string; text: string }[] }> {
    const observations: { code: string; text: string }[] = [];
    for (const check of checks) {
      const result = await check(xml, kind);
      if (!result) continue;
      const kindOfCode = codeKind(result.code);
      if (kindOfCode === "exception") throw new Fault(result.code, result.message);
      if (kindOfCode === "rejection") return { rejection: result, observations };
      observations.push({ code: result.code, text: result.message });
    }
    return { rejection: null, observations };
  }

  function cdrFor(file: FileName, spec: Omit<CdrSpec, "id" | "at" | "issuerRuc" | "documentId">): Buffer {
    return zipCdr(file.name, buildCdrXml({ id: nextId(), at: new Date(), issuerRuc: file.ruc, documentId: file.documentId, ...spec }));
  }

  /** Reads and checks what every send shares; returns the XML and what it says. */
  function receive(operation: ReceivedFile["operation"], username: string, fields: XmlElement) {
    const fileName = textOf(child(fields, null, "fileName"));
    const file = parseFileName(fileName);
    if (!file) throw new Fault("0151");
    const summaryKind = file.kind === "RC" || file.kind === "RA";
    if (operation === "sendBill" && summaryKind) throw new Fault("0152");
    if (operation === "sendSummary" && !summaryKind) throw new Fault("0151");
    if (username.slice(0, 11) !== file.ruc) throw new Fault("0154");
    const xml = unzipDocument(textOf(child(fields, null, "contentFile")), file);
    let root: XmlElement;
    try {
      root = parseXml(xml);
    } catch (error) {
      throw new Fault("0306", `${sunatCodeDescription("0306")} - Detalle: ${(error as Error).message}`);
    }
    const facts = readDocument(root);
    if (!facts) throw new Fault("0301");
    const entry: ReceivedFile = { operation, fileName, kind: file.kind, xml, at: new Date(), outcome: "" };
    received.push(entry);
    return { file, xml, facts, entry };
  }

  async function sendBill(username: string, fields: XmlElement, res: ServerResponse, entryRef: { entry?: ReceivedFile }) {
    const { file, xml, facts, entry } = receive("sendBill", username, fields);
    entryRef.entry = entry;
    if (facts.kind !== file.kind) throw new Fault("1003");
    if (facts.issuerRuc !== file.ruc) throw new Fault("1034");
    const id = /^([A-Z0-9]{4})-(\d{1,8})$/.exec(facts.id);
    if (!id) throw new Fault("1001");
    if (id[1] !== file.series) throw new Fault("1035");
    if (Number(id[2]) !== Number(file.number)) throw new Fault("1036");

    const customerName = facts.customer?.name ?? "";
    const attempt = (attempts.get(file.name) ?? 0) + 1;
    attempts.set(file.name, attempt);
    if (attempt === 1 && customerName.includes("[lento]")) {
      entry.outcome = "hung";
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.socket?.destroy();
      }, hangMs);
      timers.add(timer);
      return;
    }
    if (attempt === 1 && customerName.includes("[error500]")) {
      entry.outcome = "http 500";
      send(res, 500, "text/html; charset=utf-8", "<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>");
      return;
    }

    const key = `${file.ruc}-${file.kind}-${file.documentId}`;
    const previous = registry.get(key);
    if (previous === "accepted") {
      throw new Fault("1033", `${sunatCodeDescription("1033")} - Detalle: El comprobante ${file.documentId} fue informado anteriormente`);
    }
    if (previous === "rejected") throw new Fault("1032");

    const { rejection, observations } = await runChecks(xml, file.kind);
    const recipient = facts.customer ? { schemeId: facts.customer.schemeId, id: facts.customer.id } : undefined;
    let cdr: Buffer;
    if (rejection || customerName.includes("[rechazar]")) {
      const code = rejection?.code ?? REJECTION_CODE;
      const description = rejection?.message ?? sunatCodeDescription(REJECTION_CODE);
      cdr = cdrFor(file, { documentTypeCode: file.kind, responseCode: code, description, recipient });
      registry.set(key, "rejected");
      entry.outcome = "rejected";
    } else {
      if (customerName.includes("[observar]")) observations.push({ code: OBSERVATION_CODE, text: sunatCodeDescription(OBSERVATION_CODE) });
      cdr = cdrFor(file, {
        documentTypeCode: file.kind,
        responseCode: "0",
        description: acceptedDescription(file.kind, file.documentId),
        notes: observations,
        recipient,
      });
      registry.set(key, "accepted");
      entry.outcome = observations.length ? "observed" : "accepted";
    }
    const body = `<br:sendBillResponse xmlns:br="${SERVICE_NS}"><applicationResponse>${cdr.toString("base64")}</applicationResponse></br:sendBillResponse>`;
    send(res, 200, "text/xml; charset=utf-8", envelope(body));
  }

  async function sendSummary(username: string, fields: XmlElement, res: ServerResponse, entryRef: { entry?: ReceivedFile }) {
    const { file, xml, facts, entry } = receive("sendSummary", username, fields);
    entryRef.entry = entry;
    if (facts.kind !== file.kind) throw new Fault("0151");
    const { rejection, observations } = await runChecks(xml, file.kind);
    const isRc = file.kind === "RC";
    const key = `${file.ruc}-${file.kind}-${file.documentId}`;

    let failure: { code: string; description: string } | null = null;
    if (!sameDocumentId(facts.id, file.documentId)) failure = { code: isRc ? "2220" : "2285", description: "" };
    else if (facts.issuerRuc !== file.ruc) failure = { code: isRc ? "2221" : "2286", description: "" };
    else if (registry.get(key) === "accepted") failure = { code: isRc ? "2223" : "2324", description: "" };
    else if (rejection) failure = { code: rejection.code, description: rejection.message };
    else {
      const refused = facts.lineIds.find((id) => rejectSummaryIds.some((rejected) => sameDocumentId(rejected, id)));
      if (refused) {
        const code = isRc ? "2282" : "2105";
        failure = { code, description: `${sunatCodeDescription(code)} - Detalle: ${refused}` };
      }
    }

    let state: TicketState;
    if (failure) {
      const description = failure.description || sunatCodeDescription(failure.code);
      state = { ruc: file.ruc, polls: 0, statusCode: "99", cdrZip: cdrFor(file, { responseCode: failure.code, description }) };
      if (registry.get(key) !== "accepted") registry.set(key, "rejected");
    } else {
      const description = acceptedDescription(file.kind, file.documentId);
      state = { ruc: file.ruc, polls: 0, statusCode: "0", cdrZip: cdrFor(file, { responseCode: "0", description, notes: observations }) };
      registry.set(key, "accepted");
    }
    const ticket = nextId();
    tickets.set(ticket, state);
    entry.outcome = `ticket ${ticket}`;
    send(res, 200, "text/xml; charset=utf-8", envelope(`<br:sendSummaryResponse xmlns:br="${SERVICE_NS}"><ticket>${ticket}</ticket></br:sendSummaryResponse>`));
  }

  function getStatus(username: string, fields: XmlElement, res: ServerResponse) {
    const ticket = textOf(child(fields, null, "ticket"));
    const state = tickets.get(ticket);
    if (!state) throw new Fault("0127");
    if (username.slice(0, 11) !== state.ruc) throw new Fault("0126");
    let status: string;
    if (state.polls < pendingPolls) {
      state.polls += 1;
      status = `<statusCode>98</statusCode>`;
    } else {
      status = `<content>${state.cdrZip.toString("base64")}</content><statusCode>${state.statusCode}</statusCode>`;
    }
    send(res, 200, "text/xml; charset=utf-8", envelope(`<br:getStatusResponse xmlns:br="${SERVICE_NS}"><status>${status}</status></br:getStatusResponse>`));
  }

  function sendFault(res: ServerResponse, fault: Fault) {
    const side = fault.code.startsWith("01") && fault.code !== "0101" && fault.code !== "0102" ? "Server" : "Client";
    send(res, 500, "text/xml; charset=utf-8", faultEnvelope(`soap-env:${side}.${fault.code}`, fault.message));
  }

  async function handlePost(req: IncomingMessage, res: ServerResponse) {
    const text = await readBody(req);
    if (text === null) return send(res, 413, "text/plain; charset=utf-8", "Solicitud demasiado grande");
    let root: XmlElement;
    try {
      root = parseXml(text);
    } catch (error) {
      return send(res, 500, "text/xml; charset=utf-8", faultEnvelope("soap-env:Client", `Mensaje SOAP mal formado: ${(error as Error).message}`));
    }
    if (root.localName !== "Envelope" || root.namespaceURI !== SOAP_ENV_NS) {
      return send(res, 500, "text/xml; charset=utf-8", faultEnvelope("soap-env:VersionMismatch", "No es un mensaje SOAP 1.1"));
    }
    const header = child(root, SOAP_ENV_NS, "Header");
    const token = child(child(header, WSSE_NS, "Security"), WSSE_NS, "UsernameToken");
    const operation = childElements(child(root, SOAP_ENV_NS, "Body"))[0];
    const entryRef: { entry?: ReceivedFile } = {};
    try {
      if (!token) throw new Fault("0101");
      const username = textOf(child(token, WSSE_NS, "Username"));
      const suppliedPassword = child(token, WSSE_NS, "Password")?.textContent ?? "";
      if (!usernameMatches(username) || suppliedPassword !== password) throw new Fault("0102");
      if (!operation) {
        return send(res, 500, "text/xml; charset=utf-8", faultEnvelope("soap-env:Client", "El cuerpo del mensaje SOAP está vacío"));
      }
      const valid = await validateAgainst("BillService", new XMLSerializer().serializeToString(operation));
      if (!valid.valid) {
        return send(res, 500, "text/xml; charset=utf-8", faultEnvelope("soap-env:Client", `Unmarshalling Error: ${valid.errors[0]}`));
      }
      switch (operation.localName) {
        case "sendBill":
          return await sendBill(username, operation, res, entryRef);
        case "sendSummary":
          return await sendSummary(username, operation, res, entryRef);
        case "getStatus":
          return getStatus(username, operation, res);
        default:
          return send(res, 500, "text/xml; charset=utf-8", faultEnvelope("soap-env:Client", `Operación no disponible en el simulador: ${operation.localName}`));
      }
    } catch (error) {
      if (!(error instanceof Fault)) throw error;
      if (entryRef.entry) entryRef.entry.outcome = `fault ${error.code}`;
      return sendFault(res, error);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== SERVICE_PATH) return send(res, 404, "text/plain; charset=utf-8", "No encontrado");
    if (req.method === "GET") {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SERVICE_PATH}`;
      if (url.searchParams.has("wsdl")) {
        const local = wsdl
          .replace(/location="https:\/\/e-beta\.sunat\.gob\.pe:443\/ol-ti-itcpfegem-beta\/billService"/g, `location="${base}"`)
          .replace('location="billService.ns1.wsdl"', `location="${base}?ns1.wsdl"`);
        return send(res, 200, "text/xml; charset=utf-8", local);
      }
      if (url.searchParams.has("ns1.wsdl")) {
        return send(res, 200, "text/xml; charset=utf-8", ns1Wsdl.replace('schemaLocation="billService.xsd2.xsd"', `schemaLocation="${base}?xsd2.xsd"`));
      }
      if (url.searchParams.has("xsd2.xsd")) return send(res, 200, "text/xml; charset=utf-8", xsd2);
      return send(res, 404, "text/plain; charset=utf-8", "No encontrado");
    }
    if (req.method !== "POST") return send(res, 405, "text/plain; charset=utf-8", "Método no permitido");
    await handlePost(req, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("sunat-mock:", error);
      if (!res.headersSent) send(res, 500, "text/xml; charset=utf-8", faultEnvelope("soap-env:Server.0100", sunatCodeDescription("0100")));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${SERVICE_PATH}`,
    received,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
