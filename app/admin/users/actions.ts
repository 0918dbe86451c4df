"use server";

import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { requireAdminActor } from "@/lib/admin/actor";
import type { UserContract } from "@/lib/users/serialize";
import { createUser, deleteUser, updateUser } from "@/lib/users/service";

// "Gestión de Usuarios": thin server actions over the same lib/users service the REST API
// calls (validation, rules, audit and ended sessions all live there).

export async function createUserAction(input: unknown): Promise<ActionResult<UserContract>> {
  return runAdminAction(async () => createUser(await requireAdminActor(), input));
}

export async function updateUserAction(id: unknown, input: unknown): Promise<ActionResult<UserContract>> {
  return runAdminAction(async () => updateUser(await requireAdminActor(), id, input));
}

export async function deleteUserAction(id: unknown): Promise<ActionResult<null>> {
  return runAdminAction(async () => {
    await deleteUser(await requireAdminActor(), id);
    return null;
  });
}
