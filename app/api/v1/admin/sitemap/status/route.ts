import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { getSitemapStatus } from "@/lib/sitemap/status";

/**
 * GET /api/v1/admin/sitemap/status → { data: SitemapStatus }: the stored measurement (a few
 * database reads; the site is never requested here). When it is due (check over a minute old,
 * SEO audit over 10 minutes old, or none) a background refresh starts and `refreshing` says so.
 * A forced audit ("Actualizar") is POST /api/v1/admin/sitemap/refresh, so no cross-site GET can
 * start one.
 */
export const GET = authRoute("admin", async () => {
  const status = await getSitemapStatus();
  return dataResponse(status, { headers: { "Cache-Control": "no-store" } });
});
