import type { BillingPeriod, CatalogKind, Currency, InvoiceStatus, PaymentMethod, PaymentStatus, SubscriptionStatus } from "@/lib/generated/prisma/client";
import { businessDate, calendarDate } from "@/lib/dates";
import { documentTypeLabel, type InvoiceStatusCode, type ReminderStep } from "./labels";
import { invoiceState } from "./state";
import { catalogLabel, CREDIT_NOTE_REASONS } from "@/lib/sunat/catalogs";
import { electronicDocumentSelect, serializeSunat, type ElectronicDocumentRow, type SunatContract } from "@/lib/sunat/serialize";
import { balanceDue } from "./money";
import { paymentReportSelect, serializePaymentReport, type PaymentReportAudience, type PaymentReportContract, type PaymentReportRow } from "./payment-report-serialize";

// Billing rows → the contract's shape: snake_case, money as decimal strings with
// the currency beside them, calendar dates as "YYYY-MM-DD", instants as ISO strings.

type DecimalLike = { toString(): string; toFixed(digits: number): string };
const money = (value: DecimalLike) => value.toFixed(2);
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const day = (value: Date | null) => (value ? calendarDate(value) : null);

export const userSummarySelect = { id: true, name: true, email: true } as const;
export type UserSummary = { id: string; name: string; email: string };

/** Where a catalogue item is shown on the public site. */
export function catalogItemPath(kind: CatalogKind, slug: string): string {
  return kind === "product" ? `/productos/${slug}` : `/servicios/${slug}`;
}

// ── Subscriptions ────────────────────────────────────────────────────────────

export const subscriptionSelect = {
  id: true,
  planName: true,
  amount: true,
  currency: true,
  billingPeriod: true,
  status: true,
  startedAt: true,
  nextBillingDate: true,
  cancelRequestedAt: true,
  cancelReason: true,
  cancelledAt: true,
  createdAt: true,
  user: { select: userSummarySelect },
  catalogItem: { select: { id: true, kind: true, name: true, slug: true, status: true } },
} as const;

type SubscriptionRow = {
  id: number;
  planName: string;
  amount: DecimalLike;
  currency: Currency;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatus;
  startedAt: Date;
  nextBillingDate: Date | null;
  cancelRequestedAt: Date | null;
  cancelReason: string | null;
  cancelledAt: Date | null;
  createdAt: Date;
  user: UserSummary;
  catalogItem: { id: number; kind: CatalogKind; name: string; slug: string; status: string } | null;
};

export type SubscriptionContract = {
  id: number;
  user: UserSummary;
  /** The subscribed item's name (the plan name when the item is gone). */
  product: { name: string };
  catalog_item: { id: number; kind: CatalogKind; name: string; slug: string; url: string | null } | null;
  plan_name: string;
  amount: string;
  currency: Currency;
  billing_period: BillingPeriod;
  status: SubscriptionStatus;
  started_at: string;
  next_billing_date: string | null;
  cancel_requested_at: string | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
  created_at: string;
};

export function serializeSubscription(row: SubscriptionRow): SubscriptionContract {
  const item = row.catalogItem;
  return {
    id: row.id,
    user: row.user,
    product: { name: item?.name ?? row.planName },
    catalog_item: item
      ? { id: item.id, kind: item.kind, name: item.name, slug: item.slug, url: item.status === "active" ? catalogItemPath(item.kind, item.slug) : null }
      : null,
    plan_name: row.planName,
    amount: money(row.amount),
    currency: row.currency,
    billing_period: row.billingPeriod,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    next_billing_date: day(row.nextBillingDate),
    cancel_requested_at: iso(row.cancelRequestedAt),
    cancel_reason: row.cancelReason,
    cancelled_at: iso(row.cancelledAt),
    created_at: row.createdAt.toISOString(),
  };
}

// ── Payments ─────────────────────────────────────────────────────────────────

export const paymentSelect = {
  id: true,
  amount: true,
  currency: true,
  method: true,
  reference: true,
  status: true,
  paidAt: true,
  createdAt: true,
  user: { select: userSummarySelect },
  invoice: { select: { id: true, invoiceNumber: true } },
} as const;

type PaymentRow = {
  id: number;
  amount: DecimalLike;
  currency: Currency;
  method: PaymentMethod;
  reference: string | null;
  status: PaymentStatus;
  paidAt: Date;
  createdAt: Date;
  user: UserSummary;
  invoice: { id: number; invoiceNumber: string } | null;
};

