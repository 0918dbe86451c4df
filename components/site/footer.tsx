import { getSiteSettings } from "@/lib/content/settings";
import { FooterView, type FooterData, type SocialKey } from "./footer-view";

/** Only http(s) links are rendered, so a bad settings value can never become a javascript: URL. */
function safeHttpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The public footer: the company settings, read here, drawn by FooterView. */
export async function SiteFooter() {
  const settings = await getSiteSettings();
  const socials = [
    { key: "linkedin" as const, label: "LinkedIn", href: safeHttpUrl(settings.socialLinkedin) },
    { key: "twitter" as const, label: "Twitter", href: safeHttpUrl(settings.socialTwitter) },
    { key: "facebook" as const, label: "Facebook", href: safeHttpUrl(settings.socialFacebook) },
  ].filter((social): social is { key: SocialKey; label: string; href: string } => social.href !== null);
  const data: FooterData = {
    companyName: settings.companyName,
    tagline: settings.companyTagline,
    socials,
    email: settings.contactEmail,
    phone: settings.contactPhone,
    address: settings.contactAddress,
    hours: settings.businessHours,
    copyright: `© ${new Date().getFullYear()} ${(settings.companyLegalName ?? settings.companyName).replace(/\.+$/, "")}. Todos los derechos reservados.`,
    footerText: settings.footerText,
  };
  return <FooterView data={data} />;
}
