import { RecordNotFound } from "@/components/account/record-not-found";

export default function InvoiceNotFound() {
  return <RecordNotFound title="Factura no encontrada" note="No existe o no pertenece a tu cuenta." backHref="/client/invoices" backLabel="Volver a facturas" />;
}
