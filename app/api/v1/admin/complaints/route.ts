import { listRoute } from "@/lib/http/list-route";
import { listAdminComplaints } from "@/lib/complaints/admin-queries";
import { complaintListQuerySchema } from "@/lib/complaints/admin-schema";

/**
 * GET /api/v1/admin/complaints?state&kind&from&to&q&sort → { data: sheets } (newest submitted
 * first; `sort=due_date`: nearest due date first), each with `due_date`, `days_left` (business
 * days, null once answered), `state` (pending | overdue | answered) and `answer_email.status`;
 * with ?page (and ?per_page ≤ 100) → the paged shape. 422 for a malformed query.
 */
export const GET = listRoute("admin", { query: complaintListQuerySchema, read: (query, page) => listAdminComplaints(query, page) });
