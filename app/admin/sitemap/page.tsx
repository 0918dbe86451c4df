import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { SitemapScreen } from "@/components/admin/sitemap/sitemap-screen";
import { requireAdmin } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Mantenimiento Sitemap" };

/**
 * "Mantenimiento Sitemap": the status (GET /api/v1/admin/sitemap/status, measured
 * figures) loads in the browser and refreshes every 30 s; "Generar" runs the server action.
 */
export default async function AdminSitemapPage() {
  await requireAdmin();
  return (
    <AreaPage>
      <SitemapScreen />
    </AreaPage>
  );
}
