// The issuer's certificate: the .pfx files we make open in OpenSSL and ours, OpenSSL's own .pfx
// files open in ours, wrong passwords and other files get their Spanish messages, and a certificate
// that is expired, not yet valid or of another RUC is refused. Also the encryption that stores it.
import { spawnSync } from "node:child_process";
import { X509Certificate, createDecipheriv, createPrivateKey, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DomainError } from "@/lib/errors";
import {
  NOT_RSA_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  certificateProblem,
  createTestPfx,
  readPfx,
  type CertificateInfo,
} from "@/lib/sunat/certificate";
import { SECRET_UNREADABLE_MESSAGE, openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { skipWithoutOpenssl } from "./helpers/requirements";

const RUC = "20123456786";
const withoutOpenssl = skipWithoutOpenssl();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sunat-certificate-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openssl(args: string[]) {
  const result = spawnSync("openssl", args, { cwd: dir, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`openssl ${args.join(" ")}: ${result.error ?? result.stderr}`);
  return result.stdout;
}

/** The DomainError a call throws (failing the test when it throws nothing or something else). */
function refusal(call: () => unknown): DomainError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected a refusal");
}

describe("createTestPfx and readPfx", () => {
  it("round-trips a certificate whose subject carries the RUC", () => {
    const notBefore = new Date("2026-01-05T12:00:00Z");
    const notAfter = new Date("2027-01-05T12:00:00Z");
    const pfx = createTestPfx({ ruc: RUC, legalName: "Consultora Ñandú S.A.C.", password: "s3creto", notBefore, notAfter });
    const info = readPfx(pfx, "s3creto");

    expect(info.rucs).toEqual([RUC]);
    expect(info.subject).toContain(`serialNumber=${RUC}`);
    expect(info.subject).toContain(`OU=RUC ${RUC}`);
    expect(info.subject).toContain("CN=Consultora Ñandú S.A.C.");
    expect(info.issuer).toBe(info.subject); // self-signed
    expect(info.notBefore.toISOString()).toBe(notBefore.toISOString());
    expect(info.notAfter.toISOString()).toBe(notAfter.toISOString());

    // The key and certificate PEMs belong together and are what Node's own X.509 reads.
    const certificate = new X509Certificate(info.credential.certificatePem);
    expect(certificate.checkPrivateKey(createPrivateKey(info.credential.privateKeyPem))).toBe(true);
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(certificate.serialNumber.toUpperCase()).toBe(info.serialNumber);
  });

  it.skipIf(withoutOpenssl)("makes a .pfx that OpenSSL opens with the password, seeing the same certificate", () => {
    const pfx = createTestPfx({ ruc: RUC, legalName: "Consultora Ñandú S.A.C.", password: "s3creto" });
    const info = readPfx(pfx, "s3creto");
    writeFileSync(path.join(dir, "ours.pfx"), pfx);
    const pem = openssl(["pkcs12", "-in", "ours.pfx", "-passin", "pass:s3creto", "-nokeys", "-clcerts"]);
    writeFileSync(path.join(dir, "ours.pem"), pem);
    const text = openssl(["x509", "-in", "ours.pem", "-noout", "-serial", "-subject", "-nameopt", "utf8,sep_comma_plus_space"]);
    expect(text).toContain(`serial=${info.serialNumber}`);
    expect(text).toContain(`serialNumber=${RUC}`);
    expect(text).toContain("Consultora Ñandú S.A.C.");
    expect(openssl(["x509", "-in", "ours.pem", "-noout", "-text"])).toContain("sha256WithRSAEncryption");
  });

  it.skipIf(withoutOpenssl)("reads .pfx files made by OpenSSL (current and legacy encryption), finding the RUC in SUNAT's 'DNI … RUC …' OU", () => {
    openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.pem", "-days", "30",
      "-subj", "/C=PE/O=TI SOLUCIONES/OU=DNI 48004835 RUC 20210441213/CN=TI SOLUCIONES"]);
    openssl(["pkcs12", "-export", "-inkey", "key.pem", "-in", "cert.pem", "-out", "modern.pfx", "-passout", "pass:clave"]);
    openssl(["pkcs12", "-export", "-legacy", "-inkey", "key.pem", "-in", "cert.pem", "-out", "legacy.pfx", "-passout", "pass:clave"]);
    const serial = openssl(["x509", "-in", "cert.pem", "-noout", "-serial"]).trim().replace("serial=", "");
    for (const file of ["modern.pfx", "legacy.pfx"]) {
      const info = readPfx(readFileSync(path.join(dir, file)), "clave");
      expect(info.rucs).toEqual(["20210441213"]);
      expect(info.serialNumber).toBe(serial.toUpperCase());
      expect(info.credential.certificatePem.replace(/\s+/g, "")).toBe(readFileSync(path.join(dir, "cert.pem"), "utf8").replace(/\s+/g, ""));
      expect(refusal(() => readPfx(readFileSync(path.join(dir, file)), "otra")).fieldErrors).toEqual({ certificate: [WRONG_PASSWORD_MESSAGE] });
    }
  });

  it("says the password is wrong when it is", () => {
    const pfx = createTestPfx({ ruc: RUC, legalName: "Demo", password: "correcta" });
    const error = refusal(() => readPfx(pfx, "incorrecta"));
    expect(error.kind).toBe("invalid");
    expect(error.fieldErrors).toEqual({ certificate: ["La contraseña del certificado no es correcta."] });
    expect(refusal(() => readPfx(pfx, "")).message).toBe(WRONG_PASSWORD_MESSAGE);
  });

  it("says a file that is not a .pfx is not one", () => {
    const certificatePem = readPfx(createTestPfx({ ruc: RUC, legalName: "Demo", password: "x" }), "x").credential.certificatePem;
    for (const file of [Buffer.from(certificatePem), randomBytes(2048), Buffer.alloc(0), Buffer.from("%PDF-1.7\n")]) {
      expect(refusal(() => readPfx(file, "x")).fieldErrors).toEqual({ certificate: ["El archivo no es un certificado .pfx válido."] });
    }
  });

  it.skipIf(withoutOpenssl)("refuses a .pfx whose key is not RSA", () => {
    openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "ec.pem"]);
    openssl(["req", "-x509", "-key", "ec.pem", "-out", "ec-cert.pem", "-days", "30", "-subj", `/OU=RUC ${RUC}/CN=EC`]);
    openssl(["pkcs12", "-export", "-inkey", "ec.pem", "-in", "ec-cert.pem", "-out", "ec.pfx", "-passout", "pass:clave"]);
    expect(refusal(() => readPfx(readFileSync(path.join(dir, "ec.pfx")), "clave")).message).toBe(NOT_RSA_MESSAGE);
  });
});

