import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { EinvoicingSettings } from "@/components/admin/settings/einvoicing-settings";
import { SettingsScreen } from "@/components/admin/settings/settings-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { getAdminSiteSettings } from "@/lib/content/settings-service";
import { getEinvoicingSettings } from "@/lib/sunat/settings";

export const metadata: Metadata = { title: "Configuración del sitio" };

/**
 * "Configuración del sitio": the company data shown in the footer, contact page, legal pages and
 * JSON-LD; below it, the e-invoicing data (fiscal address, detracción, exchange rates, certificate).
 */
export default async function AdminSettingsPage() {
  await requireAdmin();
  const [settings, einvoicing] = await Promise.all([getAdminSiteSettings(), getEinvoicingSettings()]);
  return (
    <AreaPage>
      <SettingsScreen settings={settings} />
      <EinvoicingSettings settings={einvoicing} />
    </AreaPage>
  );
}
