import "server-only";

// The client of SUNAT's billService (SOAP 1.1, document/literal): sendBill answers a factura,
// boleta or nota with its CDR at once; sendSummary answers a resumen diario or a comunicación de
// baja with a ticket, and getStatus tells, for that ticket, whether SUNAT is still processing it
// (98) or has finished (0, or 99 with errors) and then hands the CDR. It authenticates with a
// WS-Security UsernameToken: the issuer's RUC followed by the SOL user, and the SOL password.
//
// Failures come in two kinds. A SOAP fault carries SUNAT's code ("soap-env:Client.0102") and is
// a SunatFault; everything that says nothing about the document (network down, timeout, HTTP 5xx
// without a fault, an answer that is not SOAP) is a SunatTransportError, worth retrying.
import { DOMParser, type Element as XmlElement } from "@xmldom/xmldom";
import { codeKind, normalizeSunatCode, sunatCodeDescription } from "@/lib/sunat/error-codes";

const SOAP_ENV_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const SERVICE_NS = "http://service.sunat.gob.pe";
const WSSE_NS = "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd";
const PASSWORD_TEXT =
  "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText";

/** An answer bigger than this is not SUNAT's (a CDR ZIP is a few kilobytes). */
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/**
 * SUNAT's exceptions that mean "our system could not answer now, try again": its services being
 * down or failing inside (0100, 0109, 0110, 0130–0138, 0200–0202, 0250–0253, 0303, 0304), the
 * constancia not produced yet (0125, 0307) and the same document still being processed (0140).
 * Every other fault is about the request or the document and will fail the same way again.
 */
const RETRYABLE_FAULT_CODES: ReadonlySet<string> = new Set([
  "0100", "0109", "0110", "0125",
  "0130", "0131", "0132", "0133", "0134", "0135", "0136", "0137", "0138",
  "0140",
  "0200", "0201", "0202",
  "0250", "0251", "0252", "0253",
  "0303", "0304", "0307",
]);

/** Whether a fault code is one of SUNAT's temporary ones, so the same request may succeed later. */
export function isRetryableFault(code: string): boolean {
  const normalized = normalizeSunatCode(code);
  return normalized !== null && RETRYABLE_FAULT_CODES.has(normalized);
}

/** SUNAT refused the request with a SOAP fault; `code` is its 4-digit code ("0102"). */
export class SunatFault extends Error {
  readonly code: string;
  readonly retryable: boolean;
  constructor(code: string, message: string) {
    super(message);
    this.name = "SunatFault";
    this.code = code;
    this.retryable = isRetryableFault(code);
  }

  /** SUNAT's family for the code: an exception (0100–1999), or a 2000–3999 rejection sent as a fault. */
  get kind() {
    return codeKind(this.code);
  }
}

/** SUNAT could not be reached or did not answer in SOAP; nothing is known about the document. */
export class SunatTransportError extends Error {
  readonly retryable = true as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SunatTransportError";
  }
}

export type BillServiceClientOptions = {
  /** The billService URL, e.g. "https://e-beta.sunat.gob.pe/ol-ti-itcpfegem-beta/billService". */
  endpoint: string;
  /** Issuer RUC followed by the SOL user: "20123456789MODDATOS". */
  username: string;
  password: string;
  /** The whole exchange (connect, send, read the answer); 20 s by default. */
  timeoutMs?: number;
};

export type SummaryStatus = {
  /** "0" done, "98" still processing, "99" done with errors; both done states bring the CDR. */
  statusCode: string;
  cdrZip: Buffer | null;
};

export type BillServiceClient = {
  /** Sends "<name>.zip" (a factura, boleta or nota) and answers SUNAT's CDR ZIP. */
  sendBill(fileName: string, zip: Buffer): Promise<Buffer>;
  /** Sends "<name>.zip" (a resumen diario or a comunicación de baja) and answers the ticket. */
  sendSummary(fileName: string, zip: Buffer): Promise<string>;
  getStatus(ticket: string): Promise<SummaryStatus>;
};

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** The SOAP envelope of one operation; `fields` are the operation's unqualified children, in order. */
export function buildEnvelope(
  credentials: { username: string; password: string },
  operation: "sendBill" | "sendSummary" | "getStatus",
  fields: [string, string][],
): string {
  const body = fields.map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`).join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:ser="${SERVICE_NS}" xmlns:wsse="${WSSE_NS}">` +
    `<soapenv:Header><wsse:Security><wsse:UsernameToken>` +
    `<wsse:Username>${escapeXml(credentials.username)}</wsse:Username>` +
    `<wsse:Password Type="${PASSWORD_TEXT}">${escapeXml(credentials.password)}</wsse:Password>` +
    `</wsse:UsernameToken></wsse:Security></soapenv:Header>` +
    `<soapenv:Body><ser:${operation}>${body}</ser:${operation}></soapenv:Body>` +
    `</soapenv:Envelope>`
  );
}

function childElements(parent: XmlElement): XmlElement[] {
  const found: XmlElement[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) found.push(node as XmlElement);
  return found;
}

/** The first child named `localName`, whatever its namespace (SUNAT's answers vary in prefixes). */
function childNamed(parent: XmlElement | undefined, localName: string): XmlElement | undefined {
  return parent ? childElements(parent).find((element) => element.localName === localName) : undefined;
}

/**
 * SUNAT's code in a fault: the digits after the dot of the faultcode ("soap-env:Client.0102"), or
 * else a code the faultstring starts with ("0111", "2335 - …"). Null when there is none.
 */