describe("certificateProblem", () => {
  const info = (notBefore: string, notAfter: string, rucs = [RUC]): CertificateInfo => ({
    credential: { privateKeyPem: "", certificatePem: "" },
    subject: "",
    issuer: "",
    serialNumber: "01",
    notBefore: new Date(notBefore),
    notAfter: new Date(notAfter),
    rucs,
  });
  const year = info("2025-06-01T00:00:00Z", "2026-06-01T00:00:00Z");

  it("accepts a certificate in its validity period that carries the issuer's RUC", () => {
    expect(certificateProblem(year, RUC, new Date("2026-01-15T12:00:00Z"))).toBeNull();
    expect(certificateProblem(info("2025-06-01T00:00:00Z", "2026-06-01T00:00:00Z", ["20100070970", RUC]), RUC, new Date("2026-01-15T12:00:00Z"))).toBeNull();
  });

  it("refuses an expired certificate, naming the day it expired in Lima", () => {
    // 03:30 UTC on 13 March is still 12 March (22:30) in Lima (UTC−5).
    const expired = info("2025-03-13T00:00:00Z", "2026-03-13T03:30:00Z");
    expect(certificateProblem(expired, RUC, new Date("2026-03-13T03:30:01Z"))).toBe("El certificado venció el 12/03/2026.");
    expect(certificateProblem(expired, RUC, new Date("2026-03-13T03:30:00Z"))).toBeNull();
  });

  it("refuses a certificate not yet valid", () => {
    expect(certificateProblem(year, RUC, new Date("2025-05-31T23:59:59Z"))).toBe("El certificado recién será válido desde el 31/05/2025.");
  });

  it("refuses a certificate of another RUC, saying which it carries", () => {
    const problem = certificateProblem(year, "20100070970", new Date("2026-01-15T12:00:00Z"));
    expect(problem).toBe(`El certificado no corresponde al RUC 20100070970 del emisor (el certificado es del RUC ${RUC}).`);
    expect(certificateProblem(info("2025-06-01T00:00:00Z", "2026-06-01T00:00:00Z", []), RUC, new Date("2026-01-15T12:00:00Z"))).toBe(
      `El certificado no corresponde al RUC ${RUC} del emisor.`,
    );
  });

  it("judges a made certificate by today's date by default", () => {
    const fresh = readPfx(createTestPfx({ ruc: RUC, legalName: "Demo", password: "x" }), "x");
    expect(certificateProblem(fresh, RUC)).toBeNull();
    const old = readPfx(
      createTestPfx({ ruc: RUC, legalName: "Demo", password: "x", notBefore: new Date("2020-01-01T12:00:00Z"), notAfter: new Date("2021-01-01T12:00:00Z") }),
      "x",
    );
    expect(certificateProblem(old, RUC)).toBe("El certificado venció el 01/01/2021.");
  });
});

