import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { requestSitemapRefresh } from "@/lib/sitemap/status";

/**
 * POST /api/v1/admin/sitemap/refresh (no body) → 202 { data: SitemapStatus } ("Actualizar"): starts
 * a new measurement with a new SEO audit of every page in the background and answers at once
 * with the stored figures and `refreshing: true`; poll GET …/sitemap/status until `refreshing` is
 * false for the new ones. A POST (CSRF-checked for cookie sessions) so that no cross-site link or
 * image can make the server crawl the site.
 */
export const POST = authRoute("admin", async () => {
  const status = await requestSitemapRefresh();
  return dataResponse(status, { status: 202, headers: { "Cache-Control": "no-store" } });
});
