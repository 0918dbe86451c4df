// The XML-DSig SUNAT requires, checked with our verifier and with the xmlsec1 and xmllint binaries:
// a signed sample invoice verifies; a changed amount, a removed signature or a signature whose key is
// not the embedded certificate's do not.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DOMParser, type Element } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPfx, readPfx } from "@/lib/sunat/certificate";
import { SIGNATURE_ID, signXml, verifyXmlSignature } from "@/lib/sunat/sign";
import type { SigningCredential } from "@/lib/sunat/types";
import { skipWithoutXmllint, skipWithoutXmlsec1 } from "./helpers/requirements";

const FIXTURES = path.join(import.meta.dirname, "fixtures/sunat");
const SAMPLE = readFileSync(path.join(FIXTURES, "sample-invoice.xml"), "utf8");
const INVOICE_XSD = path.join(FIXTURES, "xsd/2.1/maindoc/UBL-Invoice-2.1.xsd");
const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const EXT = "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2";
const withoutXmllint = skipWithoutXmllint();
const withoutXmlsec1 = skipWithoutXmlsec1();

let dir: string;
let issuer: SigningCredential;
let other: SigningCredential;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sunat-signature-"));
  issuer = readPfx(createTestPfx({ ruc: "20123456786", legalName: "Consultora Ñandú S.A.C.", password: "clave" }), "clave").credential;
  other = readPfx(createTestPfx({ ruc: "20100070970", legalName: "Otra Empresa S.A.", password: "clave" }), "clave").credential;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function write(content: string, extension = "xml"): string {
  const file = path.join(dir, `file-${++fileCount}.${extension}`);
  writeFileSync(file, content);
  return file;
}

/** xmlsec1 checks the signature with the given certificate's public key only. */
function xmlsec1Verify(xml: string, certificatePem: string) {
  const result = spawnSync(
    "xmlsec1",
    ["--verify", "--pubkey-cert-pem", write(certificatePem, "pem"), "--id-attr:Id", "Signature", write(xml)],
    { encoding: "utf8" },
  );
  if (result.error) throw result.error; // not run at all is no verdict
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

function certificateBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, "");
}

/** The signed sample with its payable amount changed after signing. */
function withChangedAmount(xml: string): string {
  const changed = xml.replace(
    '<cbc:PayableAmount currencyID="PEN">117.99</cbc:PayableAmount>',
    '<cbc:PayableAmount currencyID="PEN">17.99</cbc:PayableAmount>',
  );
  expect(changed).not.toBe(xml);
  return changed;
}

/** The signed document with its ds:Signature cut out. */
function withoutSignature(xml: string): string {
  const stripped = xml.replace(/<ds:Signature [\s\S]*<\/ds:Signature>/, "");
  expect(stripped).not.toContain("SignatureValue");
  return stripped;
}

/** A document signed by `other` whose embedded certificate was swapped for the issuer's. */
function withSwappedCertificate(): string {
  const swapped = signXml(SAMPLE, other).xml.replace(certificateBody(other.certificatePem), certificateBody(issuer.certificatePem));
  expect(swapped).toContain(certificateBody(issuer.certificatePem));
  return swapped;
}

/** The signed document naming a weaker digest in its SignedInfo after signing. */
function withWeakenedDigest(xml: string): string {
  const weakened = xml.replace("http://www.w3.org/2001/04/xmlenc#sha256", "http://www.w3.org/2000/09/xmldsig#sha1");
  expect(weakened).not.toBe(xml);
  return weakened;
}

/** The sample with an extension that already has content before the empty one the signer fills. */
const WITH_OTHER_EXTENSION = SAMPLE.replace(
  "<ext:UBLExtensions>",
  '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><x:Other xmlns:x="urn:example">dato</x:Other></ext:ExtensionContent></ext:UBLExtension>',
);