export type PaymentContract = {
  id: number;
  user: UserSummary;
  invoice: { id: number; invoice_number: string } | null;
  amount: string;
  currency: Currency;
  method: PaymentMethod;
  reference: string | null;
  status: PaymentStatus;
  paid_at: string;
  created_at: string;
};

export function serializePayment(row: PaymentRow): PaymentContract {
  return {
    id: row.id,
    user: row.user,
    invoice: row.invoice ? { id: row.invoice.id, invoice_number: row.invoice.invoiceNumber } : null,
    amount: money(row.amount),
    currency: row.currency,
    method: row.method,
    reference: row.reference,
    status: row.status,
    paid_at: row.paidAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

// ── Notas de crédito ────────────────────────────────────────────────────────

export const creditNoteSelect = {
  id: true,
  number: true,
  invoiceId: true,
  reasonCode: true,
  description: true,
  subtotal: true,
  taxAmount: true,
  amount: true,
  currency: true,
  issuedAt: true,
  createdAt: true,
  electronicDocument: { select: electronicDocumentSelect },
} as const;

type CreditNoteRow = {
  id: number;
  number: string;
  invoiceId: number;
  reasonCode: string;
  description: string;
  subtotal: DecimalLike;
  taxAmount: DecimalLike;
  amount: DecimalLike;
  currency: Currency;
  issuedAt: Date;
  createdAt: Date;
  electronicDocument: ElectronicDocumentRow | null;
};

export type CreditNoteContract = {
  id: number;
  /** "FC01-00000001". */
  number: string;
  invoice_id: number;
  /** Catalogue 09. */
  reason_code: string;
  reason: string;
  description: string;
  subtotal: string;
  tax_amount: string;
  amount: string;
  currency: Currency;
  issued_at: string;
  created_at: string;
  sunat: SunatContract;
};

export function serializeCreditNote(row: CreditNoteRow): CreditNoteContract {
  return {
    id: row.id,
    number: row.number,
    invoice_id: row.invoiceId,
    reason_code: row.reasonCode,
    reason: catalogLabel(CREDIT_NOTE_REASONS, row.reasonCode) ?? row.reasonCode,
    description: row.description,
    subtotal: money(row.subtotal),
    tax_amount: money(row.taxAmount),
    amount: money(row.amount),
    currency: row.currency,
    issued_at: calendarDate(row.issuedAt),
    created_at: row.createdAt.toISOString(),
    sunat: serializeSunat(row.electronicDocument),
  };
}

// ── Invoices ─────────────────────────────────────────────────────────────────

export const invoiceSelect = {
  id: true,
  invoiceNumber: true,
  series: true,
  sequence: true,
  subscriptionId: true,
  description: true,
  subtotal: true,
  taxRate: true,
  taxAmount: true,
  amount: true,
  amountPaid: true,
  amountCredited: true,
  currency: true,
  status: true,
  issuerName: true,
  issuerTaxId: true,
  issuerAddress: true,
  customerName: true,
  customerTaxId: true,
  customerEmail: true,
  issuedAt: true,
  dueDate: true,
  paidAt: true,
  cancelledAt: true,
  cancelReason: true,
  createdAt: true,
  user: { select: userSummarySelect },
  electronicDocument: { select: electronicDocumentSelect },
} as const;

export const invoiceDetailSelect = {
  ...invoiceSelect,
  lines: {
    orderBy: { position: "asc" as const },
    select: { position: true, description: true, quantity: true, unitPrice: true, lineTotal: true } as const,
  },
  payments: { orderBy: [{ paidAt: "asc" as const }, { id: "asc" as const }], select: paymentSelect },
  creditNotes: { orderBy: { id: "asc" as const }, select: creditNoteSelect },
  paymentReports: { orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }], select: paymentReportSelect },
  reminders: { orderBy: [{ sentOn: "asc" as const }, { id: "asc" as const }], select: { step: true, sentOn: true, daysLate: true } as const },
};

type InvoiceRow = {
  id: number;
  invoiceNumber: string;
  series: string;
  sequence: number;
  subscriptionId: number | null;
  description: string | null;
  subtotal: DecimalLike;
  taxRate: DecimalLike;
  taxAmount: DecimalLike;
  amount: DecimalLike;
  amountPaid: DecimalLike;
  amountCredited: DecimalLike;
  currency: Currency;
  status: InvoiceStatus;
  issuerName: string;
  issuerTaxId: string | null;
  issuerAddress: string | null;
  customerName: string;
  customerTaxId: string | null;
  customerEmail: string | null;
  issuedAt: Date;
  dueDate: Date | null;
  paidAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  createdAt: Date;
  user: UserSummary;
  electronicDocument: ElectronicDocumentRow | null;
};

