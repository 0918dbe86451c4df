import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { contactIdsSchema } from "@/lib/contact/admin-schema";
import { undoStatusChanges } from "@/lib/contact/inbox";

/**
 * POST /undo `{ ids }` ("Deshacer" after a bulk close or archive) → `{ data: { restored, ids } }`:
 * each message still closed or archived by a change of the last seconds returns to its previous status.
 */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  return dataResponse(await undoStatusChanges(actor, await readJsonBody(request, contactIdsSchema)));
});
