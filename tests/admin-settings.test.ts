// Integration tests of the company settings admin API: GET|PUT /api/v1/admin/settings, allowed and
// refused with the database checked, every bad input a 422 (or 413) in Spanish with nothing
// written, the audit entry with only the changed fields, and the public getSiteSettings() following
// the save. Each test restores the row it found.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as read, PUT as update } from "@/app/api/v1/admin/settings/route";
import { getSiteSettings } from "@/lib/content/settings";
import { normalizePeruvianPhone, siteSettingsInputSchema } from "@/lib/content/settings-schema";
import { rucCheckDigit } from "@/lib/sunat/identity";
import { db } from "@/lib/db";
import type { SiteSettings } from "@/lib/generated/prisma/client";
import { lockSiteSettings, restoreSiteSettings } from "./helpers/settings";
import { call, createTestUser, fakeIp, tokenFor, type Json, type TestUser } from "./helpers/auth";

const SETTINGS_KEYS = [
  "business_hours",
  "company_legal_name",
  "company_name",
  "company_tagline",
  "company_tax_id",
  "contact_address",
  "contact_email",
  "contact_phone",
  "footer_text",
  "social_facebook",
  "social_linkedin",
  "social_twitter",
  "updated_at",
].sort();

/** A complete, valid body (what the screen sends). */
const FULL = {
  company_name: "Lumen Consultoría TI",
  company_legal_name: "Lumen Consultoría TI S.A.C.",
  company_tax_id: "20601234565",
  company_tagline: "Tecnología clara para pymes",
  social_linkedin: "https://www.linkedin.com/company/lumen-consultoria-ti",
  social_twitter: "https://twitter.com/lumenti_pe",
  social_facebook: "https://www.facebook.com/lumenti.pe",
  contact_email: "contacto@lumenti.pe",
  contact_phone: "+51 1 640 2250",
  contact_address: "Av. José Larco 1232, Miraflores, Lima",
  business_hours: "Lunes a viernes de 9:00 a 18:00",
  footer_text: "Software y consultoría para pymes del Perú.",
};

let admin: TestUser;
let token: string;
let clientToken: string;
let original: SiteSettings | null;

let unlock: () => Promise<void>;

beforeAll(async () => {
  // The settings row is shared with the other test files that change it: one at a time.
  unlock = await lockSiteSettings();
  admin = await createTestUser({ role: "admin" });
  token = await tokenFor(admin);
  clientToken = await tokenFor(await createTestUser({ role: "client" }));
});

beforeEach(async () => {
  original = await db.siteSettings.findUnique({ where: { id: 1 } });
});

afterEach(async () => {
  // Other test files read the seeded settings: put the row back as it was.
  await restoreSiteSettings(original);
});

afterAll(async () => {
  await unlock();
});

const get = (bearer = token) => call(read, "/api/v1/admin/settings", { bearer });
const put = (body: unknown, options: { bearer?: string; ip?: string } = {}) =>
  call(update, "/api/v1/admin/settings", { method: "PUT", body, bearer: options.bearer ?? token, ip: options.ip });

const row = () => db.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
const settingsAudit = () => db.auditLog.findMany({ where: { entityType: "site_settings", actorId: admin.id }, orderBy: { id: "asc" } });

describe("GET /api/v1/admin/settings", () => {
  it("answers every field in snake_case with updated_at, as stored", async () => {
    const stored = await row();
    const { status, body } = await get();
    expect(status).toBe(200);
    const data = body.data as Json;
    expect(Object.keys(data).sort()).toEqual(SETTINGS_KEYS);
    expect(data).toMatchObject({
      company_name: stored.companyName,
      company_tax_id: stored.companyTaxId,
      contact_phone: stored.contactPhone,
      footer_text: stored.footerText,
      updated_at: stored.updatedAt.toISOString(),
    });
  });

  it("refuses a client (403) and an anonymous caller (401)", async () => {
    expect((await get(clientToken)).status).toBe(403);
    expect((await call(read, "/api/v1/admin/settings")).status).toBe(401);
  });
});

