import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { invalid } from "@/lib/errors";
import { DATA_REQUEST_MESSAGES } from "@/lib/privacy/data-request-labels";
import { findPendingDeletionRequest } from "@/lib/privacy/data-request-queries";
import { confirmsDeletion } from "@/lib/privacy/data-request-schema";
import { requestAccountDeletion } from "@/lib/privacy/data-requests";
import { singleLineText, z } from "@/lib/zod";

/** GET /api/v1/client/deletion-request → `{ data: { id, due_date, status, submitted_at } | null }`: the caller's pending deletion request. */
export const GET = authRoute("user", async (_request, _context, caller) => dataResponse(await findPendingDeletionRequest(caller.user.id)));

const bodySchema = z.object({ confirmation: singleLineText().max(254).optional() });

/**
 * POST /api/v1/client/deletion-request, no body or `{ confirmation? }` → 201 `{ data: { id, due_date, status:
 * "pending" } }`: the signed-in client asks to erase its account (an admin completes it within 10
 * business days). `confirmation`, when sent, must be "ELIMINAR" or the account's e-mail (422).
 * 409 while one is pending (its message gives that one's due date); 403 for an admin account.
 */
export const POST = authRoute("user", async (request, _context, caller) => {
  // No body at all is fine (the call itself is the request); a body must be JSON.
  const hasBody = request.headers.has("content-type") || !["", "0", null].includes(request.headers.get("content-length"));
  const { confirmation } = hasBody ? await readJsonBody(request, bodySchema) : { confirmation: undefined };
  if (confirmation !== undefined && !confirmsDeletion(confirmation, caller.user.email)) {
    throw invalid({ confirmation: [DATA_REQUEST_MESSAGES.deletionConfirm] }, DATA_REQUEST_MESSAGES.deletionConfirm);
  }
  return dataResponse(await requestAccountDeletion(actorFromCaller(request, caller)), { status: 201 });
});
