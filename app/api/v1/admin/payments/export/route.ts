import { exportRoute } from "@/lib/http/list-route";
import { PAYMENT_CSV } from "@/lib/billing/csv";
import { exportAdminPayments } from "@/lib/billing/admin-queries";
import { paymentListQuerySchema } from "@/lib/billing/schema";

/** GET /api/v1/admin/payments/export?method&user_id&invoice_id&q → the list's rows as CSV (money as "117.99" + a currency column). */
export const GET = exportRoute({ query: paymentListQuerySchema, batches: exportAdminPayments, csv: PAYMENT_CSV });
