// The billService client against the SUNAT stand-in, both real: HTTP on loopback, SOAP envelopes,
// ZIPs, XSD validation. The documents are the small UBL samples in fixtures/sunat/soap-samples.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cdrMatches, cdrOutcome, parseCdr } from "@/lib/sunat/cdr";
import { codeKind, sunatCodeDescription } from "@/lib/sunat/error-codes";
import { createBillServiceClient, faultCode, isRetryableFault, SunatFault, SunatTransportError } from "@/lib/sunat/soap";
import { startSunatMock, type SunatMock } from "@/scripts/lib/sunat-mock/server";
import { skipWithoutXmllint } from "./helpers/requirements";

const run = promisify(execFile);
const SAMPLES = fileURLToPath(new URL("./fixtures/sunat/soap-samples/", import.meta.url));
const CDR_XSD = fileURLToPath(new URL("./fixtures/sunat/xsd/2.1/maindoc/UBL-ApplicationResponse-2.1.xsd", import.meta.url));
const withoutXmllint = skipWithoutXmllint();
const RUC = "20000000001";
const CREDENTIALS = { username: `${RUC}MODDATOS`, password: "moddatos" };

const samples: Record<string, string> = {};
async function sample(name: string) {
  samples[name] ??= await readFile(join(SAMPLES, name), "utf8");
  return samples[name];
}

/** The sample factura as F001-<number>, billed to `customer`. */
async function invoice(number: number, customer = "CLIENTE DEMO S.A.C.") {
  const xml = (await sample(`${RUC}-01-F001-1.xml`))
    .replace("<cbc:ID>F001-1</cbc:ID>", `<cbc:ID>F001-${number}</cbc:ID>`)
    .replace("<cbc:RegistrationName>CLIENTE DEMO S.A.C.</cbc:RegistrationName>", `<cbc:RegistrationName>${customer}</cbc:RegistrationName>`);
  return { name: `${RUC}-01-F001-${number}`, xml };
}

function zipDocument(name: string, xml: string): Buffer {
  return Buffer.from(zipSync({ [`${name}.xml`]: new TextEncoder().encode(xml) }));
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("se esperaba un error");
}

let mock: SunatMock;
let client: ReturnType<typeof createBillServiceClient>;

beforeAll(async () => {
  // The samples are unsigned: the protocol is under test here (tests/sunat-mock-signature.test.ts
  // covers the stand-in's signature check).
  mock = await startSunatMock({ hangMs: 2000, pendingPolls: 1, rejectSummaryIds: ["B001-99"], verifySignature: false });
  client = createBillServiceClient({ endpoint: mock.url, ...CREDENTIALS, timeoutMs: 10_000 });
});

afterAll(async () => {
  await mock?.close();
});