describe("secret box", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("round-trips a .pfx in the versioned format, with a fresh IV each time", () => {
    const pfx = createTestPfx({ ruc: RUC, legalName: "Demo", password: "x" });
    const sealed = sealSecret(pfx);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(pfx.toString("base64url").slice(0, 40));
    expect(openSecret(sealed).equals(pfx)).toBe(true);
    expect(sealSecret(pfx)).not.toBe(sealed);
    expect(openSecret(sealSecret(Buffer.from("contraseña"))).toString()).toBe("contraseña");
  });

  it("is AES-256-GCM under SUNAT_CERT_ENCRYPTION_KEY when set, authenticating the version", () => {
    const key = randomBytes(32);
    vi.stubEnv("SUNAT_CERT_ENCRYPTION_KEY", key.toString("base64"));
    const [version, iv, tag, data] = sealSecret(Buffer.from("hola")).split(":");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(version));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    expect(Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString()).toBe("hola");
  });

  it("detects a changed byte", () => {
    const sealed = sealSecret(Buffer.from("datos del certificado"));
    const [version, iv, tag, data] = sealed.split(":");
    const bytes = Buffer.from(data, "base64url");
    bytes[3] ^= 0x01;
    expect(() => openSecret([version, iv, tag, bytes.toString("base64url")].join(":"))).toThrow(SECRET_UNREADABLE_MESSAGE);
    expect(() => openSecret(sealed.replace(/^v1:/, "v2:"))).toThrow(/desconocido/);
    expect(() => openSecret("v1:abc")).toThrow(/dañado/);
  });

  it("cannot open a secret after AUTH_SECRET changes, unless the explicit key is set", () => {
    vi.stubEnv("SUNAT_CERT_ENCRYPTION_KEY", "");
    vi.stubEnv("AUTH_SECRET", "primer-secreto-de-sesiones-0123456789");
    const derived = sealSecret(Buffer.from("clave del pfx"));
    vi.stubEnv("AUTH_SECRET", "segundo-secreto-de-sesiones-0123456789");
    expect(() => openSecret(derived)).toThrow(SECRET_UNREADABLE_MESSAGE);

    vi.stubEnv("SUNAT_CERT_ENCRYPTION_KEY", randomBytes(32).toString("base64"));
    const explicit = sealSecret(Buffer.from("clave del pfx"));
    vi.stubEnv("AUTH_SECRET", "tercer-secreto-de-sesiones-0123456789");
    expect(openSecret(explicit).toString()).toBe("clave del pfx");
    vi.stubEnv("SUNAT_CERT_ENCRYPTION_KEY", randomBytes(32).toString("base64"));
    expect(() => openSecret(explicit)).toThrow(SECRET_UNREADABLE_MESSAGE);
  });

  it("refuses an explicit key that is not 32 bytes of base64, and no key at all", () => {
    vi.stubEnv("SUNAT_CERT_ENCRYPTION_KEY", randomBytes(16).toString("base64"));
    expect(() => sealSecret(Buffer.from("x"))).toThrow(/32 bytes/);
    vi.stubEnv("SUNAT_CERT_ENCRYPTION_KEY", "");
    vi.stubEnv("AUTH_SECRET", "");
    expect(() => sealSecret(Buffer.from("x"))).toThrow(/SUNAT_CERT_ENCRYPTION_KEY o AUTH_SECRET/);
  });
});
