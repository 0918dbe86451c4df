import { exportRoute } from "@/lib/http/list-route";
import { INVOICE_CSV } from "@/lib/billing/csv";
import { exportAdminInvoices } from "@/lib/billing/admin-queries";
import { invoiceListQuerySchema } from "@/lib/billing/schema";

/** GET /api/v1/admin/invoices/export?status&currency&user_id&q&sort → the list's rows, in its order, as CSV (money as "117.99" + a currency column). */
export const GET = exportRoute({ query: invoiceListQuerySchema, batches: exportAdminInvoices, csv: INVOICE_CSV });
