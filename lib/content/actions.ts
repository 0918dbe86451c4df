"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import type { SiteSettingsContract } from "@/lib/content/settings-schema";
import { updateSiteSettings } from "@/lib/content/settings-service";

// "Configuración del sitio" writes: the same service function as PUT /api/v1/admin/settings
// (lib/content/settings-service.ts), validated there with the same schema as the form, after
// the shape of the argument (actionArguments: a plain object, else 422).

export async function updateSiteSettingsAction(...args: [values: unknown]): Promise<ActionResult<SiteSettingsContract>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return updateSiteSettings(await requireActor("admin"), values);
  });
}
