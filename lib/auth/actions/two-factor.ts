"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import {
  confirmEnrollment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrollment,
  twoFactorStatus,
  updateTwoFactorPolicy,
} from "@/lib/auth/two-factor";
import type { TwoFactorEnrollment, TwoFactorStatus } from "@/lib/auth/two-factor-schema";

// "Perfil › Seguridad" (the signed-in admin's own second factor) and Configuración's
// "Exigir segundo factor a administradores": the write paths of lib/auth/two-factor.ts, after
// the shape of the arguments (actionArguments: too many, or not a plain object, is a 422).

/** «Configurar»: a new secret and its QR (replaces an unconfirmed one). Takes no arguments. */
export async function startTwoFactorEnrollmentAction(...args: []): Promise<ActionResult<TwoFactorEnrollment>> {
  return runAction(async () => {
    actionArguments(args, []);
    return startEnrollment(await requireActor("admin"));
  });
}

/** «Activar»: the first code from the app → the 10 recovery codes, shown once. */
export async function confirmTwoFactorEnrollmentAction(...args: [values: unknown]): Promise<ActionResult<{ recovery_codes: string[]; status: TwoFactorStatus }>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    const actor = await requireActor("admin");
    const { recovery_codes } = await confirmEnrollment(actor, values);
    return { recovery_codes, status: await twoFactorStatus(actor.id) };
  });
}

/** «Generar códigos nuevos»: a current code → 10 new recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodesAction(...args: [values: unknown]): Promise<ActionResult<{ recovery_codes: string[]; status: TwoFactorStatus }>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    const actor = await requireActor("admin");
    const { recovery_codes } = await regenerateRecoveryCodes(actor, values);
    return { recovery_codes, status: await twoFactorStatus(actor.id) };
  });
}

/** «Desactivar»: the password and a current code (or a recovery code). */
export async function disableTwoFactorAction(...args: [values: unknown]): Promise<ActionResult<TwoFactorStatus>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return disableTwoFactor(await requireActor("admin"), values);
  });
}

/** Configuración › Seguridad: «Exigir segundo factor a administradores». */
export async function updateTwoFactorPolicyAction(...args: [values: unknown]): Promise<ActionResult<{ require_admin_two_factor: boolean }>> {
  return runAction(async () => {
    const [values] = actionArguments(args, [plainObjectArgument]);
    return updateTwoFactorPolicy(await requireActor("admin"), values);
  });
}
