import { ClientNotFound } from "@/components/client/not-found";

export default function InvoiceNotFound() {
  return <ClientNotFound title="Factura no encontrada" backHref="/client/invoices" backLabel="Volver a facturas" />;
}
