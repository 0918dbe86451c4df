import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { httpErrorFor } from "@/lib/http/errors";
import { generateSitemap, SITEMAP_MESSAGES } from "@/lib/sitemap/service";

/**
 * POST /api/v1/admin/sitemap/generate (no body) → { success: true, message }; on failure { success: false, message } with the error's status (500
 * "Error generando sitemap" when nothing more precise is known).
 */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const actor = actorFromCaller(request, caller, "admin");
  try {
    const result = await generateSitemap(actor);
    return Response.json({ success: true, message: result.message });
  } catch (error) {
    const apiError = httpErrorFor(error);
    if (apiError) return Response.json({ success: false, message: apiError.message }, { status: apiError.status, headers: apiError.headers });
    console.error("[sitemap] generate failed", error);
    return Response.json({ success: false, message: SITEMAP_MESSAGES.failed }, { status: 500 });
  }
});