describe("signXml", () => {
  it("places one RSA-SHA256 enveloped signature over the whole document in the empty ExtensionContent, with the certificate", () => {
    const { xml } = signXml(SAMPLE, issuer);
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    const signatures = Array.from(doc.getElementsByTagNameNS(DSIG, "Signature"));
    expect(signatures).toHaveLength(1);
    const signature = signatures[0];
    expect(signature.getAttribute("Id")).toBe(SIGNATURE_ID);
    expect(signature.prefix).toBe("ds");
    const holder = signature.parentNode as Element;
    expect([holder.namespaceURI, holder.localName]).toEqual([EXT, "ExtensionContent"]);
    expect((holder.parentNode as Element).localName).toBe("UBLExtension");

    const first = (name: string) => signature.getElementsByTagNameNS(DSIG, name)[0];
    expect(first("CanonicalizationMethod").getAttribute("Algorithm")).toBe("http://www.w3.org/TR/2001/REC-xml-c14n-20010315");
    expect(first("SignatureMethod").getAttribute("Algorithm")).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    expect(first("DigestMethod").getAttribute("Algorithm")).toBe("http://www.w3.org/2001/04/xmlenc#sha256");
    expect(first("Reference").getAttribute("URI")).toBe("");
    const transforms = Array.from(signature.getElementsByTagNameNS(DSIG, "Transform")).map((t) => t.getAttribute("Algorithm"));
    expect(transforms).toEqual(["http://www.w3.org/2000/09/xmldsig#enveloped-signature"]);
    expect(first("X509Certificate").textContent).toBe(certificateBody(issuer.certificatePem));
    // The UBL's cac:Signature points at the signature by its Id.
    expect(xml).toContain(`<cbc:URI>#${SIGNATURE_ID}</cbc:URI>`);
  });

  it.skipIf(withoutXmllint)("returns as digestValue the SHA-256 of the unsigned document's inclusive C14N (xmllint's), which the signature carries", () => {
    const { xml, digestValue } = signXml(SAMPLE, issuer);
    // The enveloped transform removes the signature, leaving the document as it was before signing.
    const c14n = spawnSync("xmllint", ["--c14n", write(SAMPLE)]);
    expect(c14n.status).toBe(0);
    expect(digestValue).toBe(createHash("sha256").update(c14n.stdout).digest("base64"));
    expect(xml).toContain(`<ds:DigestValue>${digestValue}</ds:DigestValue>`);
  });

  it.skipIf(withoutXmllint)("makes a document the UBL 2.1 Invoice schema accepts (the empty ExtensionContent alone is refused)", () => {
    const unsigned = spawnSync("xmllint", ["--noout", "--schema", INVOICE_XSD, write(SAMPLE)], { encoding: "utf8" });
    expect(unsigned.status).not.toBe(0);
    expect(unsigned.stderr).toContain("ExtensionContent");
    const signed = spawnSync("xmllint", ["--noout", "--schema", INVOICE_XSD, write(signXml(SAMPLE, issuer).xml)], { encoding: "utf8" });
    expect(signed.stderr).toContain("validates");
    expect(signed.status).toBe(0);
  });

  it("uses the first empty ExtensionContent, leaving one that already has content alone", () => {
    const { xml } = signXml(WITH_OTHER_EXTENSION, issuer);
    expect(xml).toContain('<ext:ExtensionContent><x:Other xmlns:x="urn:example">dato</x:Other></ext:ExtensionContent>');
    expect(xml).toMatch(/<\/ext:UBLExtension>\s*<ext:UBLExtension>\s*<ext:ExtensionContent><ds:Signature /);
    expect(verifyXmlSignature(xml).valid).toBe(true);
  });

  it("refuses a document without an empty ExtensionContent (signing twice included)", () => {
    const signed = signXml(SAMPLE, issuer).xml;
    expect(() => signXml(signed, issuer)).toThrow(/ExtensionContent vacío/);
    const noExtensions = SAMPLE.replace(/<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>/, "");
    expect(() => signXml(noExtensions, issuer)).toThrow(/ExtensionContent vacío/);
  });

  it("refuses a key that is not the certificate's, and a DOCTYPE", () => {
    expect(() => signXml(SAMPLE, { privateKeyPem: other.privateKeyPem, certificatePem: issuer.certificatePem })).toThrow(
      /clave privada no corresponde/,
    );
    expect(() => signXml(`<!DOCTYPE x [<!ENTITY a "b">]>${SAMPLE.replace(/^<\?xml[^>]*>/, "")}`, issuer)).toThrow(/DOCTYPE/);
  });
});

