import { InvoiceNotFound } from "@/components/admin/billing/billing-not-found";

/** An unknown invoice id under /admin/invoices/{id}: 404 with "Factura no encontrada" and Volver. */
export default function NotFound() {
  return <InvoiceNotFound />;
}
