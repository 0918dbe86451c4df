// Schema validation for the SUNAT stand-in, with xmllint compiled to WebAssembly: the UBL 2.1
// schemas (facturas, boletas, notas, the CDR), SUNAT's UBL 2.0 ones (resumen diario, comunicación
// de baja) and the billService WSDL's own schema. The schemas import one another by relative
// path, so every file is loaded under its folder, once, and handed to each validation.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { validateXML, type XMLFileInfo } from "xmllint-wasm";

export const SUNAT_FIXTURES_DIR = fileURLToPath(new URL("../../../tests/fixtures/sunat/", import.meta.url));

/** The main schema of each document the stand-in validates, relative to the fixtures folder. */
export const SCHEMAS = {
  Invoice: "xsd/2.1/maindoc/UBL-Invoice-2.1.xsd",
  CreditNote: "xsd/2.1/maindoc/UBL-CreditNote-2.1.xsd",
  ApplicationResponse: "xsd/2.1/maindoc/UBL-ApplicationResponse-2.1.xsd",
  SummaryDocuments: "xsd/2.0/maindoc/UBL-SummaryDocuments-2.0.xsd",
  VoidedDocuments: "xsd/2.0/maindoc/UBL-VoidedDocuments-2.0.xsd",
  BillService: "wsdl/billService.xsd2.xsd",
} as const;

export type SchemaName = keyof typeof SCHEMAS;

let loaded: Promise<XMLFileInfo[]> | null = null;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

/** Every .xsd under the fixtures, read once per process. */
export function loadSchemas(): Promise<XMLFileInfo[]> {
  loaded ??= (async () => {
    const files = (await listFiles(SUNAT_FIXTURES_DIR)).filter((file) => file.endsWith(".xsd"));
    return Promise.all(
      files.map(async (file) => ({ fileName: relative(SUNAT_FIXTURES_DIR, file).split("\\").join("/"), contents: await readFile(file) })),
    );
  })();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

export type XsdResult = { valid: true } | { valid: false; errors: string[] };

/** Validates `xml` (UTF-8 text or bytes) against one of the schemas. */
export async function validateAgainst(schema: SchemaName, xml: string | Uint8Array): Promise<XsdResult> {
  const files = await loadSchemas();
  const main = files.find((file) => file.fileName === SCHEMAS[schema]);
  if (!main) throw new Error(`Falta el esquema ${SCHEMAS[schema]} en ${SUNAT_FIXTURES_DIR}.`);
  const result = await validateXML({
    xml: [{ fileName: "document.xml", contents: xml }],
    schema: [main],
    preload: files.filter((file) => file !== main),
  });
  if (result.valid) return { valid: true };
  const errors = result.errors.map((error) => error.message.trim()).filter(Boolean);
  return { valid: false, errors: errors.length ? errors : [result.rawOutput.trim()] };
}
