// "Configuración › Cobros" through its REST contract: GET|PUT /api/v1/admin/settings/collections
// (validation per field, fields left out keep their value, normalised mobiles and CCI, the audit
// entry with only what changed), the QR image (POST|DELETE /api/v1/admin/settings/payment-qr,
// judged by its bytes, stored privately, the replaced file deleted) and GET /api/v1/payment-qr for
// any signed-in user. The settings row is shared by every test file: it is put back afterwards.
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as collectionsRoute from "@/app/api/v1/admin/settings/collections/route";
import * as qrAdminRoute from "@/app/api/v1/admin/settings/payment-qr/route";
import * as qrRoute from "@/app/api/v1/payment-qr/route";
import type { AdminActor } from "@/lib/auth/actor";
import { removePaymentQr } from "@/lib/billing/collection-settings";
import { COLLECTION_MESSAGES, type CollectionSettingsContract } from "@/lib/billing/collection-settings-schema";
import { PEER_HEADER } from "@/lib/client-address";
import { db } from "@/lib/db";
import type { SiteSettings } from "@/lib/generated/prisma/client";
import { mediaStorage } from "@/lib/media/storage";
import { BASE_URL, call, createTestUser, fakeIp, sessionCookieFor, tokenFor, type Json, type TestUser } from "./helpers/auth";
import { lockSiteSettings, restoreSiteSettings } from "./helpers/settings";

const PATH = "/api/v1/admin/settings/collections";

let original: SiteSettings | null;
let unlock: () => Promise<void>;
let admin: TestUser;
let adminToken: string;
let client: TestUser;
let clientToken: string;
let actor: AdminActor;

beforeAll(async () => {
  unlock = await lockSiteSettings();
  original = await db.siteSettings.findUnique({ where: { id: 1 } });
  admin = await createTestUser({ role: "admin" });
  client = await createTestUser({ role: "client" });
  [adminToken, clientToken] = await Promise.all([tokenFor(admin), tokenFor(client)]);
  actor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", ipAddress: "203.0.113.7", sessionId: null };
});

afterAll(async () => {
  const row = await db.siteSettings.findUnique({ where: { id: 1 }, select: { paymentQrKey: true } });
  if (row?.paymentQrKey && row.paymentQrKey !== original?.paymentQrKey) await mediaStorage().delete([row.paymentQrKey]);
  await restoreSiteSettings(original, { collections: true });
  await unlock();
});

const put = (body: unknown, token = adminToken) => call(collectionsRoute.PUT, PATH, { method: "PUT", body, bearer: token });
const get = (token = adminToken) => call(collectionsRoute.GET, PATH, { bearer: token });
const dataOf = (body: Json) => body.data as CollectionSettingsContract;

const BCP = { bank: "BCP", currency: "PEN", account_number: "193-1234567-0-12", cci: "00219300123456701212" };
const INTERBANK_USD = { bank: "Interbank", currency: "USD", account_number: "200-3001234567", cci: null };

/** What the row holds now, for "nothing was written". */
const stored = () =>
  db.siteSettings.findUniqueOrThrow({
    where: { id: 1 },
    select: { paymentAccounts: true, yapeNumber: true, plinNumber: true, paymentNote: true, remindersEnabled: true, reminderDaysBefore: true, reminderEveryDays: true },
  });

const auditEntries = (action: string) =>
  db.auditLog.findMany({ where: { actorId: admin.id, action, entityType: "site_settings", entityId: "1" }, orderBy: { id: "asc" } });

