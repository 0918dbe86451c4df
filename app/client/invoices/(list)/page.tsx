import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { InvoicesTable } from "@/components/client/invoices-table";
import { ButtonLink } from "@/components/ui/button";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { clientInvoiceListQuerySchema, countClientInvoicesByState, listClientInvoices } from "@/lib/billing/queries";
import { businessDate } from "@/lib/dates";

export const metadata: Metadata = { title: "Facturas" };

const EMPTY_TEXTS: Record<string, string> = {
  all: "Todavía no tienes facturas.",
  pending: "No tienes facturas pendientes.",
  partially_paid: "No tienes facturas parcialmente pagadas.",
  overdue: "No tienes facturas vencidas.",
  paid: "No tienes facturas pagadas.",
  cancelled: "No tienes facturas anuladas.",
};

/** "Facturas": the client's invoices, newest first, filtered by status (?status=) and paged in the URL. */
export default async function ClientInvoicesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await requireClientAreaUser();
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const { query } = readListQuery(clientInvoiceListQuerySchema, await searchParams);
  const [result, counts] = await Promise.all([listClientInvoices(user.id, { status: query.status }, pageRequest(query)), countClientInvoicesByState(user.id)]);
  return (
    <AreaPage>
      <AreaPageHeader
        title="Facturas"
        description="Tus comprobantes electrónicos: consulta el detalle, los pagos y su estado en SUNAT, y descarga el PDF y el XML."
        actions={<ButtonLink href="/client/statement" variant="outline" size="sm">Estado de cuenta</ButtonLink>}
      />
      <div className="mt-6">
        <InvoicesTable result={result} counts={counts} today={businessDate()} emptyText={EMPTY_TEXTS[query.status ?? "all"]} />
      </div>
    </AreaPage>
  );
}
