import type { InvoiceContract, InvoiceDetailContract } from "@/lib/billing/serialize";

// An invoice as the API answers it, for screen tests that render it without a database:
// F001-00000007, S/ 118.00 (100.00 + IGV), open, accepted by SUNAT; each test overrides what it is about.

export function invoiceContract(overrides: Partial<InvoiceContract> = {}): InvoiceContract {
  return {
    id: 7,
    invoice_number: "F001-00000007",
    series: "F001",
    document_type: "Factura electrónica",
    user: { id: "u1", name: "Ana Pérez", email: "ana@empresa.pe" },
    subscription_id: null,
    description: null,
    subtotal: "100.00",
    tax_rate: "18.00",
    tax_amount: "18.00",
    amount: "118.00",
    amount_paid: "0.00",
    amount_credited: "0.00",
    balance: "118.00",
    currency: "PEN",
    status: "pending",
    issuer: { name: "Consultora SAC", tax_id: "20100070970", address: null },
    customer: { name: "Empresa SAC", tax_id: "20601030013", email: null },
    issued_at: "2026-11-20",
    due_date: null,
    paid_at: null,
    cancelled_at: null,
    cancel_reason: null,
    created_at: "2026-11-20T14:59:00.000Z",
    sunat: {
      status: "accepted",
      status_label: "Aceptado",
      code: "0",
      description: null,
      notes: [],
      hash: "qP3jE+0bG5cVd1tX2m8kYw/9sR4=",
      sent_at: "2026-11-20T15:00:00.000Z",
      answered_at: "2026-11-20T15:00:02.000Z",
      problem: null,
      voiding: false,
    },
    ...overrides,
  };
}

export function invoiceDetailContract(overrides: Partial<InvoiceDetailContract> = {}): InvoiceDetailContract {
  return {
    ...invoiceContract(),
    lines: [{ position: 1, description: "Consultoría", quantity: "1.00", unit_price: "100.00", line_total: "100.00" }],
    payments: [],
    credit_notes: [],
    payment_reports: [],
    reminders: [],
    ...overrides,
  };
}
