import "server-only";
import { readFileSync } from "node:fs";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { conflict, invalid, parseWith } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { certificateProblem, readPfx } from "./certificate";
import { sunatConfig } from "./config";
import { forgetSigningKey, signingKeyFor } from "./credentials";
import { sealSecret } from "@/lib/crypto/secret-box";
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_PASSWORD_MAX,
  EINVOICING_MESSAGES,
  einvoicingSettingsSchema,
  type CertificateSummary,
  type EinvoicingSettingsContract,
  type EinvoicingSettingsUpdate,
} from "./settings-schema";

// "Configuración › Facturación electrónica": the issuer's fiscal address, the detracción account
// and code, the exchange rates, and the signing certificate. The certificate (.pfx) and its
// password are stored sealed (lib/crypto/secret-box.ts) and never leave the server: the screen
// sees its subject, expiry and whether it can sign today. Every write is audited in the same
// transaction, on the settings record ("site_settings", id 1).

const SETTINGS_ID = 1;
/** The audit trail's record: the same one the company settings' entries name. */
const SETTINGS_ENTITY = "site_settings";
const SETTINGS_ENTITY_ID = String(SETTINGS_ID);
const NO_SETTINGS = "Primero guarda la Configuración del sitio (nombre y RUC de la empresa).";

/** The password is sealed into a 500-character column: its UTF-8 bytes stay well under that. */
const PASSWORD_MAX_BYTES = 256;

/** The columns this screen reads: never the sealed ones (their presence is asked separately). */
const einvoicingSelect = {
  companyTaxId: true,
  fiscalUbigeo: true,
  fiscalDistrict: true,
  fiscalProvince: true,
  fiscalDepartment: true,
  fiscalEstablishment: true,
  detractionAccount: true,
  detractionCode: true,
  exchangeRateUsd: true,
  exchangeRateEur: true,
  certificateSubject: true,
  certificateNotAfter: true,
  certificateUploadedAt: true,
} as const;

type EinvoicingRow = Prisma.SiteSettingsGetPayload<{ select: typeof einvoicingSelect }>;

type EditableFields = Omit<EinvoicingSettingsContract, "certificate" | "test_mode">;

function editableFields(row: EinvoicingRow | null): EditableFields {
  return {
    fiscal_ubigeo: row?.fiscalUbigeo ?? null,
    fiscal_district: row?.fiscalDistrict ?? null,
    fiscal_province: row?.fiscalProvince ?? null,
    fiscal_department: row?.fiscalDepartment ?? null,
    fiscal_establishment: row?.fiscalEstablishment ?? null,
    detraction_account: row?.detractionAccount ?? null,
    detraction_code: row?.detractionCode ?? null,
    exchange_rate_usd: row?.exchangeRateUsd?.toString() ?? null,
    exchange_rate_eur: row?.exchangeRateEur?.toString() ?? null,
  };
}

const MISSING_CERTIFICATE = "Falta el certificado digital: súbelo aquí para firmar los comprobantes.";

