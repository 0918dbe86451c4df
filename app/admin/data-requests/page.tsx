import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { DataRequestsScreen } from "@/components/admin/privacy/data-requests-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { DomainError } from "@/lib/errors";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import { searchParamValues, type PageSearchParams } from "@/lib/list/query-params";
import { countPendingDataRequests, getDataRequest, listDataRequests, type DataRequestDetail } from "@/lib/privacy/data-request-queries";
import { dataRequestListQuerySchema } from "@/lib/privacy/data-request-schema";

export const metadata: Metadata = { title: "Solicitudes ARCO" };

/**
 * "Solicitudes ARCO" (admin): ?status (pending by default; "all" for every state), ?kind, ?page,
 * ?per_page, and ?id to open one request (the bell's link).
 */
export default async function AdminDataRequestsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  const params = searchParamValues(await searchParams);
  const all = params.status === "all";
  // A hand-edited URL with a bad value falls back to the pending requests' first page.
  const { query } = readListQuery(dataRequestListQuerySchema, { ...params, status: all ? undefined : params.status });
  const status = all ? undefined : (query.status ?? "pending");
  const [result, pendingCount, detail] = await Promise.all([
    listDataRequests({ status, kind: query.kind }, pageRequest(query)),
    countPendingDataRequests(),
    params.id ? getDataRequest(params.id).catch((error: unknown) => (error instanceof DomainError ? null : Promise.reject(error))) : Promise.resolve(null),
  ]);
  return (
    <AreaPage>
      <DataRequestsScreen result={result} status={status ?? "all"} pendingCount={pendingCount} detail={detail as DataRequestDetail | null} missingId={params.id && !detail ? params.id : null} />
    </AreaPage>
  );
}
