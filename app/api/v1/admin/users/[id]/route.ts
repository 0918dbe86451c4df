import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { dataResponse } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/body";
import { z } from "@/lib/zod";
import { deleteUser, updateUser } from "@/lib/users/service";

type Params = { id: string };

/**
 * PUT /api/v1/admin/users/{id} {name, email, role?, password?} → `{ data: user }`. A blank or
 * missing password keeps the current one. 404 unknown id; 409 e-mail taken, demoting oneself or
 * the last admin. A new role or password ends the user's sessions and API tokens.
 */
export const PUT = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await updateUser(actorFromCaller(request, caller, "admin"), id, body));
});

/** DELETE /api/v1/admin/users/{id} → `{ message }`; 404 unknown id; 409 oneself or the last admin. */
export const DELETE = authRoute<Params>("admin", async (request, context, caller) => {
  const { id } = await context.params;
  await deleteUser(actorFromCaller(request, caller, "admin"), id);
  return Response.json({ message: "Usuario eliminado correctamente" });
});
