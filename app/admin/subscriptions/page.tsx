import type { Metadata } from "next";
import { PlaceholderTablePage } from "@/components/admin/placeholder-section";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Suscripciones" };

/** Spec §2.6 "Placeholder admin sections": Subscriptions. */
export default async function AdminSubscriptionsPage() {
  await requireAdmin();
  return (
    <PlaceholderTablePage
      title="Suscripciones"
      headers={["Usuario", "Plan", "Estado"]}
      withActions
      emptyText="No hay suscripciones para mostrar."
    />
  );
}
