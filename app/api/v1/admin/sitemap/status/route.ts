import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { getSitemapStatus } from "@/lib/sitemap/status";

/**
 * GET /api/v1/admin/sitemap/status → { data: SitemapStatus } (the sitemap's status with its
 * measured figures). Read-only but for at most one recorded availability check
 * a minute; it reuses an SEO audit under 10 minutes old. A forced audit ("Actualizar") is
 * POST /api/v1/admin/sitemap/refresh, so no cross-site GET can start one.
 */
export const GET = authRoute("admin", async () => {
  const status = await getSitemapStatus();
  return dataResponse(status, { headers: { "Cache-Control": "no-store" } });
});
