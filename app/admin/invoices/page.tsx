import type { Metadata } from "next";
import { PlaceholderTablePage } from "@/components/admin/placeholder-section";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Facturas" };

/** Spec §2.6 "Placeholder admin sections": Invoices. */
export default async function AdminInvoicesPage() {
  await requireAdmin();
  return (
    <PlaceholderTablePage
      title="Facturas"
      headers={["Factura", "Cliente", "Monto", "Estado"]}
      withActions
      emptyText="No hay facturas para mostrar."
    />
  );
}