export function faultCode(faultcode: string, faultstring: string): string | null {
  const fromCode = /\.(\d{1,4})\s*$/.exec(faultcode)?.[1] ?? /(?:^|:)(\d{1,4})\s*$/.exec(faultcode)?.[1];
  const fromString = /^\s*(\d{1,4})(?!\d)/.exec(faultstring)?.[1];
  const code = fromCode ?? fromString;
  return code === undefined ? null : normalizeSunatCode(code);
}

type SoapAnswer = { fault: null; payload: XmlElement } | { fault: { faultcode: string; faultstring: string }; payload: null };

/** The Body's first element, or its Fault; null when the text is not a SOAP envelope. */
function readEnvelope(text: string): SoapAnswer | null {
  let root: XmlElement | null;
  try {
    root = new DOMParser({
      onError(level, message) {
        if (level !== "warning") throw new Error(message);
      },
    }).parseFromString(text, "text/xml").documentElement;
  } catch {
    return null;
  }
  if (!root || root.localName !== "Envelope" || root.namespaceURI !== SOAP_ENV_NS) return null;
  const body = childElements(root).find((element) => element.localName === "Body" && element.namespaceURI === SOAP_ENV_NS);
  const payload = body ? childElements(body)[0] : undefined;
  if (!payload) return null;
  if (payload.localName === "Fault" && payload.namespaceURI === SOAP_ENV_NS) {
    return {
      fault: {
        faultcode: (childNamed(payload, "faultcode")?.textContent ?? "").trim(),
        faultstring: (childNamed(payload, "faultstring")?.textContent ?? "").trim(),
      },
      payload: null,
    };
  }
  return { fault: null, payload };
}

/** The body as text, refusing to read more than MAX_RESPONSE_BYTES. */
async function readBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_RESPONSE_BYTES) throw new SunatTransportError("La respuesta de SUNAT es demasiado grande.");
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => {});
      throw new SunatTransportError("La respuesta de SUNAT es demasiado grande.");
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

function decodeBase64(value: string, what: string): Buffer {
  const compact = value.replace(/\s+/g, "");
  if (!compact || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) {
    throw new SunatTransportError(`SUNAT devolvió ${what} ilegible.`);
  }
  return Buffer.from(compact, "base64");
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

export function createBillServiceClient(options: BillServiceClientOptions): BillServiceClient {
  const { endpoint, username, password } = options;
  const timeoutMs = options.timeoutMs ?? 20_000;

  async function call(operation: "sendBill" | "sendSummary" | "getStatus", fields: [string, string][]): Promise<XmlElement> {
    const envelope = buildEnvelope({ username, password }, operation, fields);
    let status: number;
    let text: string;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "text/xml; charset=utf-8", soapaction: `"urn:${operation}"`, accept: "text/xml" },
        body: envelope,
        signal,
        redirect: "error",
      });
      status = response.status;
      text = await readBounded(response);
    } catch (error) {
      if (error instanceof SunatTransportError) throw error;
      if (isTimeout(error)) {
        throw new SunatTransportError(`SUNAT no respondió en ${Math.round(timeoutMs / 1000)} s.`, { cause: error });
      }
      throw new SunatTransportError("No se pudo conectar con SUNAT.", { cause: error });
    }

    const answer = readEnvelope(text);
    if (answer?.fault) {
      const { faultcode, faultstring } = answer.fault;
      const code = faultCode(faultcode, faultstring);
      if (code === null) {
        throw new SunatTransportError(`SUNAT respondió con un error sin código${faultstring ? `: ${faultstring}` : "."}`);
      }
      // A faultstring that is only the code says nothing: use SUNAT's description instead.
      const message = /^\s*\d{1,4}\s*$/.test(faultstring) || !faultstring ? sunatCodeDescription(code) : faultstring;
      throw new SunatFault(code, message);
    }
    if (!answer || status < 200 || status >= 300) {
      throw new SunatTransportError(
        status >= 500 || status < 200
          ? `SUNAT no está disponible (HTTP ${status}).`
          : status >= 300
            ? `SUNAT respondió HTTP ${status}.`
            : "La respuesta de SUNAT no es un mensaje SOAP.",
      );
    }
    if (answer.payload.localName !== `${operation}Response`) {
      throw new SunatTransportError("La respuesta de SUNAT no corresponde a la operación enviada.");
    }
    return answer.payload;
  }

  return {
    async sendBill(fileName, zip) {
      const payload = await call("sendBill", [
        ["fileName", fileName],
        ["contentFile", zip.toString("base64")],
      ]);
      const content = (childNamed(payload, "applicationResponse")?.textContent ?? "").trim();
      if (!content) throw new SunatTransportError("SUNAT no devolvió la constancia de recepción (CDR).");
      return decodeBase64(content, "una constancia de recepción");
    },

    async sendSummary(fileName, zip) {
      const payload = await call("sendSummary", [
        ["fileName", fileName],
        ["contentFile", zip.toString("base64")],
      ]);
      const ticket = (childNamed(payload, "ticket")?.textContent ?? "").trim();
      if (!ticket) throw new SunatTransportError("SUNAT no devolvió el número de ticket.");
      return ticket;
    },

    async getStatus(ticket) {
      const payload = await call("getStatus", [["ticket", ticket]]);
      const status = childNamed(payload, "status");
      const statusCode = (childNamed(status, "statusCode")?.textContent ?? "").trim();
      if (!statusCode) throw new SunatTransportError("SUNAT no devolvió el estado del ticket.");
      const content = (childNamed(status, "content")?.textContent ?? "").trim();
      // 98 (en proceso) comes without a CDR; 0 and 99 bring one.
      if (statusCode === "98" || !content) return { statusCode, cdrZip: null };
      return { statusCode, cdrZip: decodeBase64(content, "una constancia de recepción") };
    },
  };
}
