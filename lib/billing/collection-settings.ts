import "server-only";
import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { conflict, invalid, notFound, parseWith, unavailable } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { mediaStorage } from "@/lib/media/storage";
import { CURRENCIES, type CurrencyCode } from "./labels";
import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  collectionSettingsUpdateSchema,
  DEFAULT_PAYMENT_REMINDERS,
  PAYMENT_QR_TYPES,
  paymentInstructionLines,
  type CollectionSettingsContract,
  type CollectionSettingsUpdate,
  type PaymentAccount,
} from "./collection-settings-schema";

// "Configuración › Cobros": how clients pay (bank accounts, Yape, Plin, QR, text) and the payment
// reminders' days, on the settings row (id 1). The read side is shared by the invoice page, PDF,
// e-mails and reminders; the writes (the screen's server actions and the REST handlers) validate
// with the shared schema and write with their audit entry ("site_settings", id 1) in one
// transaction. Defaults when there is no row yet: no instructions, reminders on at 3 days before
// and every 7 after.

/** Where the QR image is served to signed-in users (admin and client). */
export const PAYMENT_QR_PATH = "/api/v1/payment-qr";

const SETTINGS_ID = 1;
/** The audit trail's record: the same one the company settings' entries name. */
const SETTINGS_ENTITY = "site_settings";
const SETTINGS_ENTITY_ID = String(SETTINGS_ID);

/** The QR lives in the private media storage under this prefix (never served by /media). */
const QR_PREFIX = "payment-qr/";
/** A QR needs far fewer pixels: anything larger is refused before it is decoded. */
const QR_MAX_SIDE = 4000;

const collectionSelect = {
  paymentAccounts: true,
  yapeNumber: true,
  plinNumber: true,
  paymentQrKey: true,
  paymentQrMime: true,
  paymentNote: true,
  remindersEnabled: true,
  reminderDaysBefore: true,
  reminderEveryDays: true,
} as const;

type CollectionRow = Prisma.SiteSettingsGetPayload<{ select: typeof collectionSelect }>;

/** The stored accounts, keeping only well-formed entries (the column is JSON). */
function accountsFrom(value: unknown): PaymentAccount[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): PaymentAccount[] => {
    if (!entry || typeof entry !== "object") return [];
    const { bank, currency, account_number, cci } = entry as Record<string, unknown>;
    if (typeof bank !== "string" || typeof account_number !== "string" || !CURRENCIES.includes(currency as CurrencyCode)) return [];
    return [{ bank, currency: currency as CurrencyCode, account_number, cci: typeof cci === "string" && cci !== "" ? cci : null }];
  });
}

/** The image's address; its version (the stored file's random name) changes only when the image does. */
function qrUrl(key: string | null): string | null {
  return key ? `${PAYMENT_QR_PATH}?v=${key.slice(key.lastIndexOf("/") + 1)}` : null;
}

function contractOf(row: CollectionRow | null): CollectionSettingsContract {
  if (!row) {
    return { payment_instructions: { accounts: [], yape: null, plin: null, text: null, qr_url: null }, payment_reminders: DEFAULT_PAYMENT_REMINDERS };
  }
  return {
    payment_instructions: {
      accounts: accountsFrom(row.paymentAccounts),
      yape: row.yapeNumber,
      plin: row.plinNumber,
      text: row.paymentNote,
      qr_url: qrUrl(row.paymentQrKey),
    },
    payment_reminders: { enabled: row.remindersEnabled, days_before: row.reminderDaysBefore, every_days: row.reminderEveryDays },
  };
}

export async function getCollectionSettings(): Promise<CollectionSettingsContract> {
  return contractOf(await db.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: collectionSelect }));
}

/**
 * "Cómo pagar" for the e-mail about an open invoice in `currency`: a paragraph (starting with a
 * blank line) listing the lines, or "" when nothing is configured for that currency. Never throws:
 * the e-mail goes out without it if the settings cannot be read.
 */
export async function paymentInstructionsEmailText(currency: string): Promise<string> {
  try {
    const lines = paymentInstructionLines((await getCollectionSettings()).payment_instructions, currency);
    return lines.length === 0 ? "" : `\n\nCómo pagar:\n${lines.map((line) => `- ${line}`).join("\n")}`;
  } catch (error) {
    console.error("[billing] No se pudieron leer las indicaciones de pago:", (error as Error).message);
    return "";
  }
}

// ── Writes ───────────────────────────────────────────────────────────────────

/** One account as the audit trail shows it. */
function accountText(account: PaymentAccount): string {
  return `${account.bank} · ${account.currency} · ${account.account_number}${account.cci ? ` · CCI ${account.cci}` : ""}`;
}

