import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { InvoicesScreen } from "@/components/admin/billing/invoices-screen";
import { pageRequest } from "@/lib/list/paging";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { listAdminInvoicesPage } from "@/lib/billing/admin-queries";
import { invoiceListQuerySchema } from "@/lib/billing/schema";

export const metadata: Metadata = { title: "Facturas" };

/** Spec §2.6 "Invoices" on real records: ?page, ?per_page, ?status, ?currency, ?user_id, ?q in the URL. */
export default async function AdminInvoicesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const params = searchParamValues(await searchParams);
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const parsed = invoiceListQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  const result = await listAdminInvoicesPage({ status: query.status, currency: query.currency, user_id: query.user_id, q: query.q }, pageRequest(query));
  return (
    <AreaPage>
      <InvoicesScreen result={result} />
    </AreaPage>
  );
}
