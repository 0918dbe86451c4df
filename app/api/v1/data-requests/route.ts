import { apiRoute, dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { clientIp } from "@/lib/client-address";
import { submitDataRequest } from "@/lib/privacy/data-requests";
import { z } from "@/lib/zod";

/**
 * POST /api/v1/data-requests — the public "Derechos ARCO" form: `{ kind (access | rectification |
 * cancellation | opposition | portability), name, email, document_type (dni | ce | ruc | passport),
 * document_number, detail? (required for rectification and opposition, ≤ 2000), privacy_accepted:
 * true }` → 201 `{ data: { id, due_date, status: "pending" } }`. 422 per field (consent included),
 * 429 (Retry-After) past 5 per 10 minutes per address, 400 / 413 / 415 for a body that is not
 * JSON. Any other method: 405.
 */
export const POST = apiRoute(async (request) => {
  const body = await readJsonBody(request, z.unknown());
  const receipt = await submitDataRequest(body, { ipAddress: clientIp(request.headers), userAgent: request.headers.get("user-agent") });
  return dataResponse(receipt, { status: 201 });
});