/** The audited fields of the row, as the history shows them. */
function auditFields(row: CollectionRow): Record<string, unknown> {
  return {
    payment_accounts: accountsFrom(row.paymentAccounts).map(accountText).join("; ") || null,
    yape_number: row.yapeNumber,
    plin_number: row.plinNumber,
    payment_note: row.paymentNote,
    reminders_enabled: row.remindersEnabled,
    reminder_days_before: row.reminderDaysBefore,
    reminder_every_days: row.reminderEveryDays,
  };
}

/** Only what changed, so the history lists just those fields. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/** Contract fields → columns; fields left out stay out. */
function toData(input: CollectionSettingsUpdate): Prisma.SiteSettingsUpdateInput {
  const data: Prisma.SiteSettingsUpdateInput = {};
  const instructions = input.payment_instructions;
  if (instructions?.accounts !== undefined) data.paymentAccounts = instructions.accounts as Prisma.InputJsonValue;
  if (instructions?.yape !== undefined) data.yapeNumber = instructions.yape;
  if (instructions?.plin !== undefined) data.plinNumber = instructions.plin;
  if (instructions?.text !== undefined) data.paymentNote = instructions.text;
  const reminders = input.payment_reminders;
  if (reminders?.enabled !== undefined) data.remindersEnabled = reminders.enabled;
  if (reminders?.days_before !== undefined) data.reminderDaysBefore = reminders.days_before;
  if (reminders?.every_days !== undefined) data.reminderEveryDays = reminders.every_days;
  return data;
}

/**
 * Locks the settings row for this transaction (two saves at once: the second waits, so each audit
 * entry's "before" is what it replaced). Without a row the company was never set up: 409.
 */
async function lockedRow(tx: Prisma.TransactionClient): Promise<CollectionRow> {
  await tx.$queryRaw`SELECT id FROM site_settings WHERE id = ${SETTINGS_ID} FOR UPDATE`;
  const row = await tx.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: collectionSelect });
  if (!row) throw conflict(COLLECTION_MESSAGES.noSettings);
  return row;
}

/**
 * Updates the payment instructions and reminder settings. Fields left out keep their value;
 * `accounts` replaces the whole list; null or "" clears yape, plin or text. 422 (per field, in
 * Spanish) on bad input, with nothing written. An entry "settings.collections_update" with the
 * changed fields is recorded when something changed.
 */
export async function updateCollectionSettings(actor: AdminActor, input: unknown): Promise<CollectionSettingsContract> {
  const data = toData(parseWith(collectionSettingsUpdateSchema, input === undefined ? {} : input, COLLECTION_MESSAGES.invalid));
  const saved = await db.$transaction(async (tx) => {
    const before = await lockedRow(tx);
    if (Object.keys(data).length === 0) return before;
    const after = await tx.siteSettings.update({ where: { id: SETTINGS_ID }, data, select: collectionSelect });
    const changes = changedFields(auditFields(before), auditFields(after));
    if (Object.keys(changes.after).length > 0) {
      await recordAudit(tx, actor, { action: "settings.collections_update", entityType: SETTINGS_ENTITY, entityId: SETTINGS_ENTITY_ID, ...changes });
    }
    return after;
  });
  return contractOf(saved);
}

const refuseQr = (message: string) => invalid({ image: [message] }, message);

/** The image re-encoded in its own format, without metadata (no EXIF, no location, nothing appended). */
async function checkedQrImage(file: Uint8Array): Promise<{ data: Buffer; mime: (typeof PAYMENT_QR_TYPES)[number] }> {
  if (file.byteLength === 0) throw refuseQr(COLLECTION_MESSAGES.qrEmpty);
  if (file.byteLength > COLLECTION_LIMITS.qrBytes) throw refuseQr(COLLECTION_MESSAGES.qrTooLarge);
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  // By the bytes only: the file's name and declared type are never trusted.
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const mime = PAYMENT_QR_TYPES.find((accepted) => accepted === type?.mime);
  if (!mime) throw refuseQr(COLLECTION_MESSAGES.qrType);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuseQr(COLLECTION_MESSAGES.qrDamaged);
  }
  if (!(metadata.width > 0 && metadata.height > 0)) throw refuseQr(COLLECTION_MESSAGES.qrDamaged);
  if (metadata.width > QR_MAX_SIDE || metadata.height > QR_MAX_SIDE) throw refuseQr(COLLECTION_MESSAGES.qrTooBig);
  try {
    const image = sharp(bytes, { limitInputPixels: QR_MAX_SIDE * QR_MAX_SIDE }).rotate();
    const data =
      mime === "image/png" ? await image.png().toBuffer() : mime === "image/jpeg" ? await image.jpeg({ quality: 92 }).toBuffer() : await image.webp({ quality: 92 }).toBuffer();
    return { data, mime };
  } catch {
    throw refuseQr(COLLECTION_MESSAGES.qrDamaged);
  }
}

