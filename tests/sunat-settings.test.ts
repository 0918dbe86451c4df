// Integration tests of "Configuración › Facturación electrónica" on the test database: the fiscal
// fields, detracción and exchange rates saved with their audit entry (and every bad value a 422 in
// Spanish with nothing written), the certificate upload checked against the company's RUC and
// dates and stored sealed, its removal, and the screens' and APIs' answers never carrying the
// sealed certificate or its password. Each test puts the settings row back as it found it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminActor } from "@/lib/auth/actor";
import { getAdminSiteSettings } from "@/lib/content/settings-service";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { SiteSettings } from "@/lib/generated/prisma/client";
import { lockSiteSettings, restoreSiteSettings } from "./helpers/settings";
import { createTestPfx, NOT_A_PFX_MESSAGE, WRONG_PASSWORD_MESSAGE } from "@/lib/sunat/certificate";
import { forgetSigningKey, signingKeyFor } from "@/lib/sunat/credentials";
import { rucCheckDigit } from "@/lib/sunat/identity";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { getEinvoicingSettings, removeCertificate, updateEinvoicingSettings, uploadCertificate } from "@/lib/sunat/settings";
import { CERTIFICATE_MESSAGES, EINVOICING_MESSAGES } from "@/lib/sunat/settings-schema";
import { createTestUser } from "./helpers/auth";

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "Clave#Pfx-2026";

let actor: AdminActor;
let original: SiteSettings | null;
let companyRuc: string;
/** One valid certificate for the company's RUC, made once (an RSA key takes a moment). */
let validPfx: Buffer;

let unlock: () => Promise<void>;

beforeAll(async () => {
  // The settings row is shared with the other test files that change it: one at a time.
  unlock = await lockSiteSettings();
  const admin = await createTestUser({ role: "admin" });
  actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", ipAddress: "203.0.113.25", sessionId: null };
  const row = await db.siteSettings.findUniqueOrThrow({ where: { id: 1 }, select: { companyTaxId: true } });
  companyRuc = row.companyTaxId!;
  expect(companyRuc).toMatch(/^\d{11}$/);
  validPfx = createTestPfx({ ruc: companyRuc, legalName: "Lumen Consultoría TI S.A.C.", password: PASSWORD });
});

beforeEach(async () => {
  original = await db.siteSettings.findUnique({ where: { id: 1 } });
});

afterEach(async () => {
  // Other test files sign documents with the stored certificate: put the row back as it was.
  if (original) await restoreSiteSettings(original);
  forgetSigningKey();
});

afterAll(async () => {
  await unlock();
});

const row = () => db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
const audits = (action: string) => db.auditLog.findMany({ where: { actorId: actor.id, action }, orderBy: { id: "asc" } });

/** The refusal a call throws. */
async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const otherRuc = () => {
  const first10 = companyRuc.startsWith("20") ? "2010000000" : "2060000000";
  return `${first10}${rucCheckDigit(first10)}`;
};

