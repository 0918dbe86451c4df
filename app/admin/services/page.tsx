import type { Metadata } from "next";
import { UnderConstructionPage } from "@/components/admin/placeholder-section";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Gestión de Servicios" };

/** Placeholder until the service screens are built (spec §2.6 "Gestión de Servicios"). */
export default async function AdminServicesPage() {
  await requireAdmin();
  return (
    <UnderConstructionPage title="Gestión de Servicios">
      Esta sección está en construcción. Pronto podrás crear, editar y publicar servicios desde aquí.
    </UnderConstructionPage>
  );
}
