import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { jsonDownloadResponse } from "@/lib/http/json-download";
import { exportMyDataJson } from "@/lib/privacy/service";

/**
 * GET /api/v1/client/my-data: everything the product holds about the signed-in user (client or
 * admin: each gets their own), as the download "mis-datos-<date>.json". Audited as
 * privacy.export; 429 after 10 downloads in an hour (JSON and PDF together).
 */
export const GET = authRoute("user", async (request, _context, caller) => {
  const { fileName, chunks } = await exportMyDataJson(actorFromCaller(request, caller));
  return jsonDownloadResponse(fileName, chunks, "my-data");
});
