"use server";

import { actionArguments, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { requireActor } from "@/lib/auth/actor";
import type { UserContract } from "@/lib/users/serialize";
import { createUser, deleteUser, updateUser } from "@/lib/users/service";
import { singleLineText } from "@/lib/zod";

// "Gestión de Usuarios": thin server actions over the same lib/users service the REST API
// calls (validation, rules, audit and ended sessions all live there). Each first checks the
// shape of its arguments (actionArguments): any other shape is a 422.

/** A user's id (a cuid): text; whether it names a user is the service's 404. */
const userIdArgument = singleLineText({ error: "El identificador no es válido." }).min(1, "El identificador no es válido.").max(64, "El identificador no es válido.");

export async function createUserAction(...args: [input: unknown]): Promise<ActionResult<UserContract>> {
  return runAction(async () => {
    const [input] = actionArguments(args, [plainObjectArgument]);
    return createUser(await requireActor("admin"), input);
  });
}

export async function updateUserAction(...args: [id: unknown, input: unknown]): Promise<ActionResult<UserContract>> {
  return runAction(async () => {
    const [id, input] = actionArguments(args, [userIdArgument, plainObjectArgument]);
    return updateUser(await requireActor("admin"), id, input);
  });
}

export async function deleteUserAction(...args: [id: unknown]): Promise<ActionResult<null>> {
  return runAction(async () => {
    const [id] = actionArguments(args, [userIdArgument]);
    await deleteUser(await requireActor("admin"), id);
    return null;
  });
}
