// The bounds of the billing inputs (the columns', prisma/schema.prisma). Pure, without zod or
// decimal.js: the forms read their maxLength here and import the schemas (lib/billing/schema.ts)
// only when they first check what was typed.
export const BILLING_LIMITS = {
  planName: 200,
  lineDescription: 300,
  description: 500,
  reason: 500,
  reference: 100,
  creditNoteDescription: 250,
  billingName: 200,
  lines: 50,
  /** Largest amount a DECIMAL(12,2) column holds comfortably, also per line total. */
  maxAmount: "9999999999.99",
} as const;
