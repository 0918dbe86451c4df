import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { z } from "@/lib/zod";
import { updateProfileOrPassword } from "@/lib/users/profile";

/**
 * PUT /api/v1/admin/profile, two payloads told apart by their keys:
 * - {name, email} → `{ data: user }` (the screen replaces the current user with it); 409 e-mail taken;
 * - {current_password, new_password, confirm_password} → `{ data: user }`; 422 when the current
 *   password is wrong, 429 after too many wrong ones; the caller's other sessions and tokens end.
 * A body with fields of both payloads, or of neither, is 422.
 */
export const PUT = authRoute("admin", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateProfileOrPassword(actorFromCaller(request, caller, "admin"), body));
});
