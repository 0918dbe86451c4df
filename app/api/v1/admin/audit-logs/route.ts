import { listRoute } from "@/lib/http/list-route";
import { auditLogFilter, listAuditLogs } from "@/lib/audit/queries";
import { auditListQuerySchema } from "@/lib/audit/schema";

/**
 * GET /api/v1/admin/audit-logs?page&per_page&entity&user_id&entity_id&from&to → the paged shape
 * (always: the first page without `page`), newest first. Each entry: id, action, entity_type,
 * entity_id, user {id, name, email} or null, ip_address, before, after, created_at.
 */
export const GET = listRoute("admin", { query: auditListQuerySchema, read: (query, page) => listAuditLogs(auditLogFilter(query), page) });
