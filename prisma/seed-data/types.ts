// Shapes of the seed data. Every field of a catalogue item is required here on purpose:
// the demo catalogue must show every part of the product and service pages.
import type {
  BillingPeriod,
  CatalogStatus,
  ContactStatus,
  Currency,
  InvoiceStatus,
  PaymentMethod,
  PublicationStatus,
  SubscriptionStatus,
  TestimonialStatus,
  TicketPriority,
  TicketStatus,
} from "../../lib/generated/prisma/enums";

import type { PRODUCT_CATEGORIES, SERVICE_CATEGORIES } from "../../lib/catalog/categories";
import type { TECHNOLOGY_CATEGORIES } from "../../lib/content/technology-categories";

// The categories are the app's own lists: the seed cannot drift from what the site filters on.
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];
export type TechnologyCategory = (typeof TECHNOLOGY_CATEGORIES)[number];

export interface CatalogItemSeed<C extends string = string> {
  slug: string;
  name: string;
  description: string;
  longDescription: string;
  contentHtml: string;
  features: string[];
  /** Decimal as a string, so no binary rounding sneaks in. */
  priceFrom: string;
  currency: Currency;
  billingPeriod: BillingPeriod;
  category: C;
  isFeatured: boolean;
  status: CatalogStatus;
  demoUrl: string;
  documentationUrl: string;
  image: string;
  orderIndex: number;
  galleryImages: string[];
  videos: string[];
  /** "Nombre: valor". */
  specifications: string[];
  benefits: string[];
  useCases: string[];
  /** "¿Pregunta?: respuesta" — the question holds no colon; readers split at the first one. */
  faq: string[];
  contactEmail: string;
  contactPhone: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
}

export type ProductSeed = CatalogItemSeed<ProductCategory>;
export type ServiceSeed = CatalogItemSeed<ServiceCategory>;

export interface SiteSettingsSeed {
  companyName: string;
  companyLegalName: string;
  companyTaxId: string;
  companyTagline: string;
  socialLinkedin: string;
  socialTwitter: string;
  socialFacebook: string;
  contactEmail: string;
  contactPhone: string;
  contactAddress: string;
  businessHours: string;
  footerText: string;
}

export interface SectorSeed {
  slug: string;
  name: string;
  description: string;
  longDescription: string;
  /** Icon name (lucide naming). */
  icon: string;
  isFeatured: boolean;
  orderIndex: number;
}

export interface TechnologySeed {
  slug: string;
  name: string;
  description: string;
  category: TechnologyCategory;
  useCases: string[];
  isFeatured: boolean;
  orderIndex: number;
}

export interface TestimonialSeed {
  clientName: string;
  clientPosition: string;
  clientCompany: string;
  content: string;
  rating: number;
  image: string;
  /** Slug of a seeded sector. */
  sectorSlug: string;
  isActive: boolean;
  isFeatured: boolean;
  status: TestimonialStatus;
  /** How long ago it was received; gives the list a stable order. */
  daysAgo: number;
}

export interface PageSeed {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  status: PublicationStatus;
  metaTitle: string;
  metaDescription: string;
}

export interface CaseStudySeed {
  slug: string;
  title: string;
  clientName: string;
  sectorSlug: string;
  summary: string;
  content: string;
  results: string[];
  image: string;
  status: PublicationStatus;
  /** Days before the seed run it was published. */
  publishedDaysAgo: number;
}

export interface SubscriptionSeed {
  /** Identifies the subscription within the demo client's account. */
  planName: string;
  catalogKind: "product" | "service";
  catalogSlug: string;
  amount: string;
  currency: Currency;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatus;
  startedMonthsAgo: number;
  /** Days from the seed run to the next charge; null when there is none (cancelled). */
  nextBillingInDays: number | null;
  cancelledMonthsAgo: number | null;
}

export interface PaymentSeed {
  method: PaymentMethod;
  reference: string;
  /** Days after the invoice was issued. */
  paidDaysAfterIssue: number;
}

export interface InvoiceSeed {
  invoiceNumber: string;
  /** planName of the subscription it bills, or null for a one-off charge. */
  subscriptionPlan: string | null;
  description: string;
  /** The one line's price without IGV (the invoice's total adds 18 %). */
  amount: string;
  currency: Currency;
  status: InvoiceStatus;
  issuedDaysAgo: number;
  dueInDaysAfterIssue: number;
  payment: PaymentSeed | null;
}

export interface TicketReplySeed {
  author: "admin" | "client";
  body: string;
  hoursAfterTicket: number;
}

export interface TicketSeed {
  subject: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  createdDaysAgo: number;
  /** Days after creation when it was closed or resolved. */
  closedDaysAfter: number | null;
  replies: TicketReplySeed[];
}

export interface ContactMessageSeed {
  name: string;
  email: string;
  phone: string;
  company: string | null;
  subject: string;
  message: string;
  sectorSlug: string | null;
  status: ContactStatus;
  replyText: string | null;
  ipAddress: string;
  userAgent: string;
  receivedDaysAgo: number;
  /** Hours from arrival to the reply (default 20) when there is a reply. */
  repliedAfterHours?: number | null;
}

export interface NotificationSeed {
  type: string;
  title: string;
  body: string;
  link: string;
  /** The contact message it announces (by e-mail + subject): the link then opens that message. */
  contactMessage?: { email: string; subject: string };
  read: boolean;
  createdDaysAgo: number;
}
