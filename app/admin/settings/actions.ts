"use server";

import { requireAdminActor } from "@/lib/admin/actor";
import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import type { SiteSettingsContract } from "@/lib/content/settings-schema";
import { updateSiteSettings } from "@/lib/content/settings-service";

// "Configuración del sitio" writes: the same service function as PUT /api/v1/admin/settings
// (lib/content/settings-service.ts), validated there with the same schema as the form.

export async function updateSiteSettingsAction(values: unknown): Promise<ActionResult<SiteSettingsContract>> {
  return runAdminAction(async () => updateSiteSettings(await requireAdminActor(), values));
}
