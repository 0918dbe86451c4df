import { exportRoute } from "@/lib/http/list-route";
import { SUBSCRIPTION_CSV } from "@/lib/billing/csv";
import { exportAdminSubscriptions } from "@/lib/billing/admin-queries";
import { subscriptionListQuerySchema } from "@/lib/billing/schema";

/** GET /api/v1/admin/subscriptions/export?status&user_id&q → the list's rows as CSV (money as "149.90" + a currency column). */
export const GET = exportRoute({ query: subscriptionListQuerySchema, batches: exportAdminSubscriptions, csv: SUBSCRIPTION_CSV });
