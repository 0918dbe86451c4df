"use server";

import { runAdminAction, type ActionResult } from "@/lib/admin/action-result";
import { requireAdminActor } from "@/lib/admin/actor";
import { changePassword, updateProfile } from "@/lib/users/profile";
import type { UserContract } from "@/lib/users/serialize";

// "Perfil de Administrador": the same lib/users/profile functions PUT /api/v1/admin/profile calls.
// A password change keeps this browser session (the actor's sessionId) and ends the others.

export async function updateProfileAction(input: unknown): Promise<ActionResult<UserContract>> {
  return runAdminAction(async () => updateProfile(await requireAdminActor(), input));
}

export async function changePasswordAction(input: unknown): Promise<ActionResult<UserContract>> {
  return runAdminAction(async () => changePassword(await requireAdminActor(), input));
}
