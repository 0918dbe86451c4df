// The issuer's digital certificate (.pfx / PKCS#12): opening it with its password, checking it can
// sign for the issuer's RUC today, and making a self-signed one for the demo data and the tests.
// No I/O and no server-only marker: the seed script (plain Node) uses createTestPfx too.
import { createPrivateKey, generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";
import { invalid } from "@/lib/errors";
import type { SigningCredential } from "@/lib/sunat/types";

export type CertificateInfo = {
  credential: SigningCredential;
  /** "CN=…, OU=…, serialNumber=…", in the certificate's own order. */
  subject: string;
  issuer: string;
  /** Hexadecimal, upper case. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** Every 11-digit number found in the subject's values (serialNumber, OU, CN, organizationIdentifier…). */
  rucs: string[];
};

export const WRONG_PASSWORD_MESSAGE = "La contraseña del certificado no es correcta.";
export const NOT_A_PFX_MESSAGE = "El archivo no es un certificado .pfx válido.";
export const NOT_RSA_MESSAGE = "El certificado debe tener una clave RSA.";
export const KEY_MISMATCH_MESSAGE = "La clave privada del archivo no corresponde a su certificado.";

const refuse = (message: string) => invalid({ certificate: [message] }, message);

const PKCS8_SHROUDED_KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag;
const KEY_BAG = forge.pki.oids.keyBag;
const CERT_BAG = forge.pki.oids.certBag;

type ForgeAttribute = { type?: string; name?: string; shortName?: string; value?: unknown; valueTagClass?: number };

/** forge reads a name's values as raw byte strings: UTF8String and BMPString need decoding. */
function attributeText(attribute: ForgeAttribute): string {
  const raw = typeof attribute.value === "string" ? attribute.value : String(attribute.value ?? "");
  if (attribute.valueTagClass === forge.asn1.Type.UTF8) {
    try {
      return forge.util.decodeUtf8(raw);
    } catch {
      return raw;
    }
  }
  if (attribute.valueTagClass === forge.asn1.Type.BMPSTRING) return Buffer.from(raw, "binary").swap16().toString("utf16le");
  return raw;
}

function describeName(attributes: ForgeAttribute[]): string {
  return attributes.map((attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${attributeText(attribute)}`).join(", ");
}

/** Every distinct run of exactly 11 digits in the subject's values, in order. */
function rucsIn(attributes: ForgeAttribute[]): string[] {
  const found = new Set<string>();
  for (const attribute of attributes) {
    for (const match of attributeText(attribute).matchAll(/(?<!\d)\d{11}(?!\d)/g)) found.add(match[0]);
  }
  return [...found];
}

/** The RUCs a PEM certificate's subject carries (the stand-in checks a signer against the issuer with it). */
export function certificateRucs(certificatePem: string): string[] {
  const certificate = forge.pki.certificateFromPem(certificatePem);
  return rucsIn(certificate.subject.attributes as ForgeAttribute[]);
}

function normalizePem(pem: string): string {
  return pem.replace(/\r\n/g, "\n").trim() + "\n";
}

/**
 * Opens a .pfx with its password. A wrong password, or a file that is not a PKCS#12 holding one RSA
 * private key and its certificate, is refused with an `invalid` error on the `certificate` field.
 */
export function readPfx(pfx: Buffer, password: string): CertificateInfo {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString("binary")));
  } catch {
    throw refuse(NOT_A_PFX_MESSAGE);
  }

  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    // With a MAC, forge checks the password first and says so ("Invalid password?"). Without one, a
    // wrong password surfaces later as undecryptable bags: a well-formed PFX then means the password.
    if (/password/i.test(message)) throw refuse(WRONG_PASSWORD_MESSAGE);
    throw refuse(pfxWithoutMac(asn1) ? WRONG_PASSWORD_MESSAGE : NOT_A_PFX_MESSAGE);
  }

  const keyBags = [
    ...(p12.getBags({ bagType: PKCS8_SHROUDED_KEY_BAG })[PKCS8_SHROUDED_KEY_BAG] ?? []),
    ...(p12.getBags({ bagType: KEY_BAG })[KEY_BAG] ?? []),
  ];
  const certBags = p12.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? [];
  if (keyBags.length === 0 || certBags.length === 0) throw refuse(NOT_A_PFX_MESSAGE);
  // forge leaves `key` null for a key it cannot read (EC keys, or a bag decrypted with a wrong password).
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) {
    const undecodable = keyBags.some((bag) => bag.asn1);
    throw refuse(undecodable ? NOT_RSA_MESSAGE : NOT_A_PFX_MESSAGE);
  }
  // A .pfx may carry the issuing chain too: the signing certificate is the one whose key is ours.
  const certificate = certBags
    .map((bag) => bag.cert)
    .find((cert): cert is forge.pki.Certificate => {
      const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return Boolean(publicKey?.n && publicKey.n.equals(key.n) && publicKey.e.equals(key.e));
    });
  if (!certificate) {
    if (certBags.some((bag) => bag.cert)) throw refuse(KEY_MISMATCH_MESSAGE);
    throw refuse(NOT_RSA_MESSAGE);
  }

  const privateKeyPem = createPrivateKey(forge.pki.privateKeyToPem(key))
    .export({ type: "pkcs8", format: "pem" })
    .toString();
  const subjectAttributes = certificate.subject.attributes as ForgeAttribute[];
  return {
    credential: { privateKeyPem: normalizePem(privateKeyPem), certificatePem: normalizePem(forge.pki.certificateToPem(certificate)) },
    subject: describeName(subjectAttributes),
    issuer: describeName(certificate.issuer.attributes as ForgeAttribute[]),
    serialNumber: certificate.serialNumber.toUpperCase(),
    notBefore: certificate.validity.notBefore,
    notAfter: certificate.validity.notAfter,
    rucs: rucsIn(subjectAttributes),
  };
}

/** PFX ::= SEQUENCE { version INTEGER (3), authSafe ContentInfo, macData OPTIONAL }, here without macData. */
function pfxWithoutMac(asn1: forge.asn1.Asn1): boolean {
  const parts = Array.isArray(asn1.value) ? asn1.value : [];
  const version = parts[0];
  return (
    asn1.tagClass === forge.asn1.Class.UNIVERSAL &&
    asn1.type === forge.asn1.Type.SEQUENCE &&
    parts.length === 2 &&
    version?.type === forge.asn1.Type.INTEGER &&
    typeof version.value === "string" &&
    forge.util.createBuffer(version.value).getInt(version.value.length * 8) === 3
  );
}

const limaDate = new Intl.DateTimeFormat("es-PE", { timeZone: "America/Lima", day: "2-digit", month: "2-digit", year: "numeric" });

/** "12/03/2026": the day in Lima. */
export function formatCertificateDate(date: Date): string {
  const parts = Object.fromEntries(limaDate.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/**
 * Why this certificate cannot sign for `issuerRuc` at `now` (a Spanish message to show), or null
 * when it can: it must be within its validity period and carry the issuer's RUC in its subject.
 */
export function certificateProblem(info: CertificateInfo, issuerRuc: string, now: Date = new Date()): string | null {
  if (now.getTime() > info.notAfter.getTime()) return `El certificado venció el ${formatCertificateDate(info.notAfter)}.`;
  if (now.getTime() < info.notBefore.getTime()) {
    return `El certificado recién será válido desde el ${formatCertificateDate(info.notBefore)}.`;
  }
  if (!info.rucs.includes(issuerRuc)) {
    const carried = info.rucs.length ? ` (el certificado es del RUC ${info.rucs.join(", ")})` : "";
    return `El certificado no corresponde al RUC ${issuerRuc} del emisor${carried}.`;
  }
  return null;
}

export type TestPfxOptions = {
  ruc: string;
  legalName: string;
  password: string;
  notBefore?: Date;
  notAfter?: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A self-signed RSA 2048 / SHA-256 certificate in a .pfx, for the demo data and the tests (SUNAT's
 * beta environment accepts any certificate; production needs one from an accredited authority).
 * Its subject carries the RUC the way Peruvian signing certificates do: in `serialNumber`, and in
 * `OU` as "RUC 20…" (the form of SUNAT's own sample certificate). Valid from a day ago for a year
 * unless told otherwise.
 */
export function createTestPfx({ ruc, legalName, password, notBefore, notAfter }: TestPfxOptions): Buffer {
  // Node generates the key natively; forge's pure-JS generation takes seconds.
  const { privateKey: privatePem, publicKey: publicPem } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicPem);
  // A positive serial: the high bit of the first byte clear.
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  certificate.serialNumber = serial.toString("hex");
  const start = notBefore ?? new Date(Date.now() - DAY_MS);
  certificate.validity.notBefore = start;
  certificate.validity.notAfter = notAfter ?? new Date(start.getTime() + 366 * DAY_MS);
  const subject = [
    { shortName: "C", value: "PE" },
    { shortName: "O", value: legalName },
    { shortName: "OU", value: `RUC ${ruc}` },
    { name: "serialNumber", value: ruc },
    { shortName: "CN", value: legalName },
  ];
  certificate.setSubject(subject.map((attribute) => ({ ...attribute, valueTagClass: forge.asn1.Type.UTF8 as never })));
  certificate.setIssuer(subject.map((attribute) => ({ ...attribute, valueTagClass: forge.asn1.Type.UTF8 as never })));
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", critical: true, digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], password, { algorithm: "aes256", friendlyName: legalName });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}
