import type { Metadata } from "next";
import { PlaceholderTablePage } from "@/components/admin/placeholder-section";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Pagos" };

/** Spec §2.6 "Placeholder admin sections": Payments. */
export default async function AdminPaymentsPage() {
  await requireAdmin();
  return (
    <PlaceholderTablePage
      title="Pagos"
      headers={["ID de pago", "Usuario", "Monto", "Fecha", "Estado"]}
      withActions={false}
      emptyText="No hay pagos para mostrar."
    />
  );
}
