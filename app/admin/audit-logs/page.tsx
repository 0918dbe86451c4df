import type { Metadata } from "next";
import { AreaPage, AreaPageHeader } from "@/components/account/area-shell";
import { pageRequest } from "@/lib/list/paging";
import { readListQuery } from "@/lib/list/query";
import { requireAdmin } from "@/lib/auth/guards";
import { auditLogFilter, listAuditActors, listAuditEntityTypes, listAuditLogs } from "@/lib/audit/queries";
import { auditRecordLabels } from "@/lib/audit/record-labels";
import { auditListQuerySchema } from "@/lib/audit/schema";
import { AuditLogsScreen } from "@/components/admin/audit/audit-logs-screen";
import type { PageSearchParams } from "@/lib/list/query-params";

export const metadata: Metadata = { title: "Registro de actividad" };

/**
 * "Registro de actividad": every admin write (screen or API), newest first, filtered by user,
 * entity and date range through the URL (?user_id, ?entity, ?from, ?to, ?page, ?per_page).
 */
export default async function AuditLogsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  await requireAdmin();
  // A bad filter shows the whole trail, with what was wrong above it.
  const { query, problem } = readListQuery(auditListQuerySchema, await searchParams);
  const filterError = problem ? (Object.values(problem.fieldErrors ?? {}).flat()[0] ?? "Los filtros no son válidos.") : null;

  const [result, actors, entityTypes] = await Promise.all([
    listAuditLogs(auditLogFilter(query), pageRequest(query)),
    listAuditActors(),
    listAuditEntityTypes(),
  ]);
  const recordLabels = await auditRecordLabels(result.data);

  return (
    <AreaPage>
      <AreaPageHeader
        title="Registro de actividad"
        description="Quién cambió qué y cuándo en el panel de administración o la API, desde qué dirección y con qué valores antes y después."
      />
      <div className="mt-6">
        <AuditLogsScreen result={result} recordLabels={recordLabels} actors={actors} entityTypes={entityTypes} filterError={filterError} />
      </div>
    </AreaPage>
  );
}
