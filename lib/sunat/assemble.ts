import Decimal from "decimal.js";
import { amountInWords } from "@/lib/sunat/amount-in-words";
import { detractionFor } from "./detraction";

/** The catalogue-54 code of what this company sells when the settings name none: "037", demás servicios gravados con el IGV. */
export const DEFAULT_DETRACTION_CODE = "037";
import { identityTypeOf } from "./identity";
import type { CreditNoteDocument, CreditNoteReasonCode, CurrencyCode, Customer, DocumentLine, Issuer, PaymentTerms, SaleDocument } from "./types";

// From our records to SUNAT's documents: pure, so the same figures reach the XML, the PDF and the
// tests. Every amount is derived from what the invoice or note stores, never recomputed another way.

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const moneyString = (value: Decimal.Value) => new Exact(value).toFixed(2);

export type IssuerSettings = {
  ruc: string | null;
  legalName: string;
  street: string | null;
  ubigeo: string | null;
  district: string | null;
  province: string | null;
  department: string | null;
  establishment: string | null;
  detractionAccount: string | null;
  detractionCode: string | null;
};

export type RecordLine = { position: number; description: string; quantity: string; unitPrice: string; lineTotal: string };

export type InvoiceRecord = {
  series: string;
  sequence: number;
  issuedOn: string;
  /** "HH:MM:SS" in Lima. */
  issueTime: string;
  dueOn: string | null;
  currency: CurrencyCode;
  taxPercent: string;
  subtotal: string;
  taxAmount: string;
  amount: string;
  customerName: string;
  customerTaxId: string | null;
  exchangeRate: string | null;
  lines: RecordLine[];
};

export type CreditNoteRecord = {
  series: string;
  sequence: number;
  issuedOn: string;
  issueTime: string;
  currency: CurrencyCode;
  taxPercent: string;
  subtotal: string;
  taxAmount: string;
  amount: string;
  reasonCode: CreditNoteReasonCode;
  description: string;
  customerName: string;
  customerTaxId: string | null;
  /** The corrected invoice: "F001-00000012". */
  reference: { series: string; sequence: number };
  lines: RecordLine[];
};

/** Why a document cannot be built yet (settings missing), in Spanish; null when it can. */
export function issuerProblem(settings: IssuerSettings): string | null {
  const missing: string[] = [];
  if (!settings.ruc) missing.push("el RUC de la empresa");
  if (!settings.street) missing.push("la dirección fiscal");
  if (!settings.ubigeo) missing.push("el ubigeo");
  if (!settings.district || !settings.province || !settings.department) missing.push("el distrito, la provincia y el departamento");
  if (missing.length === 0) return null;
  return `Falta ${missing.join(", ")} en Configuración › Facturación electrónica.`;
}

export function issuerOf(settings: IssuerSettings): Issuer {
  return {
    ruc: settings.ruc ?? "",
    legalName: settings.legalName,
    address: {
      ubigeo: settings.ubigeo ?? "",
      street: settings.street ?? "",
      district: settings.district ?? "",
      province: settings.province ?? "",
      department: settings.department ?? "",
      establishmentCode: settings.establishment || "0000",
    },
  };
}

export function customerOf(name: string, taxId: string | null): Customer {
  // Tax ids are checked when saved and again at issue: only a RUC, a DNI or none reach here.
  const identityType = identityTypeOf(taxId) ?? "0";
  return { identityType, identityNumber: identityType === "0" ? "-" : taxId!, name };
}

/** The serial number as SUNAT writes it in a document id: "F001-12". */
export function documentIdOf(series: string, sequence: number): string {
  return `${series}-${sequence}`;
}

/** Each line with its IGV and its price with IGV, from the stored line (quantity, value, total). */
export function documentLines(lines: RecordLine[], taxPercent: string): DocumentLine[] {
  const rate = new Exact(taxPercent).dividedBy(100);
  return lines.map((line) => ({
    position: line.position,
    description: line.description,
    quantity: new Exact(line.quantity).toFixed(2),
    unitCode: "ZZ",
    unitValue: moneyString(line.unitPrice),
    unitPrice: new Exact(line.unitPrice).times(rate.plus(1)).toDecimalPlaces(2).toFixed(2),
    lineExtension: moneyString(line.lineTotal),
    igv: new Exact(line.lineTotal).times(rate).toDecimalPlaces(2).toFixed(2),
    taxPercent: new Exact(taxPercent).toFixed(2),
    igvAffectation: "10",
  }));
}

/**
 * A factura's forma de pago: an invoice issued unpaid with a due date is a sale on credit, paid in
 * one instalment (Cuota001) on the due date. It is what the client pays us: the total less the
 * detracción they deposit with the Banco de la Nación.
 */
export function paymentTermsOf(record: InvoiceRecord, detractionInCurrency: string | null): PaymentTerms {
  if (!record.dueOn || record.dueOn <= record.issuedOn) return { kind: "contado" };
  const pending = new Exact(record.amount).minus(detractionInCurrency ?? 0).toFixed(2);
  return { kind: "credito", pending, instalments: [{ amount: pending, dueOn: record.dueOn }] };
}

export function saleDocumentOf(record: InvoiceRecord, settings: IssuerSettings): SaleDocument {
  const type = record.series.startsWith("F") ? "01" : "03";
  // Throws a DomainError (Spanish) when the sale is subject to detracción and the account or the exchange rate is missing.
  const detraction = detractionFor({
    type,
    total: record.amount,
    currency: record.currency,
    ...(record.exchangeRate !== null && { exchangeRate: record.exchangeRate }),
    code: settings.detractionCode || DEFAULT_DETRACTION_CODE,
    account: settings.detractionAccount ?? "",
  });
  // The detracción is declared in soles; the part the client keeps back, in the invoice's currency.
  const detractionInCurrency = detraction
    ? new Exact(record.amount).times(detraction.percent).dividedBy(100).toDecimalPlaces(2).toFixed(2)
    : null;
  return {
    type,
    series: record.series,
    number: record.sequence,
    issueDate: record.issuedOn,
    issueTime: record.issueTime,
    ...(record.dueOn && { dueDate: record.dueOn }),
    operationType: detraction ? "1001" : "0101",
    currency: record.currency,
    issuer: issuerOf(settings),
    customer: customerOf(record.customerName, record.customerTaxId),
    lines: documentLines(record.lines, record.taxPercent),
    totals: { taxable: moneyString(record.subtotal), igv: moneyString(record.taxAmount), total: moneyString(record.amount) },
    amountInWords: amountInWords(record.amount, record.currency),
    payment: type === "01" ? paymentTermsOf(record, detractionInCurrency) : { kind: "contado" },
    ...(detraction && { detraction }),
  };
}

export function creditNoteDocumentOf(record: CreditNoteRecord, settings: IssuerSettings): CreditNoteDocument {
  return {
    type: "07",
    series: record.series,
    number: record.sequence,
    issueDate: record.issuedOn,
    issueTime: record.issueTime,
    currency: record.currency,
    issuer: issuerOf(settings),
    customer: customerOf(record.customerName, record.customerTaxId),
    reference: { type: record.reference.series.startsWith("F") ? "01" : "03", id: documentIdOf(record.reference.series, record.reference.sequence) },
    reason: { code: record.reasonCode, description: record.description },
    lines: documentLines(record.lines, record.taxPercent),
    totals: { taxable: moneyString(record.subtotal), igv: moneyString(record.taxAmount), total: moneyString(record.amount) },
    amountInWords: amountInWords(record.amount, record.currency),
  };
}
