import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { pageRequest } from "@/lib/list/paging";
import { readJsonBody, readQuery } from "@/lib/http/body";
import { listAdminInvoices, listAdminInvoicesPage } from "@/lib/billing/admin-queries";
import { invoiceListQuerySchema } from "@/lib/billing/schema";
import { issueInvoice } from "@/lib/billing/invoices";
import { z } from "@/lib/zod";

/**
 * GET /api/v1/admin/invoices?status&currency&user_id&q → { data: InvoiceContract[] } (newest first);
 * with ?page (and ?per_page ≤ 100) → the paged shape.
 */
export const GET = authRoute("admin", async (request) => {
  const query = readQuery(request, invoiceListQuerySchema);
  const filter = { status: query.status, currency: query.currency, user_id: query.user_id, q: query.q };
  const data =
    query.page === undefined && query.per_page === undefined
      ? await listAdminInvoices(filter)
      : await listAdminInvoicesPage(filter, pageRequest(query));
  return dataResponse(data, { headers: { "Cache-Control": "no-store" } });
});

/** POST /api/v1/admin/invoices { user_id, currency, due_date, description?, lines: [{ description, quantity, unit_price }] } → 201 { data: detail }. */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await issueInvoice(actorFromCaller(request, caller, "admin"), body), { status: 201 });
});
