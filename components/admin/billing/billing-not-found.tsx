import { AreaPage } from "@/components/account/area-shell";
import { ButtonLink } from "@/components/ui/button";

/** "Factura no encontrada" with Volver (the catalogue's not-found pattern), for an unknown invoice id. */
export function InvoiceNotFound() {
  return (
    <AreaPage>
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-300 bg-ink-50 px-6 py-10">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">Factura no encontrada</h1>
        <ButtonLink href="/admin/invoices" variant="outline">
          Volver
        </ButtonLink>
      </div>
    </AreaPage>
  );
}
