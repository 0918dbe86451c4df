import { listRoute } from "@/lib/http/list-route";
import { listAdminPaymentReports } from "@/lib/billing/payment-report-queries";
import { paymentReportListQuerySchema } from "@/lib/billing/payment-report-schema";

/**
 * GET /api/v1/admin/payment-reports?status=pending|confirmed|rejected (default pending)&user_id&invoice_id
 * → { data: PaymentReportContract[] } (pending oldest first, reviewed ones latest review first);
 * with ?page (and ?per_page ≤ 100) → the paged shape.
 */
export const GET = listRoute("admin", { query: paymentReportListQuerySchema, read: listAdminPaymentReports });
