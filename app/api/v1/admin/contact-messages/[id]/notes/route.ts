import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { routeId } from "@/lib/http/route-id";
import { contactNoteSchema } from "@/lib/contact/admin-schema";
import { addContactNote } from "@/lib/contact/inbox";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";

/** POST /{id}/notes `{ body }` → 201 `{ data: note }`: an internal note, never e-mailed. */
export const POST = authRoute<{ id: string }>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const id = await routeId(context, MESSAGE_NOT_FOUND);
  const body = await readJsonBody(request, contactNoteSchema);
  return dataResponse(await addContactNote(actor, id, body), { status: 201 });
});
