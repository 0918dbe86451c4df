import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/errors";
import { fromDatabaseError } from "@/lib/api/handler";
import { generateSitemap, SITEMAP_MESSAGES } from "@/lib/sitemap/service";

/**
 * POST /api/v1/admin/sitemap/generate (no body) → { success: true, message } (spec §3 "Sitemap
 * generate response"); on failure { success: false, message } with the error's status (500
 * "Error generando sitemap" when nothing more precise is known).
 */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const actor = actorFromCaller(request, caller);
  try {
    const result = await generateSitemap(actor);
    return Response.json({ success: true, message: result.message });
  } catch (error) {
    const apiError = error instanceof ApiError ? error : fromDatabaseError(error);
    if (apiError) return Response.json({ success: false, message: apiError.message }, { status: apiError.status, headers: apiError.headers });
    console.error("[sitemap] generate failed", error);
    return Response.json({ success: false, message: SITEMAP_MESSAGES.failed }, { status: 500 });
  }
});