describe("verifying a signed document", () => {
  it("accepts the signed document and gives back its digest and certificate", () => {
    const { xml, digestValue } = signXml(SAMPLE, issuer);
    expect(verifyXmlSignature(xml)).toEqual({ valid: true, digestValue, certificatePem: expect.any(String) });
    const check = verifyXmlSignature(xml);
    expect(check.valid && certificateBody(check.certificatePem)).toBe(certificateBody(issuer.certificatePem));
  });

  it("refuses a changed amount after signing", () => {
    const check = verifyXmlSignature(withChangedAmount(signXml(SAMPLE, issuer).xml));
    expect(check.valid).toBe(false);
    expect(!check.valid && check.reason).toMatch(/modificado/);
  });

  it("refuses a document whose signature was removed", () => {
    expect(verifyXmlSignature(withoutSignature(signXml(SAMPLE, issuer).xml))).toEqual({ valid: false, reason: "El documento no está firmado." });
  });

  it("refuses a signature made by another key than the embedded certificate's", () => {
    const check = verifyXmlSignature(withSwappedCertificate());
    expect(check.valid).toBe(false);
    expect(!check.valid && check.reason).toMatch(/no corresponde al certificado/);
    // The same document with its own certificate is fine: only the mismatch is refused.
    expect(verifyXmlSignature(signXml(SAMPLE, other).xml).valid).toBe(true);
  });

  it("refuses a changed SignedInfo (a weaker digest named after signing)", () => {
    expect(verifyXmlSignature(withWeakenedDigest(signXml(SAMPLE, issuer).xml)).valid).toBe(false);
  });

  it("refuses a second signature and a signature outside the ExtensionContent", () => {
    const { xml } = signXml(SAMPLE, issuer);
    const signature = /<ds:Signature [\s\S]*<\/ds:Signature>/.exec(xml)![0];
    const twice = xml.replace("</Invoice>", `${signature}</Invoice>`);
    expect(verifyXmlSignature(twice)).toEqual({ valid: false, reason: "El documento tiene más de una firma." });
    const moved = xml.replace(signature, "").replace("</Invoice>", `${signature}</Invoice>`);
    const check = verifyXmlSignature(moved);
    expect(check.valid).toBe(false);
    expect(!check.valid && check.reason).toMatch(/ExtensionContent/);
  });
});

// xmlsec1 is a second, independent judge of the same documents.
describe.skipIf(withoutXmlsec1)("xmlsec1 on the same documents", () => {
  it("accepts the signed document, and the one signed into the second extension", () => {
    const xmlsec = xmlsec1Verify(signXml(SAMPLE, issuer).xml, issuer.certificatePem);
    expect(xmlsec.output).toContain("OK");
    expect(xmlsec.ok).toBe(true);
    expect(xmlsec1Verify(signXml(WITH_OTHER_EXTENSION, issuer).xml, issuer.certificatePem).ok).toBe(true);
  });

  it("refuses a changed amount, a removed signature, another key's signature and a weakened SignedInfo", () => {
    const { xml } = signXml(SAMPLE, issuer);
    expect(xmlsec1Verify(withChangedAmount(xml), issuer.certificatePem).ok).toBe(false);
    expect(xmlsec1Verify(withoutSignature(xml), issuer.certificatePem).ok).toBe(false);
    expect(xmlsec1Verify(withSwappedCertificate(), issuer.certificatePem).ok).toBe(false);
    expect(xmlsec1Verify(withWeakenedDigest(xml), issuer.certificatePem).ok).toBe(false);
  });
});
