import type { Metadata } from "next";
import { PlaceholderTablePage } from "@/components/admin/placeholder-section";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Tickets" };

/** Spec §2.6 "Placeholder admin sections": Tickets. */
export default async function AdminTicketsPage() {
  await requireAdmin();
  return (
    <PlaceholderTablePage
      title="Tickets"
      headers={["Ticket", "Usuario", "Asunto", "Estado"]}
      withActions
      emptyText="No hay tickets para mostrar."
    />
  );
}
