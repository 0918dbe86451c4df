import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { contactBulkSchema } from "@/lib/contact/admin-schema";
import { bulkUpdateContactMessages } from "@/lib/contact/inbox";

/**
 * POST /bulk `{ ids: [1..100 ids], action: "read" | "archive" | "delete" }` → `{ data: { affected } }`:
 * only the messages whose transition is allowed count (read: those still new; archive: those
 * not archived yet; delete: those not deleted).
 */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const body = await readJsonBody(request, contactBulkSchema);
  const { affected, ids } = await bulkUpdateContactMessages(actor, body);
  return dataResponse({ affected, ids });
});