describe("updateEinvoicingSettings", () => {
  it("saves the fiscal address, detracción and rates as given (rates normalised) and audits only what changed", async () => {
    await updateEinvoicingSettings(actor, { fiscal_ubigeo: "150101", fiscal_district: "Lima", exchange_rate_usd: "3.70" });
    const before = await audits("settings.einvoicing_update");

    const saved = await updateEinvoicingSettings(actor, {
      fiscal_ubigeo: "150131",
      fiscal_district: "  San Isidro ",
      fiscal_province: "Lima",
      fiscal_department: "Lima",
      fiscal_establishment: "0000",
      detraction_account: "00-068-123456",
      detraction_code: "022",
      exchange_rate_usd: "3,7520",
      exchange_rate_eur: 4.0815,
    });
    expect(saved).toMatchObject({
      fiscal_ubigeo: "150131",
      fiscal_district: "San Isidro",
      fiscal_province: "Lima",
      fiscal_department: "Lima",
      fiscal_establishment: "0000",
      detraction_account: "00-068-123456",
      detraction_code: "022",
      exchange_rate_usd: "3.752",
      exchange_rate_eur: "4.0815",
    });
    const stored = await row();
    expect(stored.fiscalUbigeo).toBe("150131");
    expect(stored.fiscalDistrict).toBe("San Isidro");
    expect(stored.detractionCode).toBe("022");
    expect(stored.exchangeRateUsd?.toString()).toBe("3.752");
    expect(stored.exchangeRateEur?.toString()).toBe("4.0815");

    const after = await audits("settings.einvoicing_update");
    expect(after).toHaveLength(before.length + 1);
    const entry = after.at(-1)!;
    expect(entry.entityType).toBe("site_settings");
    expect(entry.entityId).toBe("1");
    expect(entry.ipAddress).toBe("203.0.113.25");
    const details = entry.details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(details.before.fiscal_ubigeo).toBe("150101");
    expect(details.after.fiscal_ubigeo).toBe("150131");
    expect(details.before.exchange_rate_usd).toBe("3.7");
    expect(details.after.exchange_rate_usd).toBe("3.752");
    expect(Object.keys(details.after)).not.toContain("certificate");
  });

  it("keeps fields left out, clears those sent blank or null, and writes no audit entry when nothing changed", async () => {
    await updateEinvoicingSettings(actor, { fiscal_ubigeo: "150131", detraction_account: "00-068-123456", exchange_rate_eur: "4.1" });
    const saved = await updateEinvoicingSettings(actor, { detraction_account: "", exchange_rate_eur: null });
    expect(saved.fiscal_ubigeo).toBe("150131");
    expect(saved.detraction_account).toBeNull();
    expect(saved.exchange_rate_eur).toBeNull();
    expect((await row()).detractionAccount).toBeNull();

    const count = (await audits("settings.einvoicing_update")).length;
    await updateEinvoicingSettings(actor, { fiscal_ubigeo: "150131" });
    expect(await audits("settings.einvoicing_update")).toHaveLength(count);
  });

  const BAD: [string, Record<string, unknown>, string, string][] = [
    ["a 5-digit ubigeo", { fiscal_ubigeo: "15013" }, "fiscal_ubigeo", EINVOICING_MESSAGES.ubigeo],
    ["a ubigeo with letters", { fiscal_ubigeo: "15O131" }, "fiscal_ubigeo", EINVOICING_MESSAGES.ubigeo],
    ["a 3-digit establishment", { fiscal_establishment: "001" }, "fiscal_establishment", EINVOICING_MESSAGES.establishment],
    ["an account with letters", { detraction_account: "00-068-ABCDEF" }, "detraction_account", EINVOICING_MESSAGES.account],
    ["a 7-character account", { detraction_account: "0012345" }, "detraction_account", EINVOICING_MESSAGES.account],
    ["a 31-character account", { detraction_account: "1".repeat(31) }, "detraction_account", EINVOICING_MESSAGES.account],
    // 001 is azúcar: a good of Anexo 1, not one of the services this company sells.
    ["a goods code of catalogue 54", { detraction_code: "001" }, "detraction_code", EINVOICING_MESSAGES.detractionCode],
    ["an unknown code", { detraction_code: "999" }, "detraction_code", EINVOICING_MESSAGES.detractionCode],
    ["a zero rate", { exchange_rate_usd: "0" }, "exchange_rate_usd", EINVOICING_MESSAGES.rate("El tipo de cambio del dólar")],
    ["a negative rate", { exchange_rate_eur: -4.1 }, "exchange_rate_eur", EINVOICING_MESSAGES.rate("El tipo de cambio del euro")],
    ["five decimals", { exchange_rate_usd: "3.75201" }, "exchange_rate_usd", EINVOICING_MESSAGES.rate("El tipo de cambio del dólar")],
    ["a rate that is text", { exchange_rate_usd: "tres" }, "exchange_rate_usd", EINVOICING_MESSAGES.rate("El tipo de cambio del dólar")],
    ["a rate beyond the column", { exchange_rate_usd: "1000000" }, "exchange_rate_usd", EINVOICING_MESSAGES.rateTooLarge("El tipo de cambio del dólar")],
    ["a district with a line break", { fiscal_district: "San\nIsidro" }, "fiscal_district", "No puede contener saltos de línea ni tabulaciones."],
    ["an unknown field", { certificate_sealed: "v1:x" }, "_", `${EINVOICING_MESSAGES.unknownKeys}: certificate_sealed.`],
    ["no field at all", {}, "_", EINVOICING_MESSAGES.empty],
  ];
  it.each(BAD)("refuses %s with a 422 on its field, writing nothing", async (_label, input, field, message) => {
    const before = await row();
    const count = (await audits("settings.einvoicing_update")).length;
    const error = await refusal(updateEinvoicingSettings(actor, input));
    expect(error.kind).toBe("invalid");
    expect(error.message).toBe(EINVOICING_MESSAGES.invalid);
    expect(error.fieldErrors?.[field]).toContain(message);
    const after = await row();
    expect(after.fiscalUbigeo).toBe(before.fiscalUbigeo);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
    expect(await audits("settings.einvoicing_update")).toHaveLength(count);
  });

  it("refuses what is not an object", async () => {
    for (const input of [null, [], "150131", 7]) {
      const error = await refusal(updateEinvoicingSettings(actor, input));
      expect(error.fieldErrors?._).toContain(EINVOICING_MESSAGES.notObject);
    }
  });
});