describe("GET|PUT /api/v1/admin/settings/collections", () => {
  it("saves accounts, Yape, Plin, the text and the reminders in their stored forms, and answers them", async () => {
    const saved = await put({
      payment_instructions: {
        accounts: [{ ...BCP, cci: "002-193-001234567012-12" }, INTERBANK_USD],
        yape: "987654321",
        plin: "+51 912-345-678",
        text: "  A nombre de Lumen Consultoría TI S.A.C.\r\nEnvía el voucher a pagos@lumenti.pe  ",
      },
      payment_reminders: { enabled: false, days_before: "5", every_days: 10 },
    });
    expect(saved.status).toBe(200);
    expect(dataOf(saved.body)).toEqual({
      payment_instructions: {
        accounts: [
          { bank: "BCP", currency: "PEN", account_number: "193-1234567-0-12", cci: "00219300123456701212" },
          { bank: "Interbank", currency: "USD", account_number: "200-3001234567", cci: null },
        ],
        yape: "+51 987 654 321",
        plin: "+51 912 345 678",
        text: "A nombre de Lumen Consultoría TI S.A.C.\nEnvía el voucher a pagos@lumenti.pe",
        qr_url: original?.paymentQrKey ? expect.any(String) : null,
      },
      payment_reminders: { enabled: false, days_before: 5, every_days: 10 },
    });
    const read = await get();
    expect(read.status).toBe(200);
    expect(read.body).toEqual(saved.body);
  });

  it("fields left out keep their value; accounts replaces the list; null or blank clears", async () => {
    await put({ payment_instructions: { accounts: [BCP, INTERBANK_USD], yape: "987654321", plin: "912345678", text: "Texto" }, payment_reminders: { enabled: true, days_before: 3, every_days: 7 } });

    const remindersOnly = await put({ payment_reminders: { every_days: 14 } });
    expect(remindersOnly.status).toBe(200);
    const afterReminders = dataOf(remindersOnly.body);
    expect(afterReminders.payment_instructions.accounts).toHaveLength(2);
    expect(afterReminders.payment_instructions.yape).toBe("+51 987 654 321");
    expect(afterReminders.payment_reminders).toEqual({ enabled: true, days_before: 3, every_days: 14 });

    const cleared = dataOf((await put({ payment_instructions: { accounts: [INTERBANK_USD], yape: null, plin: "" } })).body);
    expect(cleared.payment_instructions.accounts).toEqual([INTERBANK_USD]);
    expect(cleared.payment_instructions.yape).toBeNull();
    expect(cleared.payment_instructions.plin).toBeNull();
    expect(cleared.payment_instructions.text).toBe("Texto");
    expect(cleared.payment_reminders.every_days).toBe(14);

    // What GET answered can be sent back as it is (qr_url is read-only and ignored).
    const roundTrip = await put(cleared);
    expect(roundTrip.status).toBe(200);
    expect(dataOf(roundTrip.body)).toEqual(cleared);
  });

  it("refuses bad input with a 422 on the field, in Spanish, and writes nothing", async () => {
    await put({ payment_instructions: { accounts: [BCP], yape: "987654321", plin: null, text: null }, payment_reminders: { enabled: true, days_before: 3, every_days: 7 } });
    const before = await stored();
    const account = (changes: Record<string, unknown>) => ({ payment_instructions: { accounts: [{ ...BCP, ...changes }] } });
    const cases: [string, unknown, string, string?][] = [
      ["accounts not a list", { payment_instructions: { accounts: "BCP" } }, "payment_instructions.accounts", COLLECTION_MESSAGES.accountsList],
      ["11 accounts", { payment_instructions: { accounts: Array.from({ length: 11 }, (_, i) => ({ ...BCP, account_number: `193-000000${i}`, cci: null })) } }, "payment_instructions.accounts", COLLECTION_MESSAGES.tooManyAccounts],
      ["a one-letter bank", account({ bank: "B" }), "payment_instructions.accounts.0.bank", COLLECTION_MESSAGES.bank],
      ["an 81-character bank", account({ bank: "B".repeat(81) }), "payment_instructions.accounts.0.bank", COLLECTION_MESSAGES.bank],
      ["a blank bank", account({ bank: "  " }), "payment_instructions.accounts.0.bank"],
      ["a currency outside PEN, USD, EUR", account({ currency: "GBP" }), "payment_instructions.accounts.0.currency", COLLECTION_MESSAGES.currency],
      ["a 5-digit account number", account({ account_number: "12345" }), "payment_instructions.accounts.0.account_number", COLLECTION_MESSAGES.accountNumber],
      ["a 31-character account number", account({ account_number: "1".repeat(31) }), "payment_instructions.accounts.0.account_number"],
      ["letters in the account number", account({ account_number: "193-ABC-4567" }), "payment_instructions.accounts.0.account_number"],
      ["a missing account number", account({ account_number: undefined }), "payment_instructions.accounts.0.account_number"],
      ["a 19-digit CCI", account({ cci: "0021930012345670121" }), "payment_instructions.accounts.0.cci", COLLECTION_MESSAGES.cci],
      ["a 21-digit CCI", account({ cci: "002193001234567012123" }), "payment_instructions.accounts.0.cci"],
      ["a CCI with letters", account({ cci: "0021930012345670121X" }), "payment_instructions.accounts.0.cci"],
      ["an unknown key in an account", account({ swift: "BCPLPEPL" }), "payment_instructions.accounts.0"],
      ["the same account twice", { payment_instructions: { accounts: [BCP, { ...BCP, account_number: "1931234567012" }] } }, "payment_instructions.accounts.1.account_number", COLLECTION_MESSAGES.duplicateAccount],
      ["a landline for Yape", { payment_instructions: { yape: "(01) 640-2250" } }, "payment_instructions.yape", COLLECTION_MESSAGES.mobile("Yape")],
      ["8 digits for Yape", { payment_instructions: { yape: "98765432" } }, "payment_instructions.yape"],
      ["a foreign mobile for Plin", { payment_instructions: { plin: "+1 987 654 3210" } }, "payment_instructions.plin", COLLECTION_MESSAGES.mobile("Plin")],
      ["a mobile not starting with 9", { payment_instructions: { plin: "887654321" } }, "payment_instructions.plin"],
      ["a number for Plin", { payment_instructions: { plin: 987654321 } }, "payment_instructions.plin"],
      ["1001 characters of text", { payment_instructions: { text: "a".repeat(1001) } }, "payment_instructions.text", COLLECTION_MESSAGES.text],
      ["a control character in the text", { payment_instructions: { text: "Cuenta\u0000" } }, "payment_instructions.text"],
      ["enabled as text", { payment_reminders: { enabled: "sí" } }, "payment_reminders.enabled", COLLECTION_MESSAGES.enabled],
      ["0 days before", { payment_reminders: { days_before: 0 } }, "payment_reminders.days_before", COLLECTION_MESSAGES.daysBefore],
      ["31 days before", { payment_reminders: { days_before: 31 } }, "payment_reminders.days_before"],
      ["2.5 days before", { payment_reminders: { days_before: 2.5 } }, "payment_reminders.days_before"],
      ["days before as words", { payment_reminders: { days_before: "tres" } }, "payment_reminders.days_before"],
      ["every 0 days", { payment_reminders: { every_days: 0 } }, "payment_reminders.every_days", COLLECTION_MESSAGES.everyDays],
      ["every 61 days", { payment_reminders: { every_days: 61 } }, "payment_reminders.every_days"],
      ["an unknown top-level key", { payment_note: "x" }, "_"],
      ["instructions not an object", { payment_instructions: "BCP" }, "payment_instructions"],
      ["nothing to change", {}, "_", COLLECTION_MESSAGES.empty],
      ["a list instead of an object", [], "_"],
    ];
    for (const [label, body, field, message] of cases) {
      const answer = await put(body);
      expect(answer.status, label).toBe(422);
      expect(typeof answer.body.message, label).toBe("string");
      const errors = answer.body.errors as Record<string, string[]>;
      expect(Object.keys(errors), label).toContain(field);
      if (message) expect(errors[field], label).toContain(message);
    }
    expect(await stored()).toEqual(before);
  });

  it("records one audit entry with only the changed fields, and none when nothing changed", async () => {
    await put({ payment_instructions: { accounts: [BCP], yape: "987654321", plin: null, text: "Antes" }, payment_reminders: { enabled: true, days_before: 3, every_days: 7 } });
    const count = (await auditEntries("settings.collections_update")).length;

    await put({ payment_instructions: { yape: "912 345 678", text: "Después" }, payment_reminders: { days_before: 3 } });
    const entries = await auditEntries("settings.collections_update");
    expect(entries).toHaveLength(count + 1);
    const entry = entries.at(-1)!;
    expect((entry.details as Json).before).toEqual({ yape_number: "+51 987 654 321", payment_note: "Antes" });
    expect((entry.details as Json).after).toEqual({ yape_number: "+51 912 345 678", payment_note: "Después" });

    await put({ payment_instructions: { accounts: [BCP, INTERBANK_USD] } });
    const accountsEntry = (await auditEntries("settings.collections_update")).at(-1)!;
    expect((accountsEntry.details as Json).after).toEqual({
      payment_accounts: "BCP · PEN · 193-1234567-0-12 · CCI 00219300123456701212; Interbank · USD · 200-3001234567",
    });

    // The same values again: saved, nothing recorded.
    expect((await put({ payment_instructions: { yape: "+51 912 345 678" } })).status).toBe(200);
    expect(await auditEntries("settings.collections_update")).toHaveLength(count + 2);
  });

  it("admins only: 401 signed out, 403 for a client", async () => {
    expect((await call(collectionsRoute.GET, PATH)).status).toBe(401);
    expect((await get(clientToken)).status).toBe(403);
    expect((await put({ payment_reminders: { enabled: false } }, clientToken)).status).toBe(403);
  });
});

