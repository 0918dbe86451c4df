import { csvFileName, csvRow, type CsvFormat } from "@/lib/csv";
import { billingPeriodLabel, formatDate } from "@/lib/format";
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, SUBSCRIPTION_STATUS_LABELS } from "./labels";
import type { InvoiceContract, PaymentContract, SubscriptionContract } from "./serialize";

// The CSV formats of the admin billing lists' exports: a Spanish header, money as decimal
// strings ("117.99") with a currency column beside them, calendar dates as "YYYY-MM-DD". The
// rows come from the list's keyset batches (admin-queries.ts), with the list's filters and in
// its order. Quoting, BOM and formula neutralising come from lib/csv.ts. Pure.

export const SUBSCRIPTION_CSV_HEADER = [
  "ID",
  "Cliente",
  "Correo electrónico",
  "Plan",
  "Producto o servicio",
  "Importe",
  "Moneda",
  "Periodo",
  "Estado",
  "Próximo cobro",
  "Cancelación solicitada",
  "Motivo de cancelación",
  "Creada",
];

export function subscriptionCsvRow(row: SubscriptionContract): string {
  return csvRow([
    row.id,
    row.user.name,
    row.user.email,
    row.plan_name,
    row.catalog_item?.name ?? "",
    row.amount,
    row.currency,
    billingPeriodLabel(row.billing_period),
    SUBSCRIPTION_STATUS_LABELS[row.status] ?? row.status,
    row.next_billing_date ?? "",
    row.cancel_requested_at ? formatDate(row.cancel_requested_at) : "",
    row.cancel_reason ?? "",
    formatDate(row.created_at),
  ]);
}

export const INVOICE_CSV_HEADER = [
  "Número",
  "Tipo",
  "Cliente",
  "RUC/DNI",
  "Correo electrónico",
  "Emisión",
  "Vencimiento",
  "Op. gravada",
  "IGV",
  "Total",
  "Pagado",
  "Saldo",
  "Moneda",
  "Estado",
  "Motivo de anulación",
];

export function invoiceCsvRow(row: InvoiceContract): string {
  return csvRow([
    row.invoice_number,
    row.document_type,
    row.customer.name,
    row.customer.tax_id ?? "",
    row.customer.email ?? row.user.email,
    row.issued_at,
    row.due_date ?? "",
    row.subtotal,
    row.tax_amount,
    row.amount,
    row.amount_paid,
    row.balance,
    row.currency,
    INVOICE_STATUS_LABELS[row.status] ?? row.status,
    row.cancel_reason ?? "",
  ]);
}

export const PAYMENT_CSV_HEADER = ["ID de pago", "Fecha", "Cliente", "Correo electrónico", "Factura", "Importe", "Moneda", "Método", "Referencia", "Estado"];

export function paymentCsvRow(row: PaymentContract): string {
  return csvRow([
    row.id,
    formatDate(row.paid_at),
    row.user.name,
    row.user.email,
    row.invoice?.invoice_number ?? "",
    row.amount,
    row.currency,
    PAYMENT_METHOD_LABELS[row.method] ?? row.method,
    row.reference ?? "",
    PAYMENT_STATUS_LABELS[row.status] ?? row.status,
  ]);
}

export const SUBSCRIPTION_CSV: CsvFormat<SubscriptionContract> = {
  header: SUBSCRIPTION_CSV_HEADER,
  row: subscriptionCsvRow,
  fileName: () => csvFileName("suscripciones"),
  logLabel: "subscriptions",
};

export const INVOICE_CSV: CsvFormat<InvoiceContract> = { header: INVOICE_CSV_HEADER, row: invoiceCsvRow, fileName: () => csvFileName("facturas"), logLabel: "invoices" };

export const PAYMENT_CSV: CsvFormat<PaymentContract> = { header: PAYMENT_CSV_HEADER, row: paymentCsvRow, fileName: () => csvFileName("pagos"), logLabel: "payments" };
