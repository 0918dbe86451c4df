import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { PaymentsTable } from "@/components/client/payments-table";
import { pageRequest } from "@/lib/list/paging";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";
import { requireClientAreaUser } from "@/lib/auth/guards";
import { clientPaymentListQuerySchema, listClientPaymentsPage } from "@/lib/billing/queries";

export const metadata: Metadata = { title: "Pagos" };

/** "Pagos": the client's payment history, newest first. */
export default async function ClientPaymentsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await requireClientAreaUser();
  const parsed = clientPaymentListQuerySchema.safeParse(searchParamValues(await searchParams));
  const query = parsed.success ? parsed.data : {};
  const result = await listClientPaymentsPage(user.id, pageRequest(query));
  return (
    <AreaPage>
      <AreaPageHeader title="Pagos" description="Los pagos que registramos a tus facturas." />
      <div className="mt-6">
        <PaymentsTable result={result} />
      </div>
    </AreaPage>
  );
}
