"use server";

import { actionArguments, plainObjectArgument, runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { requireAdminActor } from "@/lib/admin/actor";
import type { UserContract } from "@/lib/users/serialize";
import { createUser, deleteUser, updateUser } from "@/lib/users/service";
import { singleLineText } from "@/lib/zod";

// "Gestión de Usuarios": thin server actions over the same lib/users service the REST API
// calls (validation, rules, audit and ended sessions all live there). Each first checks the
// shape of its arguments (actionArguments): any other shape is a 422.

/** A user's id (a cuid): text; whether it names a user is the service's 404. */
const userIdArgument = singleLineText({ error: "El identificador no es válido." }).min(1, "El identificador no es válido.").max(64, "El identificador no es válido.");

export async function createUserAction(...args: [input: unknown]): Promise<ActionResult<UserContract>> {
  return runAdminAction(async () => {
    const [input] = actionArguments(args, [plainObjectArgument]);
    return createUser(await requireAdminActor(), input);
  });
}

export async function updateUserAction(...args: [id: unknown, input: unknown]): Promise<ActionResult<UserContract>> {
  return runAdminAction(async () => {
    const [id, input] = actionArguments(args, [userIdArgument, plainObjectArgument]);
    return updateUser(await requireAdminActor(), id, input);
  });
}

export async function deleteUserAction(...args: [id: unknown]): Promise<ActionResult<null>> {
  return runAdminAction(async () => {
    const [id] = actionArguments(args, [userIdArgument]);
    await deleteUser(await requireAdminActor(), id);
    return null;
  });
}
