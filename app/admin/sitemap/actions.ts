"use server";

import { requireAdminActor } from "@/lib/admin/actor";
import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { generateSitemap, type GeneratedSitemap } from "@/lib/sitemap/service";

// "Generar" of the sitemap panel: the same service function as POST /api/v1/admin/sitemap/generate.

export async function generateSitemapAction(): Promise<ActionResult<GeneratedSitemap>> {
  return runAdminAction(async () => generateSitemap(await requireAdminActor()));
}
