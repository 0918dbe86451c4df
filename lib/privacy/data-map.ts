import type { Prisma } from "@/lib/generated/prisma/client";

// The data map: for every table of the database, whether it holds personal data of a person with
// an account (or who wrote to us), where that data appears in the person's export ("Mis datos",
// lib/privacy/my-data.ts), and what happens to it when the person asks for their data to be
// erased. It is typed over every Prisma model, so a new model does not compile until it is
// classified here, and tests/privacy-data-map.test.ts checks it against the generated client and
// against a real export. Pure: no database, no server-only imports.

/** The groups of the export, in the order the file lists them. */
export const MY_DATA_GROUPS = [
  "profile",
  "linked_accounts",
  "subscriptions",
  "invoices",
  "payments",
  "payment_reports",
  "customer_credits",
  "tickets",
  "contact_messages",
  "complaints",
  "data_requests",
  "notifications",
  "sessions",
  "api_tokens",
  "audit_entries",
  "emails_sent_to_me",
  "emails_received_from_me",
] as const;

export type MyDataGroup = (typeof MY_DATA_GROUPS)[number];

/**
 * What an erasure request does to a model's rows that belong to the person:
 * - `delete`: the rows are removed;
 * - `anonymize`: the rows stay (other records point at them, or they count as a record of what
 *   happened) with `personalFields` replaced or cleared;
 * - `keep_fiscal`: kept whole as tax law requires (comprobantes, their payments, the ledger);
 * - `keep_legal`: kept because another law or duty requires it (the Libro de Reclamaciones, the
 *   proof of an answered data request, the security record);
 * - `none`: nothing to do (nothing personal, or nothing left once the account is anonymized).
 */
export type ErasureRule = "delete" | "anonymize" | "keep_fiscal" | "keep_legal" | "none";

type Erasure = {
  onErasure: ErasureRule;
  /** One line: why that rule. */
  erasureReason: string;
  /** How a row is found to belong to the person (the column or relation), when it does. */
  ownedBy?: string;
  /** For `anonymize` (and the personal columns of kept rows): the columns that identify the person. */
  personalFields?: readonly string[];
};

export type ModelClassification =
  /** Personal data handed to the person in their export, under this group. */
  | ({ exported: MyDataGroup } & Erasure)
  /** Linked to the person but never handed out: credentials and short-lived security state. */
  | ({ withheld: string } & Erasure)
  /** Holds nothing about a person with an account or who wrote to us. */
  | ({ notPersonal: string } & Erasure);

export type DataMap = Record<Prisma.ModelName, ModelClassification>;

