// Shapes of the seed data. Every field of a catalogue item is required here on purpose:
// the demo catalogue must show every part of the product and service pages.
import type {
  BillingPeriod,
  CatalogStatus,
  ContactStatus,
  Currency,
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
  /** Identifies the subscription within its client's account. */
  planName: string;
  catalogKind: "product" | "service";
  catalogSlug: string;
  /** The price of one period without IGV (what each invoice's line charges). */
  amount: string;
  currency: Currency;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatus;
  startedMonthsAgo: number;
  /** Days from the seed run to the next charge; null when there is none (cancelled). */
  nextBillingInDays: number | null;
  cancelledMonthsAgo: number | null;
  /** The client asked to cancel at the end of the period (still active until then). */
  cancelRequest?: { daysAgo: number; reason: string | null };
}

export interface PaymentSeed {
  method: PaymentMethod;
  reference: string;
  /** Days after the invoice was issued (never after the seed run). */
  paidDaysAfterIssue: number;
  /** Decimal string; omitted, the payment settles what is still owed. */
  amount?: string;
}

export interface InvoiceLineSeed {
  description: string;
  /** Decimal strings; the unit price is without IGV. */
  quantity: string;
  unitPrice: string;
}

/**
 * One invoice of a client's history. Its number is not written here: the seed numbers every
 * seeded invoice of a series in date order (gap-free across all clients), and its status follows
 * from its payments (paid when they cover the total) unless it was cancelled.
 */
export interface InvoiceSeed {
  /** planName of the subscription it bills, or null for a one-off charge. */
  subscriptionPlan: string | null;
  description: string;
  /** 1 to 3 lines; totals (subtotal, 18 % IGV, total) come from lib/billing/money.ts. */
  lines: InvoiceLineSeed[];
  currency: Currency;
  issuedDaysAgo: number;
  dueInDaysAfterIssue: number;
  payments: PaymentSeed[];
  /** "Anulada": kept, with its reason (never with payments). */
  cancelled?: { daysAfterIssue: number; reason: string };
}

export interface TicketReplySeed {
  author: "admin" | "client";
  body: string;
  hoursAfterTicket: number;
  /** A client's answer that came by e-mail: the whole mail as received (quotes included). */
  emailedOriginal?: string;
}

export interface TicketEventSeed {
  /** The status it moved to (from the previous event's, "open" for the first one), by the admin. */
  to: TicketStatus;
  hoursAfterTicket: number;
}

export interface TicketSeed {
  subject: string;
  description: string;
  /** Must be the last event's status ("open" without events). Resolved or closed sets closed_at. */
  status: TicketStatus;
  priority: TicketPriority;
  createdDaysAgo: number;
  replies: TicketReplySeed[];
  events: TicketEventSeed[];
}

/** A client account with its billing profile and its billing and support history. */
export interface ClientAccountSeed {
  email: string;
  name: string;
  image: string | null;
  /** Invoices go to this name and tax id: 11 digits (RUC) gives facturas F001, 8 (DNI) boletas B001. */
  billingName: string;
  taxId: string;
  subscriptions: SubscriptionSeed[];
  invoices: InvoiceSeed[];
  tickets: TicketSeed[];
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
  ipAddress: string;
  userAgent: string;
  receivedDaysAgo: number;
  /**
   * The conversation after the visitor's first message, oldest first: the demo admin's replies
   * (e-mailed), the visitor's e-mailed answers (each makes it unread again) and internal notes. A
   * closed or archived message gets its "closed" or "archived" event an hour after the last entry.
   */
  thread?: ContactEntrySeed[];
  /** Assigned to the demo admin ("Asignado a") when they opened it. */
  assignedToAdmin?: boolean;
}

/** One entry of a seeded conversation, `hoursAfter` the visitor's first message. */
export type ContactEntrySeed =
  | {
      kind: "reply";
      body: string;
      hoursAfter: number;
      /** The mail server took it (default), or the send failed with `error` ("Reenviar" applies). */
      delivery?: { status: "sent" } | { status: "failed"; error: string };
    }
  | {
      kind: "inbound";
      /** The answer as the inbox shows it: without the quoted history and the signature. */
      body: string;
      /** The whole text as received, quotes and signature included. */
      originalText: string;
      hoursAfter: number;
      /** Why the sender may not be who it claims (its DKIM, SPF and DMARC checks failed). */
      authWarning?: string;
    }
  | { kind: "note"; body: string; hoursAfter: number };

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