describe("uploadCertificate", () => {
  it("stores the certificate and password sealed, shows subject and expiry, audits only those, and signs with it at once", async () => {
    const now = new Date();
    const result = await uploadCertificate(actor, { file: new Uint8Array(validPfx), password: PASSWORD }, now);
    expect(result.certificate.source).toBe("settings");
    expect(result.certificate.problem).toBeNull();
    expect(result.certificate.subject).toContain(`serialNumber=${companyRuc}`);
    expect(result.certificate.uploaded_at).toBe(now.toISOString());
    // createTestPfx: valid from a day ago for 366 days.
    const notAfter = new Date(result.certificate.not_after!).getTime();
    expect(Math.abs(notAfter - (now.getTime() + 365 * DAY))).toBeLessThan(60_000);

    const stored = await row();
    expect(stored.certificateSealed).toMatch(/^v1:/);
    expect(openSecret(stored.certificateSealed!).equals(validPfx)).toBe(true);
    expect(openSecret(stored.certificatePasswordSealed!).toString("utf8")).toBe(PASSWORD);
    expect(stored.certificateSubject).toBe(result.certificate.subject);
    expect(stored.certificateNotAfter?.toISOString()).toBe(result.certificate.not_after);

    const entry = (await audits("settings.certificate_upload")).at(-1)!;
    const details = entry.details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(Object.keys(details.after).sort()).toEqual(["certificate_not_after", "certificate_subject"]);
    expect(details.after.certificate_subject).toBe(result.certificate.subject);
    const text = JSON.stringify(entry.details);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(stored.certificateSealed!.slice(3, 40));

    // The signer reads the new one (the parsed key was forgotten).
    const key = await signingKeyFor(companyRuc);
    expect(key.ok).toBe(true);
    if (key.ok) {
      expect(key.key.source).toBe("settings");
      expect(key.key.info.subject).toBe(result.certificate.subject);
    }
  });

  type Case = { label: string; file: () => Uint8Array; password?: string; now?: Date; field: string; message: string | RegExp };
  const CASES: Case[] = [
    { label: "a wrong password", file: () => new Uint8Array(validPfx), password: "otra", field: "certificate", message: WRONG_PASSWORD_MESSAGE },
    { label: "a file that is not a pfx", file: () => new TextEncoder().encode("-----BEGIN CERTIFICATE-----\nMIIB\n"), field: "certificate", message: NOT_A_PFX_MESSAGE },
    { label: "an empty file", file: () => new Uint8Array(0), field: "certificate", message: CERTIFICATE_MESSAGES.emptyFile },
    { label: "a file over 64 KB", file: () => new Uint8Array(64 * 1024 + 1), field: "certificate", message: CERTIFICATE_MESSAGES.tooLarge },
    { label: "a 201-character password", file: () => new Uint8Array(validPfx), password: "x".repeat(201), field: "password", message: CERTIFICATE_MESSAGES.passwordTooLong },
    {
      label: "an expired certificate (checked at a date after its end)",
      file: () => new Uint8Array(validPfx),
      now: new Date(Date.now() + 400 * DAY),
      field: "certificate",
      message: /^El certificado venció el \d{2}\/\d{2}\/\d{4}\.$/,
    },
    {
      label: "a certificate not yet valid",
      file: () => new Uint8Array(validPfx),
      now: new Date(Date.now() - 3 * DAY),
      field: "certificate",
      message: /^El certificado recién será válido desde el \d{2}\/\d{2}\/\d{4}\.$/,
    },
  ];
  it.each(CASES)("refuses $label with a 422 on `$field`, storing nothing", async ({ file, password, now, field, message }) => {
    const before = await row();
    const count = (await audits("settings.certificate_upload")).length;
    const error = await refusal(uploadCertificate(actor, { file: file(), password: password ?? PASSWORD }, now));
    expect(error.kind).toBe("invalid");
    const messages = error.fieldErrors?.[field] ?? [];
    expect(messages).toHaveLength(1);
    if (typeof message === "string") expect(messages[0]).toBe(message);
    else expect(messages[0]).toMatch(message);
    expect(error.message).toBe(messages[0]);
    const after = await row();
    expect(after.certificateSealed).toBe(before.certificateSealed);
    expect(after.certificateSubject).toBe(before.certificateSubject);
    expect(await audits("settings.certificate_upload")).toHaveLength(count);
  });

  it("refuses a certificate of another RUC, naming both", async () => {
    const foreign = createTestPfx({ ruc: otherRuc(), legalName: "Otra Empresa S.A.C.", password: PASSWORD });
    const error = await refusal(uploadCertificate(actor, { file: new Uint8Array(foreign), password: PASSWORD }));
    expect(error.fieldErrors?.certificate).toEqual([`El certificado no corresponde al RUC ${companyRuc} del emisor (el certificado es del RUC ${otherRuc()}).`]);
  });

  it("refuses a truly expired certificate today", async () => {
    const expired = createTestPfx({
      ruc: companyRuc,
      legalName: "Lumen Consultoría TI S.A.C.",
      password: PASSWORD,
      notBefore: new Date(Date.now() - 400 * DAY),
      notAfter: new Date(Date.now() - 2 * DAY),
    });
    const error = await refusal(uploadCertificate(actor, { file: new Uint8Array(expired), password: PASSWORD }));
    expect(error.fieldErrors?.certificate?.[0]).toMatch(/^El certificado venció el /);
  });
});