export const DATA_MAP = {
  // ── Accounts and access ──
  User: {
    exported: "profile",
    ownedBy: "id",
    onErasure: "anonymize",
    erasureReason: "Invoices, payments and credit notes point at the account, so the row stays with its personal fields replaced and anonymized_at set.",
    personalFields: ["name", "email", "emailVerified", "image", "passwordHash", "billingName", "taxId", "signature", "totpSecretSealed", "totpEnabledAt", "totpLastStep"],
  },
  Account: {
    exported: "linked_accounts",
    ownedBy: "userId",
    onErasure: "delete",
    erasureReason: "A Google sign-in link and its provider tokens: nothing to keep once the account cannot sign in.",
  },
  Session: {
    exported: "sessions",
    ownedBy: "userId",
    onErasure: "delete",
    erasureReason: "Open browser sessions end with the account.",
  },
  VerificationToken: {
    withheld: "Auth.js e-mail sign-in tokens: a credential (the product does not use them; the table exists for the adapter).",
    ownedBy: "identifier (the e-mail address)",
    onErasure: "delete",
    erasureReason: "A credential; nothing to keep.",
  },
  ApiToken: {
    exported: "api_tokens",
    ownedBy: "userId",
    onErasure: "delete",
    erasureReason: "API access ends with the account.",
  },
  PasswordResetToken: {
    withheld: "Single-use password reset links: only a hash of the credential and its times, expiring within hours.",
    ownedBy: "userId",
    onErasure: "delete",
    erasureReason: "A credential; nothing to keep.",
  },
  EmailVerificationToken: {
    withheld: "Single-use e-mail confirmation links: only a hash of the credential, the address it went to and its times (24 h).",
    ownedBy: "userId",
    onErasure: "delete",
    erasureReason: "A credential; nothing to keep.",
  },
  RateLimitBucket: {
    withheld: "Abuse counters keyed by address or account, gone within hours; they say nothing beyond a count.",
    ownedBy: "key (contains the user id, e-mail or address)",
    onErasure: "none",
    erasureReason: "They expire and are pruned on their own within the hour.",
  },
  JobClaim: {
    notPersonal: "Which app instance runs a scheduled job.",
    onErasure: "none",
    erasureReason: "Nothing personal.",
  },
  Notification: {
    exported: "notifications",
    ownedBy: "userId",
    onErasure: "delete",
    erasureReason: "The bell's messages to the person: nothing to keep.",
  },
  TwoFactorRecoveryCode: {
    exported: "profile",
    ownedBy: "userId",
    onErasure: "delete",
    erasureReason: "Credentials of the second factor; the export gives only how many are left, never the codes.",
  },
  TwoFactorChallenge: {
    withheld: "The few-minute step between a right password and the second factor: a hash of a credential and a count of wrong codes.",
    ownedBy: "userId",
    onErasure: "delete",
    erasureReason: "A credential; nothing to keep.",
  },

  // ── Contact inbox and e-mail ──
  ContactMessage: {
    exported: "contact_messages",
    ownedBy: "email (the sender's address, compared without case)",
    onErasure: "anonymize",
    erasureReason: "The conversation stays as the staff's record of what was answered, with the sender's identity and words replaced (lib/privacy/erasure.ts).",
    personalFields: ["name", "email", "phone", "company", "subject", "message", "ipAddress", "userAgent"],
  },
  ContactMessageCount: {
    notPersonal: "Totals per status, kept by triggers.",
    onErasure: "none",
    erasureReason: "Nothing personal (the triggers update the totals when messages go).",
  },
  ContactMessageWeek: {
    notPersonal: "Messages per week and status for the dashboard's chart, kept by triggers.",
    onErasure: "none",
    erasureReason: "Nothing personal (the triggers update the counts when messages go).",
  },
  ContactEntry: {
    exported: "contact_messages",
    ownedBy: "messageId (the person's conversation); authorId for staff",
    onErasure: "anonymize",
    erasureReason: "The visitor's e-mailed answers lose their text and attachments; staff replies and notes stay.",
    personalFields: ["body", "originalText", "fromAddress"],
  },
  ReplyTemplate: {
    notPersonal: "Reusable reply texts written by staff.",
    onErasure: "none",
    erasureReason: "Nothing personal.",
  },
  OutboundEmail: {
    exported: "emails_sent_to_me",
    ownedBy: "recipient (compared without case)",
    onErasure: "anonymize",
    erasureReason: "The log of what was sent (invoices, receipts) stays as a record of delivery without saying to whom.",
    personalFields: ["recipient", "subject"],
  },
  InboundEmail: {
    exported: "emails_received_from_me",
    ownedBy: "fromAddress (compared without case)",
    onErasure: "anonymize",
    erasureReason: "The log of mail received stays (it keeps duplicates out) without saying from whom.",
    personalFields: ["fromAddress", "subject"],
  },
  MailAttachment: {
    exported: "tickets",
    ownedBy: "ticketReplyId or contactEntryId (exported with the ticket or the conversation, by name, type and size)",
    onErasure: "delete",
    erasureReason: "Deleted with the reply or entry it came with, its stored file too.",
  },

  // ── Public content and catalogue ──
  Testimonial: {
    notPersonal: "Editorial content: a quote and name a client agreed to publish, linked to no account; an admin edits or removes it in Testimonios.",
    onErasure: "none",
    erasureReason: "Not linked to an account; removal is an editorial decision made in Testimonios.",
  },
  Sector: { notPersonal: "Catalogue of business sectors.", onErasure: "none", erasureReason: "Nothing personal." },
  Technology: { notPersonal: "Catalogue of technologies.", onErasure: "none", erasureReason: "Nothing personal." },
  Page: { notPersonal: "Static pages of the site.", onErasure: "none", erasureReason: "Nothing personal." },
  CaseStudy: { notPersonal: "Published case studies (a client company's name at most).", onErasure: "none", erasureReason: "Nothing personal of an account." },
  CatalogItem: { notPersonal: "Products and services.", onErasure: "none", erasureReason: "Nothing personal." },
  CatalogItemGalleryImage: { notPersonal: "A product's gallery order.", onErasure: "none", erasureReason: "Nothing personal." },
  CatalogItemVersion: {
    notPersonal: "Saved states of products and services; the author is a staff account (their edits appear in their audit entries).",
    onErasure: "none",
    erasureReason: "Only the author's id, which keeps pointing at the anonymized account.",
  },
  MediaItem: {
    notPersonal: "Images of the media library; the uploader is a staff account.",
    onErasure: "none",
    erasureReason: "Only the uploader's id, which keeps pointing at the anonymized account.",
  },

  // ── Billing ──
  Subscription: {
    exported: "subscriptions",
    ownedBy: "userId",
    onErasure: "keep_fiscal",
    erasureReason: "The contract the kept invoices bill: active ones are cancelled first, the rows stay linked to the anonymized account.",
    personalFields: ["cancelReason"],
  },
  Invoice: {
    exported: "invoices",
    ownedBy: "userId",
    onErasure: "keep_fiscal",
    erasureReason: "Comprobantes are kept as tax law requires, with the customer's name, tax id and e-mail as issued.",
    personalFields: ["customerName", "customerTaxId", "customerEmail"],
  },
  InvoiceLine: {
    exported: "invoices",
    ownedBy: "invoiceId",
    onErasure: "keep_fiscal",
    erasureReason: "Part of the kept comprobante.",
  },
  InvoiceSeries: { notPersonal: "The last number of each document series.", onErasure: "none", erasureReason: "Nothing personal." },
  CreditNote: {
    exported: "invoices",
    ownedBy: "userId (also invoiceId)",
    onErasure: "keep_fiscal",
    erasureReason: "Notas de crédito are comprobantes too, kept as tax law requires.",
  },
  CreditNoteLine: {
    exported: "invoices",
    ownedBy: "creditNoteId",
    onErasure: "keep_fiscal",
    erasureReason: "Part of the kept nota de crédito.",
  },
  ElectronicDocument: {
    exported: "invoices",
    ownedBy: "invoiceId or creditNoteId (exported as the document's state with SUNAT)",
    onErasure: "keep_fiscal",
    erasureReason: "The signed XML and SUNAT's answer are the legal comprobante; kept unchanged.",
  },
  ElectronicDocumentItem: {
    notPersonal: "Which daily summary or voiding carried which document (ids and a condition code).",
    onErasure: "keep_fiscal",
    erasureReason: "Part of what was declared to SUNAT.",
  },
  CustomerCredit: {
    exported: "customer_credits",
    ownedBy: "userId",
    onErasure: "keep_fiscal",
    erasureReason: "The ledger of money in the client's favour backs credit notes and refunds.",
  },
  Payment: {
    exported: "payments",
    ownedBy: "userId",
    onErasure: "keep_fiscal",
    erasureReason: "Payments received are accounting records kept as tax law requires.",
  },
  InvoiceOpenBalance: {
    notPersonal: "Sums of what clients owe per currency and due date, kept by triggers.",
    onErasure: "none",
    erasureReason: "Nothing personal (the triggers update the sums when invoices change or go).",
  },
  PaymentReceivedTotal: {
    notPersonal: "Sums of the money received per currency, kept by triggers.",
    onErasure: "none",
    erasureReason: "Nothing personal (the triggers update the sums when payments change or go).",
  },
  RevenueMonth: {
    notPersonal: "Money received per month and currency for the dashboard's chart, kept by triggers.",
    onErasure: "none",
    erasureReason: "Nothing personal (the triggers update the sums when payments or refunds change or go).",
  },
  RecordCount: {
    notPersonal: "The dashboard's figures (how many users, subscriptions, paid invoices, pending tickets), kept by triggers.",
    onErasure: "none",
    erasureReason: "Nothing personal (the triggers update the figures when those records change or go).",
  },
  PaymentReport: {
    exported: "payment_reports",
    ownedBy: "userId",
    onErasure: "anonymize",
    erasureReason: "A report linked to a recorded payment stays with its voucher file and operation number removed; pending or rejected ones are deleted.",
    personalFields: ["reference", "voucherKey", "voucherName"],
  },
  InvoiceReminder: {
    exported: "invoices",
    ownedBy: "invoiceId",
    onErasure: "none",
    erasureReason: "Dates of reminders of a kept invoice: nothing personal of its own.",
  },

  // ── Support ──
  Ticket: {
    exported: "tickets",
    ownedBy: "userId",
    onErasure: "delete",
    erasureReason: "No duty to keep support conversations; replies, events and attachments go with the ticket.",
  },
  TicketReply: {
    exported: "tickets",
    ownedBy: "ticketId (the person's ticket); authorId for staff",
    onErasure: "delete",
    erasureReason: "Deleted with its ticket (cascade).",
  },
  TicketEvent: {
    exported: "tickets",
    ownedBy: "ticketId",
    onErasure: "delete",
    erasureReason: "Deleted with its ticket (cascade).",
  },

  // ── Site operation ──
  SiteSettings: { notPersonal: "The company's own settings.", onErasure: "none", erasureReason: "Nothing personal." },
  SitemapSnapshot: {
    notPersonal: "Generated sitemaps; the one who generated it is a staff account.",
    onErasure: "none",
    erasureReason: "Only the staff account's id, which keeps pointing at the anonymized account.",
  },
  SitemapCheck: { notPersonal: "Measured requests of /sitemap.xml.", onErasure: "none", erasureReason: "Nothing personal." },
  SitemapSeoAudit: { notPersonal: "SEO checks of the site's pages.", onErasure: "none", erasureReason: "Nothing personal." },
  AuditLog: {
    exported: "audit_entries",
    ownedBy: "actorId, or entityType user/profile with entityId = the user's id",
    onErasure: "keep_legal",
    erasureReason: "The security record is kept; the actor is the anonymized account, and the address and the details of entries about the person are cleared.",
    personalFields: ["ipAddress", "details"],
  },

  // ── Legal duties ──
  Complaint: {
    exported: "complaints",
    ownedBy: "email (compared without case)",
    onErasure: "keep_legal",
    erasureReason: "The Libro de Reclamaciones is kept as consumer law requires, and a trigger forbids changing a sheet.",
  },
  ComplaintCounter: { notPersonal: "The last sheet number of each year.", onErasure: "none", erasureReason: "Nothing personal." },
  DataRequest: {
    exported: "data_requests",
    ownedBy: "userId, or email (compared without case)",
    onErasure: "keep_legal",
    erasureReason: "Proof that the request was received and answered in time: kept with the name and e-mail it came with.",
  },
} as const satisfies DataMap;

/** The export group a model's rows appear in, or null when the model is not exported. */
export function exportedGroupOf(model: Prisma.ModelName): MyDataGroup | null {
  const entry: ModelClassification = DATA_MAP[model];
  return "exported" in entry ? entry.exported : null;
}
