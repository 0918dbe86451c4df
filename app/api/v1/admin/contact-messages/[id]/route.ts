import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { notFound } from "@/lib/errors";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { contactUpdateSchema } from "@/lib/contact/admin-schema";
import { findContactMessage } from "@/lib/contact/admin-queries";
import { routeId } from "@/lib/http/route-id";
import { deleteContactMessage, updateContactMessage } from "@/lib/contact/inbox";
import { MESSAGE_NOT_FOUND } from "@/lib/contact/message-state";
import { RESTORE_WINDOW_SECONDS } from "@/lib/contact/inbox-rules";
import { replyResponse } from "@/lib/contact/admin-response";

type Params = { id: string };
const messageId = (context: { params: Promise<Params> }) => routeId(context, MESSAGE_NOT_FOUND);

/**
 * GET /{id} → `{ data: message }` with its notes. Reading changes nothing (a link or a prefetch
 * must not alter state): mark a message read with POST /bulk `{ ids: [id], action: "read" }`.
 */
export const GET = authRoute<Params>("admin", async (request, context, caller) => {
  actorFromCaller(request, caller, "admin");
  const message = await findContactMessage(await messageId(context));
  if (!message) throw notFound(MESSAGE_NOT_FOUND);
  return dataResponse(message, { headers: { "Cache-Control": "no-store" } });
});

/**
 * PUT /{id} with `{ status: "replied", reply }`, `{ status: "archived" }` or `{ status: "closed" }`.
 * A transition the state machine forbids (lib/contact/inbox-rules.ts) is 409. A reply answers `{ data, email: { sent, error } }`:
 * the reply is stored even when the e-mail fails (then "Reenviar": POST /{id}/resend).
 */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const id = await messageId(context);
  const body = await readJsonBody(request, contactUpdateSchema);
  return replyResponse(await updateContactMessage(actor, id, body));
});

/** DELETE /{id} → `{ data: { id, deleted_at, restorable_until } }`; undo with POST /{id}/restore. */
export const DELETE = authRoute<Params>("admin", async (request, context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  const result = await deleteContactMessage(actor, await messageId(context));
  const restorableUntil = new Date(new Date(result.deleted_at).getTime() + RESTORE_WINDOW_SECONDS * 1000);
  return dataResponse({ ...result, restorable_until: restorableUntil.toISOString() });
});
