import type { Metadata } from "next";
import type { SiteSettingsData } from "@/lib/content/settings";
import { absoluteUrl, siteUrl } from "@/lib/site-url";

/** The image shown when a page has none of its own (Open Graph, Twitter): 1200×630 PNG. */
export const DEFAULT_SHARE_IMAGE = "/images/og-default.png";

/** Social networks do not render SVG previews, so SVG images fall back to the default. */
function shareImage(image: string | null | undefined) {
  return image && !/\.svg($|\?)/i.test(image) ? absoluteUrl(image) : absoluteUrl(DEFAULT_SHARE_IMAGE);
}

type PageSeo = {
  /** Title without the site name (the root layout's template adds it). */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/servicios/integracion-sunat". */
  path: string;
  image?: string | null;
  keywords?: string | null;
  type?: "website" | "article";
};

/** The site name the root layout appends to every page title ("%s | Lumen Consultoría TI"). */
export const SITE_NAME = "Lumen Consultoría TI";
export const TITLE_TEMPLATE = `%s | ${SITE_NAME}`;
/** Search engines cut titles past about 60 characters and descriptions past about 160. */
export const MAX_TITLE_LENGTH = 60;
export const MAX_DESCRIPTION_LENGTH = 160;

/** `text` cut at a word boundary to at most `max` characters, with "…" when something was cut. */
export function truncateAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  // Keep the last word only when it ends exactly at the cut.
  const space = clean[max - 1] === " " ? cut.length : cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

/**
 * The page's <title>: with the site name when the whole fits in 60 characters, otherwise the
 * page's own title alone (cut at a word if even that is too long).
 */
export function pageTitle(title: string): Metadata["title"] {
  if (TITLE_TEMPLATE.replace("%s", title).length <= MAX_TITLE_LENGTH) return title;
  return { absolute: truncateAtWord(title, MAX_TITLE_LENGTH) };
}

/** Title, description, canonical URL, Open Graph and Twitter card of one public page. */
export function pageMetadata({ title, description: fullDescription, path, image, keywords, type = "website" }: PageSeo): Metadata {
  const images = [{ url: shareImage(image) }];
  const description = truncateAtWord(fullDescription, MAX_DESCRIPTION_LENGTH);
  return {
    title: pageTitle(title),
    description,
    keywords: keywords || undefined,
    alternates: { canonical: absoluteUrl(path) },
    openGraph: { type, title, description, url: absoluteUrl(path), images, locale: "es_PE" },
    twitter: { card: "summary_large_image", title, description, images: images.map((i) => i.url) },
  };
}

// JSON-LD (schema.org) builders. Rendered with <JsonLd> from components/seo/json-ld.tsx.

export function organizationJsonLd(settings: SiteSettingsData) {
  const sameAs = [settings.socialLinkedin, settings.socialTwitter, settings.socialFacebook].filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: settings.companyName,
    legalName: settings.companyLegalName ?? undefined,
    taxID: settings.companyTaxId ?? undefined,
    url: siteUrl(),
    logo: absoluteUrl("/icon.svg"),
    email: settings.contactEmail ?? undefined,
    telephone: settings.contactPhone ?? undefined,
    address: settings.contactAddress
      ? { "@type": "PostalAddress", streetAddress: settings.contactAddress, addressCountry: "PE" }
      : undefined,
    sameAs: sameAs.length ? sameAs : undefined,
  };
}

/** Breadcrumb trail: [{ name: "Inicio", path: "/" }, …, the current page]. */
export function breadcrumbJsonLd(items: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}

export function faqJsonLd(entries: { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}
