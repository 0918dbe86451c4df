// The electronic documents (comprobantes de pago electrónicos) this product sends to SUNAT, as
// plain data: what the UBL builders turn into XML, independent of the database rows they come
// from. Amounts are exact decimal strings with two decimals ("117.99"); dates are "YYYY-MM-DD"
// in Lima. Pure: no I/O here.

/** Catalogue 01: the documents we issue. 01 factura, 03 boleta de venta, 07 nota de crédito. */
export type SaleDocumentType = "01" | "03";
export type DocumentTypeCode = SaleDocumentType | "07";

/** Catalogue 06: the customer's identity document. 6 RUC, 1 DNI, 4 carné de extranjería, 7 pasaporte, 0 other / none. */
export type IdentityDocumentType = "6" | "1" | "4" | "7" | "0";

export type CurrencyCode = "PEN" | "USD" | "EUR";

export type Issuer = {
  /** 11 digits, valid check digit. */
  ruc: string;
  legalName: string;
  tradeName?: string;
  address: {
    /** 6-digit INEI ubigeo, e.g. "150131" (San Isidro, Lima). */
    ubigeo: string;
    street: string;
    district: string;
    province: string;
    department: string;
    /** SUNAT's establishment code ("código de domicilio fiscal o de local anexo"); "0000" for the main address. */
    establishmentCode: string;
  };
};

export type Customer = {
  identityType: IdentityDocumentType;
  /** The document number; "-" when identityType is "0" and there is none. */
  identityNumber: string;
  name: string;
};

export type DocumentLine = {
  /** 1, 2, 3… */
  position: number;
  description: string;
  /** Up to 2 decimals. */
  quantity: string;
  /** Recommendation 20 unit code: "ZZ" for services, "NIU" for goods. */
  unitCode: string;
  /** Unit value without IGV. */
  unitValue: string;
  /** Unit price with IGV (PricingReference, price type "01"). */
  unitPrice: string;
  /** quantity × unitValue, without IGV. */
  lineExtension: string;
  /** The line's IGV. */
  igv: string;
  /** IGV percent, "18.00". */
  taxPercent: string;
  /** Catalogue 07: "10" gravado – operación onerosa (the only one this product issues). */
  igvAffectation: "10";
};

export type DocumentTotals = {
  /** Operaciones gravadas: sum of the lines without IGV. */
  taxable: string;
  igv: string;
  /** Importe total (taxable + igv). */
  total: string;
};

/** Forma de pago: Contado, or Crédito with the pending amount and its instalments (Cuota001…). */
export type PaymentTerms =
  | { kind: "contado" }
  | { kind: "credito"; pending: string; instalments: { amount: string; dueOn: string }[] };

/** Detracción (SPOT): an operation subject to it declares its code, rate, amount in soles and the account. */
export type Detraction = {
  /** Catalogue 54, e.g. "037" (demás servicios gravados con el IGV). */
  code: string;
  /** Percent, "12.00". */
  percent: string;
  /** Always in PEN, rounded to 2 decimals. */
  amountPen: string;
  /** Banco de la Nación account of the issuer. */
  account: string;
  /** Catalogue 59: "001" depósito en cuenta. */
  paymentMeansCode: string;
};

/** A factura (01) or a boleta (03). */
export type SaleDocument = {
  type: SaleDocumentType;
  /** "F001", "B001". */
  series: string;
  /** 1…99999999. */
  number: number;
  issueDate: string;
  /** "HH:MM:SS", Lima. */
  issueTime: string;
  dueDate?: string;
  /** Catalogue 51: "0101" venta interna, "1001" operación sujeta a detracción. */
  operationType: "0101" | "1001";
  currency: CurrencyCode;
  issuer: Issuer;
  customer: Customer;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** "SON CIENTO DIECISIETE CON 99/100 SOLES" (Note, languageLocaleID 1000). */
  amountInWords: string;
  payment: PaymentTerms;
  detraction?: Detraction;
};

/** Catalogue 09: reasons for a nota de crédito. */
export type CreditNoteReasonCode = "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "13";

export type CreditNoteDocument = {
  type: "07";
  /** "FC01" (corrects a factura) or "BC01" (corrects a boleta). */
  series: string;
  number: number;
  issueDate: string;
  issueTime: string;
  currency: CurrencyCode;
  issuer: Issuer;
  customer: Customer;
  /** The document it corrects. */
  reference: { type: SaleDocumentType; id: string };
  reason: { code: CreditNoteReasonCode; description: string };
  lines: DocumentLine[];
  totals: DocumentTotals;
  amountInWords: string;
};

/** Catalogue 19: a summary line's state. 1 adicionar, 2 modificar, 3 anulado. */
export type SummaryCondition = "1" | "2" | "3";

/** Resumen diario (RC): boletas and their notes of one issue date, added or voided. */
export type DailySummaryDocument = {
  /** "RC-20261128-1". */
  id: string;
  /** The issue date of the documents it carries. */
  referenceDate: string;
  /** The day the summary is made. */
  issueDate: string;
  issuer: Issuer;
  lines: {
    type: "03" | "07";
    /** "B001-123". */
    id: string;
    customer: Customer;
    condition: SummaryCondition;
    currency: CurrencyCode;
    totals: DocumentTotals;
    /** For a note: the boleta it corrects. */
    reference?: { type: "03"; id: string };
  }[];
};

/** Comunicación de baja (RA): facturas (and their notes) voided. */
export type VoidedDocumentsDocument = {
  /** "RA-20261128-1". */
  id: string;
  referenceDate: string;
  issueDate: string;
  issuer: Issuer;
  lines: { type: "01" | "07"; series: string; number: number; reason: string }[];
};

/** A certificate and key ready to sign, both PEM. */
export type SigningCredential = { privateKeyPem: string; certificatePem: string };
