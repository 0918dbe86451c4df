import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { dataResponse } from "@/lib/api/handler";
import { readJsonBody } from "@/lib/api/request";
import { routeId } from "@/lib/contact/admin-route";
import { contactNoteSchema } from "@/lib/contact/admin-schema";
import { addContactNote, MESSAGE_NOT_FOUND } from "@/lib/contact/admin-service";

/** POST /{id}/notes `{ body }` → 201 `{ data: note }`: an internal note, never e-mailed. */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller);
  const id = await routeId(context, MESSAGE_NOT_FOUND);
  const body = await readJsonBody(request, contactNoteSchema);
  return dataResponse(await addContactNote(actor, id, body), { status: 201 });
});
