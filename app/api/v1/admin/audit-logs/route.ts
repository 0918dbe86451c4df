import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { pageRequest } from "@/lib/list/paging";
import { readQuery } from "@/lib/http/body";
import { listAuditLogs } from "@/lib/audit/queries";
import { auditListQuerySchema } from "@/lib/audit/schema";

/**
 * GET /api/v1/admin/audit-logs?page&per_page&entity&user_id&entity_id&from&to → the paged shape,
 * newest first. Each entry: id, action, entity_type, entity_id, user {id, name, email} or null,
 * ip_address, before, after, created_at.
 */
export const GET = authRoute("admin", async (request) => {
  const query = readQuery(request, auditListQuerySchema);
  const filter = { entity: query.entity, userId: query.user_id, entityId: query.entity_id, from: query.from, toExclusive: query.toExclusive };
  return dataResponse(await listAuditLogs(filter, pageRequest(query)));
});
