import { getDashboardStats } from "@/lib/admin/stats";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";

/**
 * GET /api/v1/admin/dashboard/stats, admins only →
 *
 *     { "data": {
 *         "totalContacts": 134,        // contact messages
 *         "totalUsers": 58,            // every account, admins included
 *         "totalSubscriptions": 21,    // every subscription, whatever its status
 *         "totalRevenue": [            // money received (completed payments), summed PER CURRENCY, never converted:
 *           { "currency": "USD", "amount": "12450.00" },   // one entry per currency that has
 *           { "currency": "PEN", "amount": "3899.70" }     // any, in the order USD, PEN, EUR;
 *         ],                           // [] when nothing is paid. Amounts are decimal strings.
 *         "pendingTickets": 4,         // tickets open or in progress
 *         "unreadContacts": 7,         // extra: messages still "Por leer" (status new)
 *         "totalClients": 55,          // accounts with role client
 *         "activeSubscriptions": 18,   // subscriptions with status active
 *         "completedPayments": 52,     // how many payments totalRevenue sums
 *         "paidInvoices": 40,          // invoices whose payments cover their total
 *         "receivables": [             // extra: what clients owe, PER CURRENCY with anything owed (PEN, USD, EUR order)
 *           { "currency": "PEN", "receivable": "5900.00",   // balances of the open invoices ("Por cobrar")
 *             "overdue": "1180.00",                         // of those past their due date in Lima ("Vencido")
 *             "open_count": 6, "overdue_count": 2,
 *             "ageing": { "d0_30": "590.00", "d31_60": "590.00", "d61_90": "0.00", "d90_plus": "0.00" } }
 *         ]                            // overdue balances by days late: 1–30, 31–60, 61–90, more than 90
 *     } }
 *
 * These five fields are camelCase in the contract, unlike the rest of the API (the extra
 * figures follow them). The /admin/dashboard cards read the same lib function.
 */
export const GET = authRoute("admin", async () =>
  dataResponse(await getDashboardStats(), { headers: { "Cache-Control": "no-store" } }),
);
