import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { dataResponse } from "@/lib/api/handler";
import { readJsonBody } from "@/lib/api/request";
import { contactBulkSchema } from "@/lib/contact/admin-schema";
import { bulkUpdateContactMessages } from "@/lib/contact/admin-service";

/**
 * POST /bulk `{ ids: [1..100 ids], action: "read" | "archive" | "delete" }` → `{ data: { affected } }`:
 * only the messages whose transition is allowed count (read: those still new; archive: those
 * not archived yet; delete: those not deleted).
 */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const actor = actorFromCaller(request, caller);
  const body = await readJsonBody(request, contactBulkSchema);
  const { affected, ids } = await bulkUpdateContactMessages(actor, body);
  return dataResponse({ affected, ids });
});
