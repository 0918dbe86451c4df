// The XML digital signature SUNAT requires on every UBL document: an enveloped XML-DSig over the
// whole document (Reference URI=""), RSA-SHA256 with SHA-256 digests and inclusive C14N 1.0, placed
// in the first empty ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent, with the signer's
// X.509 certificate in KeyInfo. Its Id is "SignatureSP", which the document's cac:Signature names.
// The reference's DigestValue is the document's "hash": printed on the invoice and kept with it.
// Pure: no I/O (no server-only marker, so the SUNAT stand-in can verify outside Next.js).
import { X509Certificate, createPrivateKey } from "node:crypto";
import { DOMParser, type Element as XmlElement, type Node as XmlNode } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import type { SigningCredential } from "@/lib/sunat/types";

export const SIGNATURE_ID = "SignatureSP";

const DSIG_NS = "http://www.w3.org/2000/09/xmldsig#";
const EXT_NS = "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2";
const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";

export class XmlSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "XmlSignatureError";
  }
}

/** Parses a document, refusing DTDs (no entity tricks) and anything that is not well-formed XML. */
function parseDocument(xml: string) {
  if (/<!DOCTYPE/i.test(xml)) throw new XmlSignatureError("El XML no puede declarar un DOCTYPE.");
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== "warning") errors.push(message);
    },
  }).parseFromString(xml, "text/xml");
  if (errors.length || !doc.documentElement) {
    throw new XmlSignatureError(`El XML no está bien formado: ${errors[0] ?? "sin elemento raíz"}`);
  }
  return doc;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

function children(node: XmlNode): XmlNode[] {
  return Array.from({ length: node.childNodes.length }, (_, index) => node.childNodes.item(index)).filter(
    (child): child is XmlNode => child !== null,
  );
}

/** An ExtensionContent is empty when it holds no element and no text other than whitespace. */
function isEmptyExtensionContent(element: XmlElement): boolean {
  return children(element).every(
    (child) =>
      child.nodeType !== ELEMENT_NODE &&
      !((child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) && (child.nodeValue ?? "").trim() !== ""),
  );
}

/** The path (child indexes from the root element) of the first empty UBLExtensions/UBLExtension/ExtensionContent. */
function signaturePlace(root: XmlElement): string {
  const slots = children(root)
    .filter((node): node is XmlElement => node.nodeType === ELEMENT_NODE)
    .filter((node) => node.namespaceURI === EXT_NS && node.localName === "UBLExtensions")
    .flatMap((extensions) => children(extensions))
    .filter((node): node is XmlElement => node.nodeType === ELEMENT_NODE && node.namespaceURI === EXT_NS && node.localName === "UBLExtension")
    .flatMap((extension) => children(extension))
    .filter(
      (node): node is XmlElement => node.nodeType === ELEMENT_NODE && node.namespaceURI === EXT_NS && node.localName === "ExtensionContent",
    );
  const index = slots.findIndex(isEmptyExtensionContent);
  if (index < 0) {
    throw new XmlSignatureError(
      "El XML no tiene un ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent vacío donde colocar la firma.",
    );
  }
  // The n-th ExtensionContent child of a UBLExtension child of the root's UBLExtensions, in document order.
  const step = (name: string) => `*[local-name()='${name}' and namespace-uri()='${EXT_NS}']`;
  return `(/*/${step("UBLExtensions")}/${step("UBLExtension")}/${step("ExtensionContent")})[${index + 1}]`;
}

/** The base64 body of a PEM certificate, one line (what X509Certificate holds). */
function certificateBase64(pem: string): string {
  const match = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(pem);
  if (!match) throw new XmlSignatureError("El certificado de firma no está en formato PEM.");
  return match[1].replace(/\s+/g, "");
}

/**
 * Signs a UBL document for SUNAT. Throws when the document has no empty ExtensionContent for the
 * signature, or when the key does not belong to the certificate (a signature SUNAT would refuse).
 */
export function signXml(xml: string, credential: SigningCredential): { xml: string; digestValue: string } {
  const doc = parseDocument(xml);
  const location = signaturePlace(doc.documentElement!);

  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(credential.certificatePem);
  } catch {
    throw new XmlSignatureError("El certificado de firma no es válido.");
  }
  if (!certificate.checkPrivateKey(createPrivateKeyOrThrow(credential.privateKeyPem))) {
    throw new XmlSignatureError("La clave privada no corresponde al certificado de firma.");
  }
  const certificateBody = certificateBase64(credential.certificatePem);

  const signer = new SignedXml({
    privateKey: credential.privateKeyPem,
    publicCert: credential.certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: C14N,
    getKeyInfoContent: ({ prefix } = {}) => {
      const ns = prefix ? `${prefix}:` : "";
      return `<${ns}X509Data><${ns}X509Certificate>${certificateBody}</${ns}X509Certificate></${ns}X509Data>`;
    },
  });
  // The enveloped transform alone, as SUNAT's examples show it: the node-set it leaves is then
  // canonicalized with inclusive C14N 1.0 by the XML-DSig rules.
  signer.addReference({ xpath: "/*", isEmptyUri: true, transforms: [ENVELOPED], digestAlgorithm: SHA256 });
  signer.computeSignature(xml, {
    prefix: "ds",
    attrs: { Id: SIGNATURE_ID },
    location: { reference: location, action: "append" },
  });
  const signed = signer.getSignedXml();
  const digestValue = digestValueOf(parseDocument(signed));
  return { xml: signed, digestValue };
}

