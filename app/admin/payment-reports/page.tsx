import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { PaymentReportsScreen } from "@/components/admin/billing/payment-reports-screen";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";
import { requireAdmin } from "@/lib/auth/guards";
import { countPendingPaymentReports, listAdminPaymentReports } from "@/lib/billing/payment-report-queries";
import { paymentReportListQuerySchema } from "@/lib/billing/payment-report-schema";

export const metadata: Metadata = { title: "Pagos por confirmar" };

/** "Pagos por confirmar" (admin): ?status (pending by default), ?user_id, ?invoice_id, ?page, ?per_page in the URL. */
export default async function AdminPaymentReportsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  // A hand-edited URL with a bad value falls back to the pending reports' first page.
  const { query } = readListQuery(paymentReportListQuerySchema, await searchParams);
  const status = query.status ?? "pending";
  const [result, pendingCount] = await Promise.all([listAdminPaymentReports({ ...query, status }, pageRequest(query)), countPendingPaymentReports()]);
  return (
    <AreaPage>
      <PaymentReportsScreen result={result} status={status} pendingCount={pendingCount} />
    </AreaPage>
  );
}
