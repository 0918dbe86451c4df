"use server";

import { runAction, type ActionResult } from "@/lib/actions/run";
import { requireActor } from "@/lib/auth/actor";
import { changePassword, updateProfile } from "@/lib/users/profile";
import type { UserContract } from "@/lib/users/serialize";

// "Perfil de Administrador": the same lib/users/profile functions PUT /api/v1/admin/profile calls.
// A password change keeps this browser session (the actor's sessionId) and ends the others.

export async function updateProfileAction(input: unknown): Promise<ActionResult<UserContract>> {
  return runAction(async () => updateProfile(await requireActor("admin"), input));
}

export async function changePasswordAction(input: unknown): Promise<ActionResult<UserContract>> {
  return runAction(async () => changePassword(await requireActor("admin"), input));
}
