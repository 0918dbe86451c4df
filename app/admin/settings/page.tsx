import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { SettingsScreen } from "@/components/admin/settings/settings-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { getAdminSiteSettings } from "@/lib/content/settings-service";

export const metadata: Metadata = { title: "Configuración del sitio" };

/** "Configuración del sitio": the company data shown in the footer, contact page, legal pages and JSON-LD. */
export default async function AdminSettingsPage() {
  await requireAdmin();
  const settings = await getAdminSiteSettings();
  return (
    <AreaPage>
      <SettingsScreen settings={settings} />
    </AreaPage>
  );
}