function createPrivateKeyOrThrow(pem: string) {
  try {
    return createPrivateKey(pem);
  } catch {
    throw new XmlSignatureError("La clave privada de firma no es válida.");
  }
}

type SignatureParts = { signature: XmlElement; digestValue: string; certificateBody: string };

function signatureParts(doc: ReturnType<typeof parseDocument>): SignatureParts {
  const signatures = Array.from(doc.getElementsByTagNameNS(DSIG_NS, "Signature"));
  if (signatures.length === 0) throw new XmlSignatureError("El documento no está firmado.");
  if (signatures.length > 1) throw new XmlSignatureError("El documento tiene más de una firma.");
  const signature = signatures[0];
  const parent = signature.parentNode as XmlElement | null;
  if (parent?.namespaceURI !== EXT_NS || parent.localName !== "ExtensionContent") {
    throw new XmlSignatureError("La firma no está dentro de ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent.");
  }
  const one = (parent: XmlElement, name: string): XmlElement => {
    const found = children(parent).filter(
      (node): node is XmlElement => node.nodeType === ELEMENT_NODE && node.namespaceURI === DSIG_NS && node.localName === name,
    );
    if (found.length !== 1) throw new XmlSignatureError(`La firma debe tener un solo ds:${name}.`);
    return found[0];
  };
  const algorithm = (element: XmlElement) => element.getAttribute("Algorithm") ?? "";

  const signedInfo = one(signature, "SignedInfo");
  if (algorithm(one(signedInfo, "CanonicalizationMethod")) !== C14N) throw new XmlSignatureError("La firma no usa C14N 1.0.");
  if (algorithm(one(signedInfo, "SignatureMethod")) !== RSA_SHA256) throw new XmlSignatureError("La firma no usa RSA-SHA256.");
  const reference = one(signedInfo, "Reference");
  // URI="" signs the whole document: no part of it can be left out of the signature.
  if (reference.getAttribute("URI") !== "") throw new XmlSignatureError("La firma no cubre el documento completo (URI=\"\").");
  const transforms = children(one(reference, "Transforms")).filter((node): node is XmlElement => node.nodeType === ELEMENT_NODE);
  const transformNames = transforms.map(algorithm);
  if (transformNames.some((name) => name !== ENVELOPED && name !== C14N) || !transformNames.includes(ENVELOPED)) {
    throw new XmlSignatureError("La firma no es una firma envuelta (enveloped) con C14N.");
  }
  if (algorithm(one(reference, "DigestMethod")) !== SHA256) throw new XmlSignatureError("La firma no usa SHA-256.");
  const digestValue = (one(reference, "DigestValue").textContent ?? "").trim();

  const keyInfo = one(signature, "KeyInfo");
  const certificateBody = (one(one(keyInfo, "X509Data"), "X509Certificate").textContent ?? "").replace(/\s+/g, "");
  if (!certificateBody) throw new XmlSignatureError("La firma no incluye el certificado.");
  return { signature, digestValue, certificateBody };
}

function digestValueOf(doc: ReturnType<typeof parseDocument>): string {
  return signatureParts(doc).digestValue;
}

function toPem(base64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`;
}

export type SignatureCheck = { valid: true; digestValue: string; certificatePem: string } | { valid: false; reason: string };

/**
 * Verifies a signed document with the certificate it carries: the SignedInfo must be signed by that
 * certificate's key and the document (without the signature) must match the digest. It says nothing
 * about who the certificate belongs to: callers compare it with the issuer's.
 */
export function verifyXmlSignature(xml: string): SignatureCheck {
  try {
    const doc = parseDocument(xml);
    const { signature, digestValue, certificateBody } = signatureParts(doc);
    const certificatePem = toPem(certificateBody);
    try {
      new X509Certificate(certificatePem);
    } catch {
      return { valid: false, reason: "El certificado incluido en la firma no es válido." };
    }
    // The key comes from the embedded certificate only (never from an attacker-chosen KeyInfo form).
    const verifier = new SignedXml({ publicCert: certificatePem });
    // xml-crypto types its nodes with the DOM lib's; xmldom's are what it parses with at run time.
    verifier.loadSignature(signature as unknown as Node);
    let valid = false;
    try {
      valid = verifier.checkSignature(xml);
    } catch {
      // xml-crypto checks the digests first, then throws when the SignatureValue does not verify.
      return { valid: false, reason: "La firma no corresponde al certificado incluido en el documento." };
    }
    if (!valid) return { valid: false, reason: "El documento fue modificado después de firmarse (el digest no coincide)." };
    return { valid: true, digestValue, certificatePem };
  } catch (error) {
    if (error instanceof XmlSignatureError) return { valid: false, reason: error.message };
    throw error;
  }
}