const STORAGE_DOWN = "El almacenamiento de archivos no responde. Inténtalo de nuevo en unos segundos.";

/** Removes stored QR files (best effort: a leftover file is logged, never an error for the admin). */
async function removeQrFiles(keys: (string | null)[]): Promise<void> {
  const present = keys.filter((key): key is string => Boolean(key));
  if (present.length === 0) return;
  try {
    await mediaStorage().delete(present);
  } catch (error) {
    console.error("[billing] No se pudo borrar la imagen del código QR:", (error as Error).message);
  }
}

/**
 * Stores a new QR image (PNG, JPEG or WebP by its bytes, ≤ 2 MB; 422 on `image` otherwise) in the
 * private storage and points the settings to it; the image it replaces is deleted after the
 * commit. Audited as "settings.payment_qr_upload".
 */
export async function uploadPaymentQr(actor: AdminActor, file: Uint8Array): Promise<CollectionSettingsContract> {
  const image = await checkedQrImage(file);
  const key = `${QR_PREFIX}${randomBytes(16).toString("hex")}`;
  try {
    await mediaStorage().put(key, image.data, image.mime);
  } catch (error) {
    console.error("[billing] No se pudo guardar la imagen del código QR:", (error as Error).message);
    throw unavailable(STORAGE_DOWN, 5);
  }
  let replaced: string | null = null;
  let saved: CollectionRow;
  try {
    saved = await db.$transaction(async (tx) => {
      const before = await lockedRow(tx);
      replaced = before.paymentQrKey;
      const after = await tx.siteSettings.update({ where: { id: SETTINGS_ID }, data: { paymentQrKey: key, paymentQrMime: image.mime }, select: collectionSelect });
      await recordAudit(tx, actor, {
        action: "settings.payment_qr_upload",
        entityType: SETTINGS_ENTITY,
        entityId: SETTINGS_ENTITY_ID,
        before: { payment_qr: before.paymentQrKey !== null },
        after: { payment_qr: true, mime: image.mime, bytes: image.data.byteLength },
      });
      return after;
    });
  } catch (error) {
    await removeQrFiles([key]);
    throw error;
  }
  await removeQrFiles([replaced]);
  return contractOf(saved);
}

/**
 * Removes the QR image; its file is deleted after the commit. `expectedUrl`, when given, is the
 * qr_url the screen showed: none stored, or another image uploaded meanwhile, is a 409 with
 * nothing removed. Without it (DELETE of the API) nothing to remove changes nothing. Audited as
 * "settings.payment_qr_remove".
 */
export async function removePaymentQr(actor: AdminActor, expectedUrl?: string): Promise<CollectionSettingsContract> {
  let removed: string | null = null;
  const saved = await db.$transaction(async (tx) => {
    const before = await lockedRow(tx);
    if (expectedUrl !== undefined) {
      if (!before.paymentQrKey) throw conflict(COLLECTION_MESSAGES.qrNone);
      if (qrUrl(before.paymentQrKey) !== expectedUrl) throw conflict(COLLECTION_MESSAGES.qrChanged);
    }
    if (!before.paymentQrKey) return before;
    removed = before.paymentQrKey;
    const after = await tx.siteSettings.update({ where: { id: SETTINGS_ID }, data: { paymentQrKey: null, paymentQrMime: null }, select: collectionSelect });
    await recordAudit(tx, actor, {
      action: "settings.payment_qr_remove",
      entityType: SETTINGS_ENTITY,
      entityId: SETTINGS_ENTITY_ID,
      before: { payment_qr: true },
      after: { payment_qr: false },
    });
    return after;
  });
  await removeQrFiles([removed]);
  return contractOf(saved);
}

/** The QR image for GET /api/v1/payment-qr; 404 when there is none (or its file is gone). */
export async function readPaymentQr(): Promise<{ contentType: string; body: Uint8Array }> {
  const row = await db.siteSettings.findUnique({ where: { id: SETTINGS_ID }, select: { paymentQrKey: true, paymentQrMime: true } });
  if (!row?.paymentQrKey) throw notFound(COLLECTION_MESSAGES.qrNone);
  let body: Buffer | null;
  try {
    body = await mediaStorage().read(row.paymentQrKey);
  } catch (error) {
    console.error("[billing] No se pudo leer la imagen del código QR:", (error as Error).message);
    throw unavailable(STORAGE_DOWN, 5);
  }
  if (!body) throw notFound(COLLECTION_MESSAGES.qrNone);
  const contentType = PAYMENT_QR_TYPES.find((type) => type === row.paymentQrMime) ?? "application/octet-stream";
  return { contentType, body: new Uint8Array(body) };
}
