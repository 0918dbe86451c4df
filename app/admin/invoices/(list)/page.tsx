import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { InvoicesScreen } from "@/components/admin/billing/invoices-screen";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { countAdminInvoicesByState, listAdminInvoices } from "@/lib/billing/admin-queries";
import { businessDate } from "@/lib/dates";
import { invoiceListQuerySchema } from "@/lib/billing/schema";

export const metadata: Metadata = { title: "Facturas" };

/** "Facturas" (admin) on real records: ?page, ?per_page, ?status, ?currency, ?user_id, ?q, ?sort in the URL. */
export default async function AdminInvoicesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const { query } = readListQuery(invoiceListQuerySchema, await searchParams);
  const [result, counts] = await Promise.all([listAdminInvoices(query, pageRequest(query)), countAdminInvoicesByState(query)]);
  return (
    <AreaPage>
      <InvoicesScreen result={result} counts={counts} today={businessDate()} />
    </AreaPage>
  );
}
