"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, runAction, type ActionResult } from "@/lib/actions/run";
import { generateSitemap, type GeneratedSitemap } from "@/lib/sitemap/service";
import { requestSitemapRefresh, type SitemapStatus } from "@/lib/sitemap/status";

// "Generar" of the sitemap panel: the same service function as POST /api/v1/admin/sitemap/generate.
// Neither action takes an argument: a call with any is refused (422) before anything runs.

export async function generateSitemapAction(...args: []): Promise<ActionResult<GeneratedSitemap>> {
  return runAction(async () => {
    actionArguments(args, []);
    return generateSitemap(await requireActor("admin"));
  });
}

// "Actualizar", as POST /api/v1/admin/sitemap/refresh: starts a new measurement with a new SEO audit
// of every page in the background and returns the stored status at once (`refreshing` true); the
// panel polls the status until it is done. A server action is a POST with Next's origin check: no
// cross-site GET can force a crawl.
export async function refreshSitemapStatusAction(...args: []): Promise<ActionResult<SitemapStatus>> {
  return runAction(async () => {
    actionArguments(args, []);
    await requireActor("admin");
    return requestSitemapRefresh();
  });
}