/** The certificate in use and why it cannot sign today, if it cannot. */
async function certificateSummary(row: EinvoicingRow | null, stored: boolean, now: Date): Promise<CertificateSummary> {
  const ruc = row?.companyTaxId?.trim() || null;
  if (stored) {
    const summary: CertificateSummary = {
      subject: row?.certificateSubject ?? null,
      not_after: row?.certificateNotAfter?.toISOString() ?? null,
      uploaded_at: row?.certificateUploadedAt?.toISOString() ?? null,
      source: "settings",
      problem: null,
    };
    if (!ruc) return { ...summary, problem: CERTIFICATE_MESSAGES.noRuc };
    const key = await signingKeyFor(ruc, db, now);
    return { ...summary, problem: key.ok ? null : key.problem };
  }
  const path = process.env.SUNAT_CERT_PATH;
  if (path) {
    const summary: CertificateSummary = { subject: null, not_after: null, uploaded_at: null, source: "environment", problem: null };
    try {
      const info = readPfx(readFileSync(path), process.env.SUNAT_CERT_PASSWORD ?? "");
      const problem = ruc ? certificateProblem(info, ruc, now) : CERTIFICATE_MESSAGES.noRuc;
      return { ...summary, subject: info.subject, not_after: info.notAfter.toISOString(), problem };
    } catch (error) {
      return { ...summary, problem: `No se pudo abrir el certificado digital: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return { subject: null, not_after: null, uploaded_at: null, source: null, problem: MISSING_CERTIFICATE };
}

async function hasStoredCertificate(client: Prisma.TransactionClient | typeof db = db): Promise<boolean> {
  const found = await client.siteSettings.count({ where: { id: SETTINGS_ID, certificateSealed: { not: null }, certificatePasswordSealed: { not: null } } });
  return found > 0;
}

/** The screen's data: the editable fields, the certificate's summary and whether sends are a test. */
export async function getEinvoicingSettings(now: Date = new Date()): Promise<EinvoicingSettingsContract> {
  const row = await db.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: einvoicingSelect });
  return {
    ...editableFields(row),
    certificate: await certificateSummary(row, await hasStoredCertificate(), now),
    test_mode: sunatConfig().testMode,
  };
}

/** Contract fields → columns; fields left out stay out. */
function toData(input: EinvoicingSettingsUpdate): Prisma.SiteSettingsUpdateInput {
  const data: Prisma.SiteSettingsUpdateInput = {};
  if (input.fiscal_ubigeo !== undefined) data.fiscalUbigeo = input.fiscal_ubigeo;
  if (input.fiscal_district !== undefined) data.fiscalDistrict = input.fiscal_district;
  if (input.fiscal_province !== undefined) data.fiscalProvince = input.fiscal_province;
  if (input.fiscal_department !== undefined) data.fiscalDepartment = input.fiscal_department;
  if (input.fiscal_establishment !== undefined) data.fiscalEstablishment = input.fiscal_establishment;
  if (input.detraction_account !== undefined) data.detractionAccount = input.detraction_account;
  if (input.detraction_code !== undefined) data.detractionCode = input.detraction_code;
  if (input.exchange_rate_usd !== undefined) data.exchangeRateUsd = input.exchange_rate_usd;
  if (input.exchange_rate_eur !== undefined) data.exchangeRateEur = input.exchange_rate_eur;
  return data;
}

/**
 * Locks the settings row for this transaction. Without one (the company settings were never
 * saved) there is no company to invoice for: 409.
 */
async function lockedRow(tx: Prisma.TransactionClient) {
  // Two saves at once: the second waits, so each audit entry's "before" is what it replaced.
  await tx.$queryRaw`SELECT id FROM site_settings WHERE id = ${SETTINGS_ID} FOR UPDATE`;
  const row = await tx.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: einvoicingSelect });
  if (!row) throw conflict(NO_SETTINGS);
  return row;
}

/**
 * Updates the e-invoicing fields. Fields left out keep their value; null or "" clears one. 422
 * (per field, in Spanish) on bad input, with nothing written. An entry "settings.einvoicing_update"
 * with only the changed fields is recorded when something changed.
 */
export async function updateEinvoicingSettings(actor: AdminActor, input: unknown): Promise<EinvoicingSettingsContract> {
  const data = toData(parseWith(einvoicingSettingsSchema, input === undefined ? {} : input, EINVOICING_MESSAGES.invalid));
  await db.$transaction(async (tx) => {
    const before = editableFields(await lockedRow(tx));
    const after = editableFields(await tx.siteSettings.update({ where: { id: SETTINGS_ID }, data, select: einvoicingSelect }));
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordAudit(tx, actor, { action: "settings.einvoicing_update", entityType: SETTINGS_ENTITY, entityId: SETTINGS_ENTITY_ID, before, after });
    }
  });
  return getEinvoicingSettings();
}

const refuseCertificate = (message: string) => invalid({ certificate: [message] }, message);

/**
 * Stores a new signing certificate (.pfx / .p12) with its password, after checking it opens with
 * that password and can sign for the company's RUC today: 422 on `certificate` otherwise (not a
 * pfx, wrong password, expired, not yet valid, another RUC) or on `password`. Audited as
 * "settings.certificate_upload" with the subject and expiry only.
 */
export async function uploadCertificate(actor: AdminActor, { file, password }: { file: Uint8Array; password: string }, now: Date = new Date()): Promise<EinvoicingSettingsContract> {
  if (file.byteLength === 0) throw refuseCertificate(CERTIFICATE_MESSAGES.emptyFile);
  if (file.byteLength > CERTIFICATE_MAX_BYTES) throw refuseCertificate(CERTIFICATE_MESSAGES.tooLarge);
  if (password.length > CERTIFICATE_PASSWORD_MAX || Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) {
    throw invalid({ password: [CERTIFICATE_MESSAGES.passwordTooLong] }, CERTIFICATE_MESSAGES.passwordTooLong);
  }
  const pfx = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  // Wrong password or not a .pfx: refused here, before anything is locked.
  const info = readPfx(pfx, password);
  const certificateSealed = sealSecret(pfx);
  const certificatePasswordSealed = sealSecret(Buffer.from(password, "utf8"));
  await db.$transaction(async (tx) => {
    const before = await lockedRow(tx);
    // Checked against the RUC saved now, under the lock: a RUC changed meanwhile is the one that counts.
    const ruc = before.companyTaxId?.trim();
    if (!ruc) throw refuseCertificate(CERTIFICATE_MESSAGES.noRuc);
    const problem = certificateProblem(info, ruc, now);
    if (problem) throw refuseCertificate(problem);
    await tx.siteSettings.update({
      where: { id: SETTINGS_ID },
      data: { certificateSealed, certificatePasswordSealed, certificateSubject: info.subject.slice(0, 500), certificateNotAfter: info.notAfter, certificateUploadedAt: now },
    });
    await recordAudit(tx, actor, {
      action: "settings.certificate_upload",
      entityType: SETTINGS_ENTITY,
      entityId: SETTINGS_ENTITY_ID,
      before: { certificate_subject: before.certificateSubject, certificate_not_after: before.certificateNotAfter },
      after: { certificate_subject: info.subject, certificate_not_after: info.notAfter },
    });
  });
  forgetSigningKey();
  return getEinvoicingSettings(now);
}

export const CERTIFICATE_REMOVE_MESSAGES = {
  none: "No hay un certificado subido en Configuración.",
  changed: "El certificado cambió mientras tanto: recarga la página y revisa cuál quieres quitar.",
} as const;

/**
 * Removes the uploaded certificate (documents are then signed with SUNAT_CERT_PATH's, if set, or
 * wait for a new one). `expectedSubject`, when given, is the subject the screen showed: a
 * different certificate uploaded meanwhile is not removed (409). None stored: 409, nothing written.
 */
export async function removeCertificate(actor: AdminActor, expectedSubject?: string): Promise<EinvoicingSettingsContract> {
  await db.$transaction(async (tx) => {
    const before = await lockedRow(tx);
    if (!(await hasStoredCertificate(tx))) throw conflict(CERTIFICATE_REMOVE_MESSAGES.none);
    if (expectedSubject !== undefined && expectedSubject !== before.certificateSubject) throw conflict(CERTIFICATE_REMOVE_MESSAGES.changed);
    await tx.siteSettings.update({
      where: { id: SETTINGS_ID },
      data: { certificateSealed: null, certificatePasswordSealed: null, certificateSubject: null, certificateNotAfter: null, certificateUploadedAt: null },
    });
    await recordAudit(tx, actor, {
      action: "settings.certificate_remove",
      entityType: SETTINGS_ENTITY,
      entityId: SETTINGS_ENTITY_ID,
      before: { certificate_subject: before.certificateSubject, certificate_not_after: before.certificateNotAfter },
      after: { certificate_subject: null, certificate_not_after: null },
    });
  });
  forgetSigningKey();
  return getEinvoicingSettings();
}