// ── The QR image ─────────────────────────────────────────────────────────────

const png = (side = 120) => sharp({ create: { width: side, height: side, channels: 3, background: "#ffffff" } }).png().toBuffer();

async function uploadQr(bytes: Uint8Array, fileName: string, type: string, token = adminToken, field = "image") {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  const request = new Request(`${BASE_URL}/api/v1/admin/settings/payment-qr`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, [PEER_HEADER]: fakeIp() },
  });
  const response = await qrAdminRoute.POST(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Json };
}

async function fetchQr(credentials: { bearer?: string; cookie?: string }) {
  const headers: Record<string, string> = { [PEER_HEADER]: fakeIp() };
  if (credentials.bearer) headers.authorization = `Bearer ${credentials.bearer}`;
  if (credentials.cookie) headers.cookie = credentials.cookie;
  const response = await qrRoute.GET(new Request(`${BASE_URL}/api/v1/payment-qr`, { headers }), { params: Promise.resolve({}) });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const storedQr = () => db.siteSettings.findUniqueOrThrow({ where: { id: 1 }, select: { paymentQrKey: true, paymentQrMime: true } });

describe("the payment QR image", () => {
  it("is judged by its bytes, stored privately, served to any signed-in user and replaced or removed with its file", async () => {
    // A PNG sent as "qr.txt", text/plain: its bytes say PNG.
    const uploaded = await uploadQr(await png(), "qr.txt", "text/plain");
    expect(uploaded.status).toBe(200);
    const qrUrl = dataOf(uploaded.body).payment_instructions.qr_url;
    expect(qrUrl).toMatch(/^\/api\/v1\/payment-qr\?v=[0-9a-f]{32}$/);
    const first = await storedQr();
    expect(first.paymentQrKey).toMatch(/^payment-qr\/[0-9a-f]{32}$/);
    expect(first.paymentQrMime).toBe("image/png");
    expect(await mediaStorage().read(first.paymentQrKey!)).not.toBeNull();
    expect(dataOf((await get()).body).payment_instructions.qr_url).toBe(qrUrl);

    // A client (session cookie) and an admin (token) see it; nobody else.
    for (const credentials of [{ cookie: await sessionCookieFor(client) }, { bearer: adminToken }]) {
      const { response, bytes } = await fetchQr(credentials);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await fileTypeFromBuffer(bytes))?.mime).toBe("image/png");
      expect((await sharp(bytes).metadata()).width).toBe(120);
    }
    const anonymous = await fetchQr({});
    expect(anonymous.response.status).toBe(401);

    // Replacing it: a JPEG now, a new address, the old file gone.
    const jpeg = await sharp({ create: { width: 90, height: 90, channels: 3, background: "#000000" } }).jpeg().toBuffer();
    const replaced = await uploadQr(jpeg, "qr.png", "image/png");
    expect(replaced.status).toBe(200);
    const second = await storedQr();
    expect(second.paymentQrMime).toBe("image/jpeg");
    expect(second.paymentQrKey).not.toBe(first.paymentQrKey);
    expect(dataOf(replaced.body).payment_instructions.qr_url).not.toBe(qrUrl);
    expect(await mediaStorage().read(first.paymentQrKey!)).toBeNull();
    expect((await fetchQr({ bearer: clientToken })).response.headers.get("content-type")).toBe("image/jpeg");

    // The screen removes only the image it showed.
    await expect(removePaymentQr(actor, qrUrl!)).rejects.toMatchObject({ kind: "conflict", message: COLLECTION_MESSAGES.qrChanged });
    expect((await storedQr()).paymentQrKey).toBe(second.paymentQrKey);

    const removed = await call(qrAdminRoute.DELETE, "/api/v1/admin/settings/payment-qr", { method: "DELETE", bearer: adminToken });
    expect(removed.status).toBe(200);
    expect(dataOf(removed.body).payment_instructions.qr_url).toBeNull();
    expect(await storedQr()).toEqual({ paymentQrKey: null, paymentQrMime: null });
    expect(await mediaStorage().read(second.paymentQrKey!)).toBeNull();
    const none = await fetchQr({ bearer: clientToken });
    expect(none.response.status).toBe(404);
    expect(JSON.parse(none.bytes.toString())).toEqual({ message: COLLECTION_MESSAGES.qrNone });
    // Nothing left: the API's DELETE changes nothing, the screen's is told so.
    expect((await call(qrAdminRoute.DELETE, "/api/v1/admin/settings/payment-qr", { method: "DELETE", bearer: adminToken })).status).toBe(200);
    await expect(removePaymentQr(actor, qrUrl!)).rejects.toMatchObject({ kind: "conflict", message: COLLECTION_MESSAGES.qrNone });

    const uploads = await auditEntries("settings.payment_qr_upload");
    expect((uploads.at(-1)!.details as Json).after).toMatchObject({ mime: "image/jpeg" });
    expect((uploads.at(-2)!.details as Json).after).toMatchObject({ payment_qr: true, mime: "image/png" });
    expect(await auditEntries("settings.payment_qr_remove")).toHaveLength(1);
  });

  it("refuses what is not a PNG, JPEG or WebP whatever its name, more than 2 MB, and a form without the image", async () => {
    const before = await storedQr();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#ff0000" } }).gif().toBuffer();
    const cases: [string, Uint8Array, string][] = [
      ["text named .png", new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>"), "qr.png"],
      ["a GIF", gif, "qr.gif"],
      ["an empty file", new Uint8Array(), "qr.png"],
      ["a PNG cut in half", (await png()).subarray(0, 60), "qr.png"],
    ];
    for (const [label, bytes, name] of cases) {
      const answer = await uploadQr(bytes, name, "image/png");
      expect(answer.status, label).toBe(422);
      expect(Object.keys(answer.body.errors as object), label).toEqual(["image"]);
    }
    const huge = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await uploadQr(huge, "qr.png", "image/png")).status).toBe(413);
    const wrongField = await uploadQr(await png(), "qr.png", "image/png", adminToken, "file");
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.errors).toEqual({ image: [COLLECTION_MESSAGES.qrMissing] });
    expect((await uploadQr(await png(), "qr.png", "image/png", clientToken)).status).toBe(403);
    expect(await storedQr()).toEqual(before);
  });
});
