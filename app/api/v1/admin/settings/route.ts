import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { getAdminSiteSettings, updateSiteSettings } from "@/lib/content/settings-service";
import { z } from "@/lib/zod";

/** GET /api/v1/admin/settings → { data: { company_name, …, footer_text, updated_at } }. */
export const GET = authRoute("admin", async () => dataResponse(await getAdminSiteSettings()));

/**
 * PUT /api/v1/admin/settings with the same snake_case fields → { data } (the settings after the save).
 * Fields left out keep their value; null or "" clears an optional one; 422 per field on bad input.
 */
export const PUT = authRoute("admin", async (request, _context, caller) => {
  // The body is validated by the service (one schema); here it only has to be JSON.
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateSiteSettings(actorFromCaller(request, caller, "admin"), body));
});
