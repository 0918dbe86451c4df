import type { SiteSettingsSeed } from "./types";

/** The singleton company settings row (id = 1) shown in the header, footer and contact page. */
export const siteSettings: SiteSettingsSeed = {
  companyName: "Lumen Consultoría TI",
  companyLegalName: "Lumen Consultoría TI S.A.C.",
  companyTaxId: "20601234565",
  companyTagline: "Tecnología clara para que las pymes peruanas vendan más y trabajen mejor.",
  socialLinkedin: "https://www.linkedin.com/company/lumen-consultoria-ti",
  socialTwitter: "https://twitter.com/lumenti_pe",
  socialFacebook: "https://www.facebook.com/lumenti.pe",
  contactEmail: "contacto@lumenti.pe",
  contactPhone: "+51 1 640 2250",
  contactAddress: "Av. José Larco 1232, oficina 802, Miraflores, Lima 15074, Perú",
  businessHours: "Lunes a viernes de 9:00 a 18:00",
  footerText:
    "Lumen Consultoría TI S.A.C. · RUC 20601234565 · Software, integración y consultoría para pymes en Lima, Arequipa, Trujillo y todo el Perú.",
};
