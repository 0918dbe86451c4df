import "server-only";
import { cache } from "react";
import { cachedQuery, CACHE_TAGS } from "@/lib/cache";
import { db } from "@/lib/db";

/** The company data shown across the public site. */
export type SiteSettingsData = {
  companyName: string;
  companyLegalName: string | null;
  companyTaxId: string | null;
  companyTagline: string | null;
  socialLinkedin: string | null;
  socialTwitter: string | null;
  socialFacebook: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactAddress: string | null;
  businessHours: string | null;
  footerText: string | null;
};

/** What the site shows when the settings row is missing or cannot be read. */
export const DEFAULT_SITE_SETTINGS: SiteSettingsData = {
  companyName: "Lumen Consultoría TI",
  companyLegalName: null,
  companyTaxId: null,
  companyTagline: "Soluciones tecnológicas para pymes del Perú",
  socialLinkedin: null,
  socialTwitter: null,
  socialFacebook: null,
  contactEmail: null,
  contactPhone: null,
  contactAddress: null,
  businessHours: null,
  footerText: null,
};

/** Trims a value and turns blanks into null, so "" never renders an empty link. */
function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The site settings singleton (id = 1), read at most once per render.
 * A missing row or a failed read falls back to DEFAULT_SITE_SETTINGS, so the public
 * shell (header, footer) always renders.
 */
const readSettingsRow = cachedQuery("settings", [CACHE_TAGS.settings], () =>
  // Only the public columns: the row also holds the sealed signing certificate, which never
  // enters Next's cache (shared through Redis by every instance).
  db.siteSettings.findUnique({
    where: { id: 1 },
    select: {
      companyName: true,
      companyLegalName: true,
      companyTaxId: true,
      companyTagline: true,
      socialLinkedin: true,
      socialTwitter: true,
      socialFacebook: true,
      contactEmail: true,
      contactPhone: true,
      contactAddress: true,
      businessHours: true,
      footerText: true,
    },
  }),
);

export const getSiteSettings = cache(async (): Promise<SiteSettingsData> => {
  let row;
  try {
    row = await readSettingsRow();
  } catch (error) {
    console.error("[settings] No se pudo leer la configuración del sitio", error);
    return DEFAULT_SITE_SETTINGS;
  }
  if (!row) return DEFAULT_SITE_SETTINGS;
  return {
    companyName: clean(row.companyName) ?? DEFAULT_SITE_SETTINGS.companyName,
    companyLegalName: clean(row.companyLegalName),
    companyTaxId: clean(row.companyTaxId),
    companyTagline: clean(row.companyTagline),
    socialLinkedin: clean(row.socialLinkedin),
    socialTwitter: clean(row.socialTwitter),
    socialFacebook: clean(row.socialFacebook),
    contactEmail: clean(row.contactEmail),
    contactPhone: clean(row.contactPhone),
    contactAddress: clean(row.contactAddress),
    businessHours: clean(row.businessHours),
    footerText: clean(row.footerText),
  };
});
