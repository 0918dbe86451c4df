import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { pageRequest } from "@/lib/list/paging";
import { readQuery } from "@/lib/http/body";
import { contactListQuerySchema } from "@/lib/contact/admin-schema";
import { listContactMessages } from "@/lib/contact/admin-queries";

/**
 * GET /api/v1/admin/contact-messages?status=&q=&page=&per_page= → `{ data: { data: [...],
 * current_page, per_page, total, last_page } }`, newest first. status: new, read, replied, closed,
 * archived (also the screen's "unread" and "all"); q: accent- and case-insensitive search over
 * name, e-mail, company, subject and message.
 */
export const GET = authRoute("admin", async (request, _context, caller) => {
  actorFromCaller(request, caller, "admin");
  const query = readQuery(request, contactListQuerySchema);
  const page = await listContactMessages({ status: query.status, q: query.q }, pageRequest(query));
  return dataResponse(page, { headers: { "Cache-Control": "no-store" } });
});
