import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { PaymentsScreen } from "@/components/admin/billing/payments-screen";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { listAdminPayments } from "@/lib/billing/admin-queries";
import { paymentListQuerySchema } from "@/lib/billing/schema";

export const metadata: Metadata = { title: "Pagos" };

/** "Pagos" (admin) on real records: ?page, ?per_page, ?method, ?user_id, ?invoice_id, ?q in the URL. */
export default async function AdminPaymentsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  // A hand-edited URL with a bad value falls back to the unfiltered first page.
  const { query } = readListQuery(paymentListQuerySchema, await searchParams);
  const result = await listAdminPayments(query, pageRequest(query));
  return (
    <AreaPage>
      <PaymentsScreen result={result} />
    </AreaPage>
  );
}
