import { authRoute } from "@/lib/api/auth";
import { dataResponse } from "@/lib/api/handler";
import { getSitemapStatus } from "@/lib/sitemap/status";

/**
 * GET /api/v1/admin/sitemap/status[?refresh=1] → { data: SitemapStatus } (spec §3 "Sitemap status"
 * plus the measured figures of issue 9 point 7). `refresh=1` audits every page again instead of
 * reusing an audit under 10 minutes old.
 */
export const GET = authRoute("admin", async (request) => {
  const refresh = new URL(request.url).searchParams.get("refresh") === "1";
  const status = await getSitemapStatus({ requestUrl: request.url, refresh });
  return dataResponse(status, { headers: { "Cache-Control": "no-store" } });
});
