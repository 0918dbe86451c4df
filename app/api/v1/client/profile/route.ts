import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { actorFromCaller } from "@/lib/auth/actor";
import { getClientProfile, updateClientProfileOrPassword } from "@/lib/users/profile";
import { z } from "@/lib/zod";

/**
 * GET /api/v1/client/profile → `{ data: profile }`: the signed-in user's id, name, e-mail, role,
 * billing_name, tax_id ("RUC" or "DNI" as tax_id_type).
 */
export const GET = authRoute("user", async (_request, _context, caller) => dataResponse(await getClientProfile(caller.user.id)));

/**
 * PUT /api/v1/client/profile, the two payloads told apart by their keys (as the admin profile):
 * - {name, email, billing_name, tax_id} → `{ data: profile }`; tax_id is a RUC (11 digits with a
 *   valid check digit) or a DNI (8 digits), blank clears it; a billing field left out is kept;
 *   409 e-mail taken;
 * - {current_password, new_password, confirm_password} → `{ data: profile }`; 422 when the
 *   current password is wrong, 429 after too many wrong ones; the caller's other sessions and
 *   tokens end.
 * A body with fields of both payloads, or of neither, is 422.
 */
export const PUT = authRoute("user", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateClientProfileOrPassword(actorFromCaller(request, caller), body));
});
