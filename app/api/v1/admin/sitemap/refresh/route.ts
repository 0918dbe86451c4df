import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { getSitemapStatus } from "@/lib/sitemap/status";

/**
 * POST /api/v1/admin/sitemap/refresh (no body) → { data: SitemapStatus }: the status with a new
 * SEO audit of every page ("Actualizar"), whatever the age of the stored one. A POST (CSRF-checked
 * for cookie sessions) so that no cross-site link or image can make the server crawl the site.
 */
export const POST = authRoute("admin", async () => {
  const status = await getSitemapStatus({ refresh: true });
  return dataResponse(status, { headers: { "Cache-Control": "no-store" } });
});
