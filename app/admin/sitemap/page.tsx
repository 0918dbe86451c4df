import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { SitemapScreen } from "@/components/admin/sitemap/sitemap-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { getSitemapStatus } from "@/lib/sitemap/status";

export const metadata: Metadata = { title: "Mantenimiento Sitemap" };

/**
 * "Mantenimiento Sitemap": rendered with the stored status (a few database reads; a due
 * measurement starts in the background, after the response), then kept fresh in the browser
 * from GET /api/v1/admin/sitemap/status; "Generar" and "Actualizar" run the server actions.
 */
export default async function AdminSitemapPage() {
  await requireAdmin();
  const status = await getSitemapStatus();
  return (
    <AreaPage>
      <SitemapScreen initialStatus={status} />
    </AreaPage>
  );
}