type InvoiceDetailRow = InvoiceRow & {
  lines: { position: number; description: string; quantity: DecimalLike; unitPrice: DecimalLike; lineTotal: DecimalLike }[];
  payments: PaymentRow[];
  creditNotes: CreditNoteRow[];
  paymentReports: PaymentReportRow[];
  reminders: { step: string; sentOn: Date; daysLate: number }[];
};

export type InvoiceContract = {
  id: number;
  invoice_number: string;
  series: string;
  /** "Factura electrónica" (F series, to a RUC) or "Boleta de venta electrónica". */
  document_type: string;
  user: UserSummary;
  subscription_id: number | null;
  description: string | null;
  /** "Op. gravada": the lines without IGV. */
  subtotal: string;
  tax_rate: string;
  /** IGV. */
  tax_amount: string;
  /** The total, IGV included. */
  amount: string;
  amount_paid: string;
  /** The sum of its notas de crédito. */
  amount_credited: string;
  /** What is still owed: amount − amount_credited − amount_paid (never negative). */
  balance: string;
  currency: Currency;
  /** pending, partially_paid, overdue (past due_date in Lima with a balance), paid or cancelled. */
  status: InvoiceStatusCode;
  issuer: { name: string; tax_id: string | null; address: string | null };
  customer: { name: string; tax_id: string | null; email: string | null };
  issued_at: string;
  due_date: string | null;
  paid_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  created_at: string;
  /** Its electronic document with SUNAT. */
  sunat: SunatContract;
};

export type InvoiceLineContract = { position: number; description: string; quantity: string; unit_price: string; line_total: string };

/** A payment reminder the billing run sent: its step, the Lima day and the days past the due date (negative before it). */
export type InvoiceReminderContract = { step: ReminderStep; sent_on: string; days_late: number };

export type InvoiceDetailContract = InvoiceContract & {
  lines: InvoiceLineContract[];
  payments: PaymentContract[];
  credit_notes: CreditNoteContract[];
  /** The payments the client reported ("Informar pago"), newest first. */
  payment_reports: PaymentReportContract[];
  reminders: InvoiceReminderContract[];
};

/** An invoice as the contract shows it now: its state depends on today's date in Lima. */
export function serializeInvoice(row: InvoiceRow): InvoiceContract {
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    series: row.series,
    document_type: documentTypeLabel(row.series),
    user: row.user,
    subscription_id: row.subscriptionId,
    description: row.description,
    subtotal: money(row.subtotal),
    tax_rate: money(row.taxRate),
    tax_amount: money(row.taxAmount),
    amount: money(row.amount),
    amount_paid: money(row.amountPaid),
    amount_credited: money(row.amountCredited),
    balance: row.status === "cancelled" ? "0.00" : balanceDue(money(row.amount), money(row.amountPaid), money(row.amountCredited)),
    currency: row.currency,
    status: invoiceState({ status: row.status, amountPaid: money(row.amountPaid), dueDate: day(row.dueDate) }, businessDate()),
    issuer: { name: row.issuerName, tax_id: row.issuerTaxId, address: row.issuerAddress },
    customer: { name: row.customerName, tax_id: row.customerTaxId, email: row.customerEmail },
    issued_at: calendarDate(row.issuedAt),
    due_date: day(row.dueDate),
    paid_at: iso(row.paidAt),
    cancelled_at: iso(row.cancelledAt),
    cancel_reason: row.cancelReason,
    created_at: row.createdAt.toISOString(),
    sunat: serializeSunat(row.electronicDocument),
  };
}

/** `audience` names the route its payment reports' vouchers are downloaded from. */
export function serializeInvoiceDetail(row: InvoiceDetailRow, audience: PaymentReportAudience = "admin"): InvoiceDetailContract {
  return {
    ...serializeInvoice(row),
    lines: row.lines.map((line) => ({
      position: line.position,
      description: line.description,
      quantity: money(line.quantity),
      unit_price: money(line.unitPrice),
      line_total: money(line.lineTotal),
    })),
    payments: row.payments.map(serializePayment),
    credit_notes: row.creditNotes.map(serializeCreditNote),
    payment_reports: row.paymentReports.map((report) => serializePaymentReport(report, audience)),
    reminders: row.reminders.map((reminder) => ({ step: reminder.step as ReminderStep, sent_on: calendarDate(reminder.sentOn), days_late: reminder.daysLate })),
  };
}
