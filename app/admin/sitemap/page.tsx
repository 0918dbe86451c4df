import type { Metadata } from "next";
import { UnderConstructionPage } from "@/components/admin/placeholder-section";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Mantenimiento Sitemap" };

/** Placeholder until the sitemap panel is built (spec §2.6 "Sitemap maintenance panel"). */
export default async function AdminSitemapPage() {
  await requireAdmin();
  return (
    <UnderConstructionPage title="Mantenimiento Sitemap">
      Esta sección está en construcción. Pronto podrás revisar y generar el sitemap del sitio desde aquí.
    </UnderConstructionPage>
  );
}
