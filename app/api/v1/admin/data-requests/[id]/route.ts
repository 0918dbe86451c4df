import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { getDataRequest } from "@/lib/privacy/data-request-queries";

type Params = { id: string };

/**
 * GET /api/v1/admin/data-requests/{id} → `{ data }`: the request with the person's data, its
 * receipt_email and reply_email (subject, recipient, status: sent | failed | not_configured |
 * sending) and, for a pending cancellation from an account, erasure_preview (what its erasure
 * deletes and keeps). 404 unknown.
 */
export const GET = authRoute<Params>("admin", async (_request, context) => dataResponse(await getDataRequest((await context.params).id)));
