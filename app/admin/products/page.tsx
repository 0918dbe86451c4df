import type { Metadata } from "next";
import { UnderConstructionPage } from "@/components/admin/placeholder-section";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Gestión de Productos" };

/** Placeholder until the product screens are built (spec §2.6 "Gestión de Productos"). */
export default async function AdminProductsPage() {
  await requireAdmin();
  return (
    <UnderConstructionPage title="Gestión de Productos">
      Esta sección está en construcción. Pronto podrás crear, editar y publicar productos desde aquí.
    </UnderConstructionPage>
  );
}
