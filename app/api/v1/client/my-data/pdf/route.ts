import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { fileResponse } from "@/lib/http/file-response";
import { exportMyDataPdf } from "@/lib/privacy/service";

/**
 * GET /api/v1/client/my-data/pdf: a readable summary of the signed-in user's own data, as the
 * download "mis-datos-<date>.pdf" (the JSON file has every detail). Audited and limited as the
 * JSON download.
 */
export const GET = authRoute("user", async (request, _context, caller) => {
  return fileResponse(await exportMyDataPdf(actorFromCaller(request, caller)));
});
