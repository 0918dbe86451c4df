import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { CollectionSettings } from "@/components/admin/settings/collection-settings";
import { EinvoicingSettings } from "@/components/admin/settings/einvoicing-settings";
import { SettingsScreen } from "@/components/admin/settings/settings-screen";
import { TwoFactorSettings } from "@/components/admin/settings/two-factor-settings";
import { requireAdmin } from "@/lib/auth/guards";
import { adminTwoFactorRequired, twoFactorEnabled } from "@/lib/auth/two-factor";
import { getCollectionSettings } from "@/lib/billing/collection-settings";
import { getAdminSiteSettings } from "@/lib/content/settings-service";
import { getEinvoicingSettings } from "@/lib/sunat/settings";

export const metadata: Metadata = { title: "Configuración del sitio" };

/**
 * "Configuración del sitio": the company data shown in the footer, contact page, legal pages and
 * JSON-LD; below it, the e-invoicing data (fiscal address, detracción, exchange rates, certificate)
 * and "Cobros" (how clients pay, the payment reminders); last, "Seguridad" (whether admins must
 * sign in with a second factor).
 */
export default async function AdminSettingsPage() {
  const admin = await requireAdmin();
  const [settings, einvoicing, collections, requireTwoFactor, ownTwoFactor] = await Promise.all([
    getAdminSiteSettings(),
    getEinvoicingSettings(),
    getCollectionSettings(),
    adminTwoFactorRequired(),
    twoFactorEnabled(admin.id),
  ]);
  return (
    <AreaPage>
      <SettingsScreen settings={settings} />
      <EinvoicingSettings settings={einvoicing} />
      <CollectionSettings settings={collections} />
      <TwoFactorSettings required={requireTwoFactor} ownTwoFactor={ownTwoFactor} />
    </AreaPage>
  );
}
