import type { Metadata } from "next";
import { AreaPage } from "@/components/account/area-shell";
import { ComplaintsScreen } from "@/components/admin/complaints/complaints-screen";
import { requireAdmin } from "@/lib/auth/guards";
import { countAdminComplaintsByState, listAdminComplaints } from "@/lib/complaints/admin-queries";
import { complaintListQuerySchema } from "@/lib/complaints/admin-schema";
import { businessDate } from "@/lib/dates";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import type { PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Libro de Reclamaciones" };

/** "Libro de Reclamaciones" (admin): ?page, ?per_page, ?state, ?kind, ?from, ?to, ?q, ?sort in the URL. */
export default async function AdminComplaintsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  // A hand-edited URL with a bad value falls back to the unfiltered first page, and says why.
  const { query, problem } = readListQuery(complaintListQuerySchema, await searchParams);
  const today = businessDate();
  const [result, counts] = await Promise.all([listAdminComplaints(query, pageRequest(query), today), countAdminComplaintsByState(query, today)]);
  const filterError = problem ? Object.values(problem.fieldErrors ?? {}).flat()[0] ?? problem.message : null;
  return (
    <AreaPage>
      <ComplaintsScreen result={result} counts={counts} today={today} filterError={filterError} />
    </AreaPage>
  );
}