describe("removeCertificate", () => {
  it("removes the uploaded certificate with an audit entry; with none left it is a 409", async () => {
    const uploaded = await uploadCertificate(actor, { file: new Uint8Array(validPfx), password: PASSWORD });
    const subject = uploaded.certificate.subject!;

    const stale = await refusal(removeCertificate(actor, "CN=Otro certificado"));
    expect(stale.kind).toBe("conflict");
    expect((await row()).certificateSealed).not.toBeNull();

    const previousPath = process.env.SUNAT_CERT_PATH;
    delete process.env.SUNAT_CERT_PATH;
    try {
      const result = await removeCertificate(actor, subject);
      expect(result.certificate).toEqual({
        subject: null,
        not_after: null,
        uploaded_at: null,
        source: null,
        problem: "Falta el certificado digital: súbelo aquí para firmar los comprobantes.",
      });
      const stored = await row();
      expect(stored.certificateSealed).toBeNull();
      expect(stored.certificatePasswordSealed).toBeNull();
      expect(stored.certificateSubject).toBeNull();
      const entry = (await audits("settings.certificate_remove")).at(-1)!;
      expect((entry.details as { before: Record<string, unknown> }).before.certificate_subject).toBe(subject);
      const key = await signingKeyFor(companyRuc);
      expect(key.ok).toBe(false);

      const again = await refusal(removeCertificate(actor));
      expect(again.kind).toBe("conflict");
    } finally {
      if (previousPath === undefined) delete process.env.SUNAT_CERT_PATH;
      else process.env.SUNAT_CERT_PATH = previousPath;
    }
  });
});

describe("what the screens and APIs are given", () => {
  it("the e-invoicing contract has the summary but never the sealed certificate or password", async () => {
    await uploadCertificate(actor, { file: new Uint8Array(validPfx), password: PASSWORD });
    const stored = await row();
    const contract = await getEinvoicingSettings();
    expect(Object.keys(contract).sort()).toEqual(
      [
        "certificate",
        "detraction_account",
        "detraction_code",
        "exchange_rate_eur",
        "exchange_rate_usd",
        "fiscal_department",
        "fiscal_district",
        "fiscal_establishment",
        "fiscal_province",
        "fiscal_ubigeo",
        "test_mode",
      ].sort(),
    );
    expect(Object.keys(contract.certificate).sort()).toEqual(["not_after", "problem", "source", "subject", "uploaded_at"]);
    const text = JSON.stringify(contract);
    expect(text).not.toContain(stored.certificateSealed!.slice(0, 40));
    expect(text).not.toContain(stored.certificatePasswordSealed!.slice(0, 40));
    expect(text).not.toContain(PASSWORD);
  });

  it("the site settings contract (GET /api/v1/admin/settings) carries none of the e-invoicing columns", async () => {
    await db.siteSettings.update({ where: { id: 1 }, data: { certificateSealed: sealSecret(Buffer.from("pfx")), certificateSubject: "CN=Prueba", fiscalUbigeo: "150131" } });
    const contract = await getAdminSiteSettings();
    const keys = Object.keys(contract);
    expect(keys.filter((key) => /certificate|fiscal|detraction|exchange/.test(key))).toEqual([]);
    expect(JSON.stringify(contract)).not.toContain("CN=Prueba");
  });

  it("a certificate that stopped being valid is shown with the reason", async () => {
    await uploadCertificate(actor, { file: new Uint8Array(validPfx), password: PASSWORD });
    const later = await getEinvoicingSettings(new Date(Date.now() + 400 * DAY));
    expect(later.certificate.source).toBe("settings");
    expect(later.certificate.problem).toMatch(/^El certificado venció el /);
  });
});
