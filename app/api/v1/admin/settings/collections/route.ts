import { actorFromCaller } from "@/lib/auth/actor";
import { getCollectionSettings, updateCollectionSettings } from "@/lib/billing/collection-settings";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { dataResponse } from "@/lib/http/route";
import { z } from "@/lib/zod";

/**
 * GET /api/v1/admin/settings/collections → { data: { payment_instructions: { accounts, yape,
 * plin, text, qr_url }, payment_reminders: { enabled, days_before, every_days } } }.
 */
export const GET = authRoute("admin", async () => dataResponse(await getCollectionSettings()));

/**
 * PUT /api/v1/admin/settings/collections with the same shape → { data } (the settings after the
 * save). Keys left out keep their value; `accounts` replaces the whole list; null or "" clears
 * yape, plin or text; qr_url is ignored (the image changes through …/settings/payment-qr). 422 per
 * field ("payment_instructions.accounts.0.cci") on bad input, 409 before the company settings exist.
 */
export const PUT = authRoute("admin", async (request, _context, caller) => {
  // The body is validated by the service (one schema); here it only has to be JSON.
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateCollectionSettings(actorFromCaller(request, caller, "admin"), body));
});
