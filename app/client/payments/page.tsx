import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { PaymentsTable } from "@/components/client/payments-table";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { clientPaymentListQuerySchema, listClientPayments } from "@/lib/billing/queries";

export const metadata: Metadata = { title: "Pagos" };

/** "Pagos": the client's payment history, newest first. */
export default async function ClientPaymentsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await requireClientAreaUser();
  // A hand-edited URL with a bad value falls back to the first page.
  const { query } = readListQuery(clientPaymentListQuerySchema, await searchParams);
  const result = await listClientPayments(user.id, {}, pageRequest(query));
  return (
    <AreaPage>
      <AreaPageHeader title="Pagos" description="Los pagos que registramos a tus facturas." />
      <div className="mt-6">
        <PaymentsTable result={result} />
      </div>
    </AreaPage>
  );
}