describe("sendBill", () => {
  it("an accepted factura answers a CDR that parses and names the document", async () => {
    const { name, xml } = await invoice(1);
    const cdrZip = await client.sendBill(`${name}.zip`, zipDocument(name, xml));
    const cdr = parseCdr(cdrZip);
    expect(cdr.fileName).toBe(`R-${name}.xml`);
    expect(cdr.responseCode).toBe("0");
    expect(cdr.description).toBe("La Factura numero F001-1, ha sido aceptada");
    expect(cdrOutcome(cdr)).toBe("accepted");
    expect(cdrMatches(cdr, "F001-1")).toBe(true);
    expect(cdrMatches(cdr, "F001-2")).toBe(false);
    expect(mock.received.find((file) => file.fileName === `${name}.zip`)?.outcome).toBe("accepted");
  });

  it.skipIf(withoutXmllint)("the CDR of an accepted factura validates against SUNAT's schema (xmllint)", async () => {
    const { name, xml } = await invoice(14);
    const cdr = parseCdr(await client.sendBill(`${name}.zip`, zipDocument(name, xml)));
    expect(cdr.responseCode).toBe("0");
    const dir = await mkdtemp(join(tmpdir(), "sunat-cdr-"));
    try {
      await writeFile(join(dir, cdr.fileName), cdr.xml);
      const { stderr } = await run("xmllint", ["--noout", "--schema", CDR_XSD, join(dir, cdr.fileName)]);
      expect(stderr).toContain("validates");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a factura sent again after being accepted gets SUNAT's 1033 fault, not a second CDR", async () => {
    const { name, xml } = await invoice(2);
    await client.sendBill(`${name}.zip`, zipDocument(name, xml));
    const error = await caught(client.sendBill(`${name}.zip`, zipDocument(name, xml)));
    expect(error).toBeInstanceOf(SunatFault);
    expect((error as SunatFault).code).toBe("1033");
    expect((error as SunatFault).message).toMatch(/registrado previamente/);
    expect(isRetryableFault("1033")).toBe(false);
  });

  it("[observar] is accepted with one 4xxx observation", async () => {
    const { name, xml } = await invoice(3, "CLIENTE [observar] S.A.C.");
    const cdr = parseCdr(await client.sendBill(`${name}.zip`, zipDocument(name, xml)));
    expect(cdr.responseCode).toBe("0");
    expect(cdrOutcome(cdr)).toBe("observed");
    expect(cdr.notes).toHaveLength(1);
    expect(codeKind(cdr.notes[0].code)).toBe("observation");
    expect(cdr.notes[0].text).toBe(sunatCodeDescription(cdr.notes[0].code));
  });

  it("[rechazar] is rejected with a 2xxx code in the CDR; sending it again gets 1032", async () => {
    const { name, xml } = await invoice(4, "CLIENTE [rechazar] S.A.C.");
    const cdr = parseCdr(await client.sendBill(`${name}.zip`, zipDocument(name, xml)));
    expect(cdrOutcome(cdr)).toBe("rejected");
    expect(codeKind(cdr.responseCode)).toBe("rejection");
    expect(cdr.description).toBe(sunatCodeDescription(cdr.responseCode));
    const again = await caught(client.sendBill(`${name}.zip`, zipDocument(name, xml)));
    expect((again as SunatFault).code).toBe("1032");
  });

  it("a nota de crédito is accepted with its own wording", async () => {
    const name = `${RUC}-07-FC01-1`;
    const cdr = parseCdr(await client.sendBill(`${name}.zip`, zipDocument(name, await sample(`${name}.xml`))));
    expect(cdr.description).toBe("La Nota de Credito numero FC01-1, ha sido aceptada");
    expect(cdrMatches(cdr, "FC01-1")).toBe(true);
  });

  it("wrong SOL credentials are SUNAT's fault 0102, not worth retrying", async () => {
    const wrong = createBillServiceClient({ endpoint: mock.url, username: `${RUC}MODDATOS`, password: "otra-clave" });
    const { name, xml } = await invoice(5);
    const error = await caught(wrong.sendBill(`${name}.zip`, zipDocument(name, xml)));
    expect(error).toBeInstanceOf(SunatFault);
    expect((error as SunatFault).code).toBe("0102");
    expect((error as SunatFault).message).toBe("Usuario o contraseña incorrectos");
    expect((error as SunatFault).retryable).toBe(false);
    // Nothing was registered: the right credentials then get it accepted.
    expect(parseCdr(await client.sendBill(`${name}.zip`, zipDocument(name, xml))).responseCode).toBe("0");
  });

  it("[error500]: an HTML page with HTTP 500 is a retryable transport error; the retry is accepted", async () => {
    const { name, xml } = await invoice(6, "CLIENTE [error500] S.A.C.");
    const error = await caught(client.sendBill(`${name}.zip`, zipDocument(name, xml)));
    expect(error).toBeInstanceOf(SunatTransportError);
    expect((error as SunatTransportError).retryable).toBe(true);
    expect((error as Error).message).toMatch(/HTTP 500/);
    const cdr = parseCdr(await client.sendBill(`${name}.zip`, zipDocument(name, xml)));
    expect(cdrOutcome(cdr)).toBe("accepted");
  });

  it("[lento]: the client gives up after its timeout with a transport error; the retry is accepted", async () => {
    const impatient = createBillServiceClient({ endpoint: mock.url, ...CREDENTIALS, timeoutMs: 500 });
    const { name, xml } = await invoice(7, "CLIENTE [lento] S.A.C.");
    const started = Date.now();
    const error = await caught(impatient.sendBill(`${name}.zip`, zipDocument(name, xml)));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(SunatTransportError);
    expect((error as Error).message).toMatch(/no respondió/);
    // It gave up at its own 500 ms, not when the stand-in dropped the connection (2 s).
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(1800);
    const cdr = parseCdr(await client.sendBill(`${name}.zip`, zipDocument(name, xml)));
    expect(cdrOutcome(cdr)).toBe("accepted");
  });

  it("a file that is not a ZIP is fault 0156 (archivo ZIP corrupto)", async () => {
    const error = await caught(client.sendBill(`${RUC}-01-F001-8.zip`, Buffer.from("esto no es un zip")));
    expect((error as SunatFault).code).toBe("0156");
    expect((error as SunatFault).message).toBe("El archivo ZIP esta corrupto");
  });

  it("a ZIP whose XML is named differently is 0161; a file name whose RUC differs from the XML is 1034", async () => {
    const { name, xml } = await invoice(9);
    const misnamed = await caught(client.sendBill(`${name}.zip`, zipDocument(`${RUC}-01-F001-10`, xml)));
    expect((misnamed as SunatFault).code).toBe("0161");

    const otherRuc = "20100000009";
    const other = createBillServiceClient({ endpoint: mock.url, username: `${otherRuc}MODDATOS`, password: "moddatos" });
    const otherName = `${otherRuc}-01-F001-9`;
    const mismatch = await caught(other.sendBill(`${otherName}.zip`, zipDocument(otherName, xml)));
    expect((mismatch as SunatFault).code).toBe("1034");
  });

  it("a file of another RUC than the SOL user's is 0154", async () => {
    const name = `20100000009-01-F001-11`;
    const error = await caught(client.sendBill(`${name}.zip`, zipDocument(name, (await invoice(11)).xml)));
    expect((error as SunatFault).code).toBe("0154");
  });

  it("a document that breaks the UBL schema is refused with SUNAT's 0306, naming the schema error", async () => {
    const { name, xml } = await invoice(12);
    const broken = xml.replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, "");
    const error = await caught(client.sendBill(`${name}.zip`, zipDocument(name, broken)));
    expect(error).toBeInstanceOf(SunatFault);
    expect((error as SunatFault).code).toBe("0306");
    expect((error as SunatFault).message).toMatch(/No se puede leer \(parsear\) el archivo XML - Detalle: .*IssueTime/);
    expect(codeKind("0306")).toBe("exception");
  });
});

