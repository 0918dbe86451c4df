import { RecordNotFound } from "@/components/account/record-not-found";

/** An unknown invoice id under /admin/invoices/{id}: "Factura no encontrada" and Volver. */
export default function NotFound() {
  return <RecordNotFound title="Factura no encontrada" backHref="/admin/invoices" />;
}
