"use server";

import { actionArguments, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { requireActor } from "@/lib/auth/actor";
import { changePassword, updateClientProfile, updateProfile } from "@/lib/users/profile";
import type { AdminProfileContract, ClientProfileContract, UserContract } from "@/lib/users/serialize";
import { createUser, deleteUser, updateUser } from "@/lib/users/service";
import { singleLineText } from "@/lib/zod";

// The users' server actions: the back office's "Gestión de Usuarios" (admins only), the admin's
// "Perfil de Administrador" and the client portal's "Mi perfil". Thin: each calls the same
// lib/users function the REST handler calls (validation, rules, audit and ended sessions all
// live there).

// ── Back office: "Gestión de Usuarios" ───────────────────────────────────────
// Each first checks the shape of its arguments (actionArguments): any other shape is a 422.

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

// ── Profiles ─────────────────────────────────────────────────────────────────
// The admin's profile (as PUT /api/v1/admin/profile) and the client's (as PUT
// /api/v1/client/profile). A password change keeps this browser session (the actor's
// sessionId) and ends the others.

export async function updateProfileAction(input: unknown): Promise<ActionResult<AdminProfileContract>> {
  return runAction(async () => updateProfile(await requireActor("admin"), input));
}

export async function changePasswordAction(input: unknown): Promise<ActionResult<UserContract>> {
  return runAction(async () => changePassword(await requireActor("admin"), input));
}

export async function updateClientProfileAction(input: unknown): Promise<ActionResult<ClientProfileContract>> {
  return runAction(async () => updateClientProfile(await requireActor(), input));
}

export async function changeClientPasswordAction(input: unknown): Promise<ActionResult<UserContract>> {
  return runAction(async () => changePassword(await requireActor(), input));
}