describe("sendSummary and getStatus", () => {
  it("a resumen diario answers a ticket: 98 (en proceso) first, then 0 with its CDR", async () => {
    const name = `${RUC}-RC-20261128-1`;
    const ticket = await client.sendSummary(`${name}.zip`, zipDocument(name, await sample(`${name}.xml`)));
    expect(ticket).toMatch(/^\d+$/);
    expect(await client.getStatus(ticket)).toEqual({ statusCode: "98", cdrZip: null });
    const done = await client.getStatus(ticket);
    expect(done.statusCode).toBe("0");
    const cdr = parseCdr(done.cdrZip!);
    expect(cdr.description).toBe("El Resumen diario RC-20261128-1, ha sido aceptado");
    expect(cdrOutcome(cdr)).toBe("accepted");
    expect(cdrMatches(cdr, "RC-20261128-1")).toBe(true);
  });

  it("a resumen with a refused line ends in 99 with a rejection CDR", async () => {
    const name = `${RUC}-RC-20261128-2`;
    const xml = (await sample(`${RUC}-RC-20261128-1.xml`)).replace("RC-20261128-1", "RC-20261128-2").replace("<cbc:ID>B001-2</cbc:ID>", "<cbc:ID>B001-99</cbc:ID>");
    const ticket = await client.sendSummary(`${name}.zip`, zipDocument(name, xml));
    expect((await client.getStatus(ticket)).statusCode).toBe("98");
    const done = await client.getStatus(ticket);
    expect(done.statusCode).toBe("99");
    const cdr = parseCdr(done.cdrZip!);
    expect(cdrOutcome(cdr)).toBe("rejected");
    expect(cdr.description).toContain("B001-99");
  });

  it("a comunicación de baja goes the same way", async () => {
    const name = `${RUC}-RA-20261128-1`;
    const ticket = await client.sendSummary(`${name}.zip`, zipDocument(name, await sample(`${name}.xml`)));
    expect((await client.getStatus(ticket)).statusCode).toBe("98");
    const cdr = parseCdr((await client.getStatus(ticket)).cdrZip!);
    expect(cdr.description).toBe("La Comunicacion de baja RA-20261128-1, ha sido aceptada");
  });

  it("a factura cannot go by sendSummary, nor a resumen by sendBill", async () => {
    const { name, xml } = await invoice(13);
    expect(((await caught(client.sendSummary(`${name}.zip`, zipDocument(name, xml)))) as SunatFault).code).toBe("0151");
    const rc = `${RUC}-RC-20261128-3`;
    expect(((await caught(client.sendBill(`${rc}.zip`, zipDocument(rc, "<x/>")))) as SunatFault).code).toBe("0152");
  });

  it("an unknown ticket is fault 0127", async () => {
    const error = await caught(client.getStatus("999999999"));
    expect((error as SunatFault).code).toBe("0127");
    expect((error as SunatFault).message).toBe("El ticket no existe");
  });
});

