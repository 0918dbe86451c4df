// Reading SUNAT's CDR: the ZIP, the ApplicationResponse inside it, what it means for the document.
import { readFileSync } from "node:fs";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { CdrError, cdrMatches, cdrOutcome, parseCdr, parseCdrXml } from "@/lib/sunat/cdr";
import { codeKind, sunatCodeDescription } from "@/lib/sunat/error-codes";

const SAMPLES = new URL("./fixtures/sunat/soap-samples/", import.meta.url);
const encoder = new TextEncoder();

/** A CDR ApplicationResponse as SUNAT writes it (namespace-prefixed root, UTF-8). */
function cdrXml({ code, description, notes = [], documentId = "F001-1" }: { code: string; description: string; notes?: string[]; documentId?: string }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.0</cbc:UBLVersionID>
  <cbc:ID>201656892705188</cbc:ID>
  <cbc:IssueDate>2026-11-28</cbc:IssueDate>
  ${notes.map((note) => `<cbc:Note>${note}</cbc:Note>`).join("\n  ")}
  <cac:SenderParty><cac:PartyIdentification><cbc:ID>20131312955</cbc:ID></cac:PartyIdentification></cac:SenderParty>
  <cac:ReceiverParty><cac:PartyIdentification><cbc:ID>20000000001</cbc:ID></cac:PartyIdentification></cac:ReceiverParty>
  <cac:DocumentResponse>
    <cac:Response>
      <cbc:ReferenceID>${documentId}</cbc:ReferenceID>
      <cbc:ResponseCode>${code}</cbc:ResponseCode>
      <cbc:Description>${description}</cbc:Description>
    </cac:Response>
    <cac:DocumentReference><cbc:ID>${documentId}</cbc:ID></cac:DocumentReference>
  </cac:DocumentResponse>
</ar:ApplicationResponse>`;
}

/** SUNAT's layout: an empty "dummy/" folder next to "R-<name>.xml". */
function zipOf(files: Record<string, string | Uint8Array>): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, content] of Object.entries(files)) entries[name] = typeof content === "string" ? encoder.encode(content) : content;
  return Buffer.from(zipSync(entries));
}

describe("parseCdr", () => {
  it("reads an accepted CDR: code 0, SUNAT's description, the document it answers", () => {
    const zip = zipOf({
      "dummy/": new Uint8Array(0),
      "R-20000000001-01-F001-1.xml": cdrXml({ code: "0", description: "La Factura numero F001-1, ha sido aceptada" }),
    });
    const cdr = parseCdr(zip);
    expect(cdr).toMatchObject({
      fileName: "R-20000000001-01-F001-1.xml",
      id: "201656892705188",
      responseCode: "0",
      description: "La Factura numero F001-1, ha sido aceptada",
      notes: [],
      documentId: "F001-1",
      issueDate: "2026-11-28",
    });
    expect(cdr.xml).toContain("<cbc:ResponseCode>0</cbc:ResponseCode>");
    expect(cdrOutcome(cdr)).toBe("accepted");
  });

  it("reads an observed CDR written in ISO-8859-1, keeping each note's code and its accents", () => {
    const xml = readFileSync(new URL("R-20000000001-07-FC01-3.xml", SAMPLES));
    // The file really is Latin-1: "é" is the single byte 0xE9, which is not valid UTF-8.
    expect(xml.includes(Buffer.from([0xe9]))).toBe(true);
    const cdr = parseCdr(zipOf({ "R-20000000001-07-FC01-3.xml": xml }));
    expect(cdr.responseCode).toBe("0");
    expect(cdr.description).toBe("La Nota de Crédito numero FC01-00000003, ha sido aceptada");
    expect(cdr.notes).toEqual([
      { code: "4031", text: "Debe indicar el nombre comercial" },
      { code: "4260", text: 'El dato ingresado como atributo @name es incorrecto. (nodo: "cbc:Note" valor: "Leyenda: Monto en letras, Año fiscal")' },
    ]);
    expect(cdrOutcome(cdr)).toBe("observed");
    expect(codeKind(cdr.notes[0].code)).toBe("observation");
  });

  it("reads a rejected CDR: a 2000–3999 code is a rejection", () => {
    const description = sunatCodeDescription("2800");
    const cdr = parseCdr(zipOf({ "R-20000000001-01-F001-9.xml": cdrXml({ code: "2800", description, documentId: "F001-9" }) }));
    expect(cdr.responseCode).toBe("2800");
    expect(cdr.description).toBe("El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.");
    expect(cdrOutcome(cdr)).toBe("rejected");
    expect(codeKind(cdr.responseCode)).toBe("rejection");
  });

  it("takes observations a newer CDR lists as Response/Status", () => {
    const xml = cdrXml({ code: "0", description: "La Factura numero F001-2, ha sido aceptada", documentId: "F001-2" }).replace(
      "</cbc:Description>",
      "</cbc:Description><cac:Status><cbc:StatusReasonCode>4001</cbc:StatusReasonCode><cbc:StatusReason>El numero de RUC del receptor no existe.</cbc:StatusReason></cac:Status>",
    );
    const cdr = parseCdrXml(xml);
    expect(cdr.notes).toEqual([{ code: "4001", text: "El numero de RUC del receptor no existe." }]);
    expect(cdrOutcome(cdr)).toBe("observed");
  });

  it("refuses what is not a CDR with a CdrError in Spanish", () => {
    const good = cdrXml({ code: "0", description: "ok" });
    const cases: [string, Buffer][] = [
      ["not a zip", Buffer.from("esto no es un zip")],
      ["empty", Buffer.alloc(0)],
      ["a zip without an xml", zipOf({ "dummy/": new Uint8Array(0) })],
      ["two xml files", zipOf({ "R-a.xml": good, "R-b.xml": good })],
      ["three entries", zipOf({ "dummy/": new Uint8Array(0), "R-a.xml": good, "leeme.txt": "x" })],
      ["xml that is not well-formed", zipOf({ "R-a.xml": "<ar:ApplicationResponse" })],
      ["another UBL document", zipOf({ "R-a.xml": readFileSync(new URL("20000000001-01-F001-1.xml", SAMPLES)) })],
      ["no ResponseCode", zipOf({ "R-a.xml": good.replace("<cbc:ResponseCode>0</cbc:ResponseCode>", "") })],
    ];
    for (const [label, zip] of cases) {
      let thrown: unknown;
      try {
        parseCdr(zip);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, label).toBeInstanceOf(CdrError);
      expect((thrown as CdrError).message, label).toMatch(/constancia de SUNAT/);
    }
  });

  it("refuses a ZIP whose content is larger than 5 MB before inflating it", () => {
    const big = new Uint8Array(6 * 1024 * 1024).fill(32);
    expect(() => parseCdr(zipOf({ "R-a.xml": big }))).toThrow(/demasiado grande/);
  });
});

describe("cdrMatches", () => {
  const cdr = parseCdr(zipOf({ "R-x.xml": cdrXml({ code: "0", description: "ok", documentId: "F001-00000012" }) }));

  it("matches the same series and number, with or without leading zeros", () => {
    expect(cdrMatches(cdr, "F001-12")).toBe(true);
    expect(cdrMatches(cdr, "f001-00000012")).toBe(true);
  });

  it("detects a CDR that answers another document", () => {
    expect(cdrMatches(cdr, "F001-13")).toBe(false);
    expect(cdrMatches(cdr, "F002-12")).toBe(false);
    expect(cdrMatches(cdr, "F001-120")).toBe(false);
    expect(cdrMatches({ documentId: "" }, "F001-12")).toBe(false);
  });

  it("matches a resumen's id", () => {
    expect(cdrMatches({ documentId: "RC-20261128-1" }, "RC-20261128-001")).toBe(true);
    expect(cdrMatches({ documentId: "RC-20261128-1" }, "RC-20261129-1")).toBe(false);
  });
});