describe("PUT /api/v1/admin/settings", () => {
  it("saves the full object (trimmed, phone normalised, e-mail lower-cased, blanks → null), audits only the changed fields, and the public settings follow", async () => {
    await put(FULL); // a known starting point
    const ip = fakeIp();
    const auditsBefore = (await settingsAudit()).length;

    const { status, body } = await put(
      {
        ...FULL,
        company_tagline: "  Software que ordena tu pyme  ",
        contact_phone: "987-654-321",
        contact_email: "Ventas@LumenTI.pe",
        social_twitter: "",
        company_tax_id: "20131312955",
      },
      { ip },
    );
    expect(status).toBe(200);
    const data = body.data as Json;
    expect(Object.keys(data).sort()).toEqual(SETTINGS_KEYS);
    expect(data).toMatchObject({
      company_tagline: "Software que ordena tu pyme",
      contact_phone: "+51 987 654 321",
      contact_email: "ventas@lumenti.pe",
      social_twitter: null,
      company_tax_id: "20131312955",
      footer_text: FULL.footer_text,
    });

    expect(await row()).toMatchObject({
      companyTagline: "Software que ordena tu pyme",
      contactPhone: "+51 987 654 321",
      contactEmail: "ventas@lumenti.pe",
      socialTwitter: null,
      companyTaxId: "20131312955",
    });

    const audits = await settingsAudit();
    expect(audits).toHaveLength(auditsBefore + 1);
    const entry = audits.at(-1)!;
    expect(entry).toMatchObject({ action: "settings.update", entityType: "site_settings", entityId: "1", actorId: admin.id, ipAddress: ip });
    expect(entry.details).toEqual({
      before: {
        company_tagline: FULL.company_tagline,
        contact_phone: FULL.contact_phone,
        contact_email: FULL.contact_email,
        social_twitter: FULL.social_twitter,
        company_tax_id: FULL.company_tax_id,
      },
      after: {
        company_tagline: "Software que ordena tu pyme",
        contact_phone: "+51 987 654 321",
        contact_email: "ventas@lumenti.pe",
        social_twitter: null,
        company_tax_id: "20131312955",
      },
    });

    // What the footer, contact page, legal pages and JSON-LD read.
    expect(await getSiteSettings()).toMatchObject({
      companyTagline: "Software que ordena tu pyme",
      contactPhone: "+51 987 654 321",
      contactEmail: "ventas@lumenti.pe",
      socialTwitter: null,
      companyTaxId: "20131312955",
    });
  });

  it("keeps the fields left out, clears those sent as null, and records nothing when nothing changed", async () => {
    await put(FULL);
    const { status, body } = await put({ footer_text: "Nuevo pie", business_hours: null });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ ...FULL, footer_text: "Nuevo pie", business_hours: null });

    const auditsBefore = (await settingsAudit()).length;
    const again = await put({ footer_text: " Nuevo pie " });
    expect(again.status).toBe(200);
    expect(await settingsAudit()).toHaveLength(auditsBefore);
  });

  it("creates the row when it is missing (company name defaults to the site's)", async () => {
    await db.siteSettings.deleteMany({ where: { id: 1 } });
    const { status, body } = await put({ contact_phone: "(054) 201 234" });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ company_name: "Lumen Consultoría TI", contact_phone: "+51 54 201 234" });
    expect(await row()).toMatchObject({ contactPhone: "+51 54 201 234" });
  });

  const BAD: [string, Json, string, RegExp][] = [
    ["a javascript: URL", { social_linkedin: "javascript:alert(1)" }, "social_linkedin", /http:\/\/ o https:\/\//],
    ["a data: URL", { social_facebook: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" }, "social_facebook", /http:\/\/ o https:\/\//],
    ["a URL without scheme", { social_twitter: "twitter.com/lumen" }, "social_twitter", /http:\/\/ o https:\/\//],
    ["a URL over 2048 characters", { social_linkedin: `https://example.pe/${"a".repeat(2040)}` }, "social_linkedin", /2048 caracteres/],
    ["a bad e-mail", { contact_email: "contacto@" }, "contact_email", /correo electrónico válido/],
    ["a foreign phone", { contact_phone: "+1 415 555 0100" }, "contact_phone", /teléfono peruano válido.*987 654 321/],
    ["a mobile with 8 digits", { contact_phone: "98765432" }, "contact_phone", /teléfono peruano válido/],
    ["letters in the phone", { contact_phone: "987 654 abc" }, "contact_phone", /teléfono peruano válido/],
    ["a RUC with a wrong check digit", { company_tax_id: "20601234567" }, "company_tax_id", /dígito verificador/],
    ["a RUC with a bad prefix", { company_tax_id: "30601234565" }, "company_tax_id", /11 dígitos y empezar por 10, 15, 16, 17 o 20/],
    ["a RUC of 10 digits", { company_tax_id: "2060123456" }, "company_tax_id", /11 dígitos/],
    ["an empty company name", { company_name: "   " }, "company_name", /obligatorio/],
    ["a company name over 120 characters", { company_name: "x".repeat(121) }, "company_name", /120 caracteres/],
    ["a tagline over 300 characters", { company_tagline: "x".repeat(301) }, "company_tagline", /300 caracteres/],
    ["footer text over 500 characters", { footer_text: "x".repeat(501) }, "footer_text", /500 caracteres/],
    ["an address over 300 characters", { contact_address: "x".repeat(301) }, "contact_address", /300 caracteres/],
    ["business hours over 200 characters", { business_hours: "x".repeat(201) }, "business_hours", /200 caracteres/],
    ["a legal name over 200 characters", { company_legal_name: "x".repeat(201) }, "company_legal_name", /200 caracteres/],
    ["a NUL in the tagline", { company_tagline: "Hola\u0000mundo" }, "company_tagline", /caracteres de control/],
    ["an ANSI escape in the footer", { footer_text: "\u001b[31mrojo" }, "footer_text", /caracteres de control/],
    ["a bidi override in the name", { company_name: "Lumen \u202Egnp.exe" }, "company_name", /dirección del texto/],
    ["a line break in the address", { contact_address: "Av. Larco\n1232" }, "contact_address", /saltos de línea/],
    ["a number as the tagline", { company_tagline: 42 }, "company_tagline", /texto/],
  ];

  it.each(BAD)("refuses %s with 422 in Spanish on that field, and nothing changes", async (_label, patch, field, message) => {
    const before = await row();
    const auditsBefore = (await settingsAudit()).length;
    const { status, body } = await put({ ...FULL, ...patch });
    expect(status).toBe(422);
    expect(body.message).toBe("Revisa los campos marcados.");
    const errors = body.errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field][0]).toMatch(message);
    expect(await row()).toEqual(before);
    expect(await settingsAudit()).toHaveLength(auditsBefore);
  });

  it("refuses a 2 MB body with 413 and a 1 MB-minus field with 422; nothing changes", async () => {
    const before = await row();
    const huge = await put({ ...FULL, footer_text: "x".repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/demasiado grande/);
    const big = await put({ ...FULL, footer_text: "x".repeat(900_000) });
    expect(big.status).toBe(422);
    expect((big.body.errors as Record<string, string[]>).footer_text[0]).toMatch(/500 caracteres/);
    expect(await row()).toEqual(before);
  });

  it("refuses a body that is not an object, and a client (403), writing nothing", async () => {
    const before = await row();
    const notObject = await put([1, 2, 3]);
    expect(notObject.status).toBe(422);
    expect(JSON.stringify(notObject.body)).toMatch(/objeto JSON/);
    expect((await put("no es json")).status).toBe(400);
    const refused = await put({ ...FULL, company_tagline: "Intruso" }, { bearer: clientToken });
    expect(refused.status).toBe(403);
    expect(await row()).toEqual(before);
  });
});

describe("settings schema", () => {
  it("accepts the Peruvian phone forms and writes each one way", () => {
    expect(normalizePeruvianPhone("987654321")).toBe("+51 987 654 321");
    expect(normalizePeruvianPhone("+51 987 654 321")).toBe("+51 987 654 321");
    expect(normalizePeruvianPhone("0051 987654321")).toBe("+51 987 654 321");
    expect(normalizePeruvianPhone("(01) 640-2250")).toBe("+51 1 640 2250");
    expect(normalizePeruvianPhone("+51 1 6402250")).toBe("+51 1 640 2250");
    expect(normalizePeruvianPhone("044 123456")).toBe("+51 44 123 456");
    expect(normalizePeruvianPhone("+51 (84) 23-4567")).toBe("+51 84 234 567");
    for (const bad of ["6402250", "099 123456", "+52 987 654 321", "9876543210", "(01) 640 225", "+51"]) {
      expect(normalizePeruvianPhone(bad), bad).toBeNull();
    }
  });

  it("checks a RUC's SUNAT check digit", () => {
    expect(rucCheckDigit("2013131295")).toBe(5);
    expect(rucCheckDigit("2010007097")).toBe(0);
    expect(siteSettingsInputSchema.safeParse({ company_name: "X", company_tax_id: "20 1313 12955" }).data?.company_tax_id).toBe("20131312955");
    expect(siteSettingsInputSchema.safeParse({ company_name: "X", company_tax_id: "10467793549" }).success).toBe(true);
    expect(siteSettingsInputSchema.safeParse({ company_name: "X", company_tax_id: "10467793548" }).success).toBe(false);
  });
});