describe("the stand-in's extra checks", () => {
  it("a check answering a rejection code (as a signature check would, 2335) rejects the document in its CDR", async () => {
    const strict = await startSunatMock({
      verifySignature: false,
      checks: [async (xml) => (xml.includes("ALTERADO") ? { code: "2335", message: sunatCodeDescription("2335") } : null)],
    });
    try {
      const strictClient = createBillServiceClient({ endpoint: strict.url, ...CREDENTIALS });
      const { name, xml } = await invoice(1, "ALTERADO S.A.C.");
      const cdr = parseCdr(await strictClient.sendBill(`${name}.zip`, zipDocument(name, xml)));
      expect(cdr.responseCode).toBe("2335");
      expect(cdr.description).toBe("El documento electrónico ingresado ha sido alterado");
      const fine = await invoice(2);
      expect(cdrOutcome(parseCdr(await strictClient.sendBill(`${fine.name}.zip`, zipDocument(fine.name, fine.xml))))).toBe("accepted");
    } finally {
      await strict.close();
    }
  });
});

describe("transport", () => {
  it("nobody listening is a retryable transport error", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const nowhere = createBillServiceClient({ endpoint: `http://127.0.0.1:${port}/billService`, ...CREDENTIALS, timeoutMs: 2000 });
    const error = await caught(nowhere.getStatus("1"));
    expect(error).toBeInstanceOf(SunatTransportError);
    expect((error as Error).message).toBe("No se pudo conectar con SUNAT.");
  });

  it("serves the WSDL, pointing at itself", async () => {
    const response = await fetch(`${mock.url}?wsdl`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain(`location="${mock.url}"`);
    expect(text).toContain('soapAction="urn:sendBill"');
  });
});

describe("the stand-in's SOAP checks", () => {
  const post = (body: string) => fetch(mock.url, { method: "POST", headers: { "content-type": "text/xml; charset=utf-8" }, body });
  const security = `<soapenv:Header><wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd"><wsse:UsernameToken><wsse:Username>${RUC}MODDATOS</wsse:Username><wsse:Password>moddatos</wsse:Password></wsse:UsernameToken></wsse:Security></soapenv:Header>`;
  const envelope = (header: string, body: string) =>
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ser="http://service.sunat.gob.pe">${header}<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

  it("without the WS-Security header answers fault 0101", async () => {
    const response = await post(envelope("", "<ser:getStatus><ticket>1</ticket></ser:getStatus>"));
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("<faultcode>soap-env:Client.0101</faultcode>");
  });

  it("refuses a body that is not one of the WSDL's operations, by the WSDL's schema", async () => {
    const response = await post(envelope(security, "<ser:sendBil><fileName>a.zip</fileName></ser:sendBil>"));
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/<faultcode>soap-env:Client<\/faultcode><faultstring>Unmarshalling Error: .*sendBil/);
    const misplaced = await post(envelope(security, "<ser:getStatus><fileName>a.zip</fileName></ser:getStatus>"));
    expect(await misplaced.text()).toContain("Unmarshalling Error");
  });
});

describe("fault codes", () => {
  it("reads SUNAT's code from the faultcode or, failing that, the faultstring", () => {
    expect(faultCode("soap-env:Client.0102", "Usuario o contraseña incorrectos")).toBe("0102");
    expect(faultCode("soap-env:Server", "0111")).toBe("0111");
    expect(faultCode("soap-env:Client.1033", "El comprobante fue registrado previamente con otros datos")).toBe("1033");
    expect(faultCode("soap-env:Client", "Unmarshalling Error")).toBeNull();
  });

  it("retries only SUNAT's temporary exceptions", () => {
    for (const code of ["0100", "0109", "0130", "0138", "0140", "0200", "0252"]) expect(isRetryableFault(code), code).toBe(true);
    for (const code of ["0101", "0102", "0111", "0127", "0151", "0156", "0306", "1032", "1033", "2335"]) expect(isRetryableFault(code), code).toBe(false);
  });
});
