import type { CaseStudy, Page, Sector, SiteSettings, Technology } from "@/lib/generated/prisma/client";

// Contract shapes of the public content. Plain JSON, so they can be cached.

export type SectorContract = {
  id: number;
  name: string;
  slug: string;
  description: string;
  long_description: string | null;
  icon: string | null;
  is_featured: boolean;
  order_index: number;
  updated_at: string;
};

export function serializeSector(row: Sector): SectorContract {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    long_description: row.longDescription,
    icon: row.icon,
    is_featured: row.isFeatured,
    order_index: row.orderIndex,
    updated_at: row.updatedAt.toISOString(),
  };
}

export type TechnologyContract = {
  id: number;
  name: string;
  slug: string;
  description: string;
  category: string;
  is_featured: boolean;
  use_cases: string[];
  order_index: number;
  updated_at: string;
};

export function serializeTechnology(row: Technology): TechnologyContract {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    category: row.category,
    is_featured: row.isFeatured,
    use_cases: row.useCases,
    order_index: row.orderIndex,
    updated_at: row.updatedAt.toISOString(),
  };
}

export type PageContract = {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  status: Page["status"];
  meta_title: string | null;
  meta_description: string | null;
  created_at: string;
  updated_at: string;
};

export function serializePage(row: Page): PageContract {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    status: row.status,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type CaseStudyContract = {
  id: number;
  slug: string;
  title: string;
  client_name: string | null;
  sector_id: number | null;
  summary: string;
  content: string;
  results: string[];
  image: string | null;
  status: CaseStudy["status"];
  published_at: string | null;
  updated_at: string;
};

export function serializeCaseStudy(row: CaseStudy): CaseStudyContract {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    client_name: row.clientName,
    sector_id: row.sectorId,
    summary: row.summary,
    content: row.content,
    results: row.results,
    image: row.image,
    status: row.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Company data for other clients (GET /api/v1/settings/public). */
export type PublicSettingsContract = {
  company_name: string;
  company_legal_name: string | null;
  company_tax_id: string | null;
  company_tagline: string | null;
  social_linkedin: string | null;
  social_twitter: string | null;
  social_facebook: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_address: string | null;
  business_hours: string | null;
  footer_text: string | null;
};

/** The public company fields (never the e-invoicing ones: the certificate columns stay in the database). */
export type PublicSettingsRow = Pick<
  SiteSettings,
  | "companyName"
  | "companyLegalName"
  | "companyTaxId"
  | "companyTagline"
  | "socialLinkedin"
  | "socialTwitter"
  | "socialFacebook"
  | "contactEmail"
  | "contactPhone"
  | "contactAddress"
  | "businessHours"
  | "footerText"
>;

export function serializePublicSettings(row: PublicSettingsRow): PublicSettingsContract {
  return {
    company_name: row.companyName,
    company_legal_name: row.companyLegalName,
    company_tax_id: row.companyTaxId,
    company_tagline: row.companyTagline,
    social_linkedin: row.socialLinkedin,
    social_twitter: row.socialTwitter,
    social_facebook: row.socialFacebook,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    contact_address: row.contactAddress,
    business_hours: row.businessHours,
    footer_text: row.footerText,
  };
}
