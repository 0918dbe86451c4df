"use server";

import { runAction, type ActionResult } from "@/lib/actions/run";
import { requireActor } from "@/lib/auth/actor";
import { changePassword, updateClientProfile } from "@/lib/users/profile";
import type { ClientProfileContract, UserContract } from "@/lib/users/serialize";

// The client's "Mi perfil": the same lib/users/profile functions PUT /api/v1/client/profile calls.
// A password change keeps this browser session (the actor's sessionId) and ends the others.

export async function updateClientProfileAction(input: unknown): Promise<ActionResult<ClientProfileContract>> {
  return runAction(async () => updateClientProfile(await requireActor(), input));
}

export async function changeClientPasswordAction(input: unknown): Promise<ActionResult<UserContract>> {
  return runAction(async () => changePassword(await requireActor(), input));
}
