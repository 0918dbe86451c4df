import "server-only";
import { parseWith } from "@/lib/errors";
import type { AdminActor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/service";
import { revalidateSiteSettings } from "@/lib/cache";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { serializePublicSettings, type PublicSettingsRow } from "./serialize";
import { DEFAULT_SITE_SETTINGS } from "./settings";
import { SETTINGS_MESSAGES, siteSettingsUpdateSchema, type SiteSettingsContract, type SiteSettingsUpdate } from "./settings-schema";

// The only write of the company settings: the "Configuración del sitio" server action
// and PUT /api/v1/admin/settings both call updateSiteSettings. It validates with the shared
// schema, upserts the singleton row (id = 1) in one transaction together with its audit entry,
// then expires the public "site-settings" tag so the footer, contact page, legal pages and
// JSON-LD show the change on the next request.

const SETTINGS_ID = 1;
export const SETTINGS_ENTITY = "site_settings";
export const SETTINGS_ENTITY_ID = String(SETTINGS_ID);

type SettingsRow = PublicSettingsRow & { updatedAt: Date | null };

/** Row (or the site's defaults when there is none yet) → contract (snake_case). */
function serializeSettings(row: SettingsRow): SiteSettingsContract {
  return { ...serializePublicSettings(row), updated_at: row.updatedAt ? row.updatedAt.toISOString() : null };
}

const DEFAULT_ROW: SettingsRow = { ...DEFAULT_SITE_SETTINGS, updatedAt: null };

/** Contract fields → Prisma columns; fields left out stay out. */
function toData(input: SiteSettingsUpdate): Prisma.SiteSettingsUpdateInput {
  const data: Prisma.SiteSettingsUpdateInput = {};
  if (input.company_name !== undefined) data.companyName = input.company_name;
  if (input.company_legal_name !== undefined) data.companyLegalName = input.company_legal_name;
  if (input.company_tax_id !== undefined) data.companyTaxId = input.company_tax_id;
  if (input.company_tagline !== undefined) data.companyTagline = input.company_tagline;
  if (input.social_linkedin !== undefined) data.socialLinkedin = input.social_linkedin;
  if (input.social_twitter !== undefined) data.socialTwitter = input.social_twitter;
  if (input.social_facebook !== undefined) data.socialFacebook = input.social_facebook;
  if (input.contact_email !== undefined) data.contactEmail = input.contact_email;
  if (input.contact_phone !== undefined) data.contactPhone = input.contact_phone;
  if (input.contact_address !== undefined) data.contactAddress = input.contact_address;
  if (input.business_hours !== undefined) data.businessHours = input.business_hours;
  if (input.footer_text !== undefined) data.footerText = input.footer_text;
  return data;
}

/** What the audit trail keeps (updated_at is not a "change"). */
function auditable(contract: SiteSettingsContract): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...contract };
  delete fields.updated_at;
  return fields;
}

/** The settings as the admin screen and GET /api/v1/admin/settings show them (the defaults when no row exists yet). */
export async function getAdminSiteSettings(): Promise<SiteSettingsContract> {
  const row = await db.siteSettings.findUnique({ where: { id: SETTINGS_ID } });
  return serializeSettings(row ?? DEFAULT_ROW);
}

/**
 * Updates the company settings. Fields left out keep their value; null or "" clears an optional
 * field. 422 (per field, in Spanish) on bad input; nothing is written then. An entry
 * "settings.update" with only the changed fields is recorded when something changed.
 */
export async function updateSiteSettings(actor: AdminActor, input: unknown): Promise<SiteSettingsContract> {
  const data = toData(parseWith(siteSettingsUpdateSchema, input === undefined ? {} : input, SETTINGS_MESSAGES.invalid));

  const updated = await db.$transaction(async (tx) => {
    // Two saves at once: the second waits, so each audit entry's "before" is what it replaced.
    await tx.$queryRaw`SELECT id FROM site_settings WHERE id = ${SETTINGS_ID} FOR UPDATE`;
    const before = await tx.siteSettings.findUnique({ where: { id: SETTINGS_ID } });
    const row = before
      ? await tx.siteSettings.update({ where: { id: SETTINGS_ID }, data })
      : await tx.siteSettings.create({
          data: {
            ...DEFAULT_SITE_SETTINGS,
            ...(data as Omit<Prisma.SiteSettingsCreateInput, "companyName">),
            id: SETTINGS_ID,
          },
        });
    const beforeContract = auditable(serializeSettings(before ?? DEFAULT_ROW));
    const afterContract = serializeSettings(row);
    if (JSON.stringify(beforeContract) !== JSON.stringify(auditable(afterContract))) {
      await recordAudit(tx, actor, {
        action: "settings.update",
        entityType: SETTINGS_ENTITY,
        entityId: SETTINGS_ENTITY_ID,
        before: beforeContract,
        after: auditable(afterContract),
      });
    }
    return afterContract;
  });
  revalidateSiteSettings();
  return updated;
}
