import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { readJsonBody } from "@/lib/http/body";
import { listRoute } from "@/lib/http/list-route";
import { dataResponse } from "@/lib/http/route";
import { z } from "@/lib/zod";
import { listUsers } from "@/lib/users/queries";
import { userListQuerySchema } from "@/lib/users/schema";
import { createUser } from "@/lib/users/service";

/**
 * GET /api/v1/admin/users?q=&role=&page=&per_page= — users, newest first, never a password.
 * With `page` or `per_page`: the paged shape `{ data: { data, current_page, per_page, total,
 * last_page } }`. Without either: `{ data: [ … ] }`, every user of the filter. `q` searches name
 * and e-mail; `role` is client or admin.
 */
export const GET = listRoute("admin", { query: userListQuerySchema, read: listUsers });

/** POST /api/v1/admin/users {name, email, password, role?} → 201 `{ data: user }`; 409 e-mail taken. */
export const POST = authRoute("admin", async (request, _context, caller) => {
  const body = await readJsonBody(request, z.unknown());
  return dataResponse(await createUser(actorFromCaller(request, caller, "admin"), body), { status: 201 });
});
