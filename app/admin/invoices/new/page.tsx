import type { Metadata } from "next";
import Link from "next/link";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { InvoiceForm } from "@/components/admin/billing/invoice-form";
import { requireAdmin } from "@/lib/auth/guards";
import { listClientOptions } from "@/lib/billing/admin-queries";

export const metadata: Metadata = { title: "Emitir factura" };

/** "+ Emitir factura": the issue form (POST through issueInvoiceAction → lib/billing/service.ts issueInvoice). */
export default async function AdminNewInvoicePage() {
  await requireAdmin();
  const clients = await listClientOptions();
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
      <div className="mt-6">
        <InvoiceForm clients={clients} />
      </div>
    </AreaPage>
  );
}
