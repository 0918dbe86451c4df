import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { listRoute } from "@/lib/http/list-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { listAdminInvoices } from "@/lib/billing/admin-queries";
import { invoiceListQuerySchema } from "@/lib/billing/schema";
import { issueInvoice } from "@/lib/billing/invoices";
import { z } from "@/lib/zod";

/**
 * GET /api/v1/admin/invoices?status&currency&user_id&q&sort → { data: InvoiceContract[] } (newest
 * issued first; `sort=due_date`: nearest due date first, none last); with ?page (and ?per_page ≤ 100) → the paged shape.
 */
export const GET = listRoute("admin", { query: invoiceListQuerySchema, read: listAdminInvoices });

/** POST /api/v1/admin/invoices { user_id, currency, due_date, description?, lines: [{ description, quantity, unit_price }] } → 201 { data: detail }. */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await issueInvoice(actorFromCaller(request, caller, "admin"), body), { status: 201 });
});
