import type { Metadata } from "next";
import Link from "next/link";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { InvoiceForm } from "@/components/admin/billing/invoice-form";
import { requireAdmin } from "@/lib/auth/guards";
import { getSiteSettings } from "@/lib/content/settings";

export const metadata: Metadata = { title: "Emitir factura" };

/** "+ Emitir factura": the issue form (POST through issueInvoiceAction → lib/billing/invoices.ts issueInvoice); it reads its clients when it opens. */
export default async function AdminNewInvoicePage() {
  await requireAdmin();
  const settings = await getSiteSettings();
  const missingIssuer = !settings.companyTaxId || !settings.companyLegalName;
  return (
    <AreaPage>
      <nav aria-label="Ruta de navegación" className="mb-4 text-sm">
        <Link href="/admin/invoices" className="text-brand-800 underline-offset-2 hover:underline">
          ← Facturas
        </Link>
      </nav>
      <AreaPageHeader
        title="Emitir factura"
        description="Factura electrónica (F001) a un cliente con RUC; boleta de venta (B001) a uno con DNI o sin perfil de facturación. El IGV (18 %) se calcula sobre las líneas."
      />
      {missingIssuer && (
        <p role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Falta la razón social o el RUC de la empresa: los comprobantes saldrán sin ellos.{" "}
          <Link href="/admin/settings" className="font-semibold underline">
            Complétalos en Configuración del sitio
          </Link>
          .
        </p>
      )}
      <div className="mt-6">
        <InvoiceForm />
      </div>
    </AreaPage>
  );
}
