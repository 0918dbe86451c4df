"use client";

import Link from "next/link";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { updateTwoFactorPolicyAction } from "@/lib/auth/actions/two-factor";
import { TWO_FACTOR_MESSAGES, twoFactorPolicySchema } from "@/lib/auth/two-factor-schema";
import { SettingsSection } from "./settings-section";

// "Seguridad" of Configuración: «Exigir segundo factor a administradores». When on, an admin
// without a second factor is sent to Perfil › Seguridad before any other page of the panel, and
// the API does not log them in. Turning it on needs one's own second factor first (the server
// refuses otherwise; the screen says so beforehand).

export function TwoFactorSettings({ required, ownTwoFactor }: { required: boolean; ownTwoFactor: boolean }) {
  const form = useZodForm(twoFactorPolicySchema, { defaultValues: { require_admin_two_factor: required } });
  const { isSubmitting, isDirty } = form.formState;
  const save = useActionSubmit(form, (values) => updateTwoFactorPolicyAction(values), {
    success: (saved) => (saved.require_admin_two_factor ? "Segundo factor exigido a los administradores" : "Segundo factor ya no exigido"),
    onSuccess: (saved) => form.reset(saved),
    failureToast: (refusal) => `Error al guardar: ${refusal.message}`,
  });
  const headingId = useId();
  const wantsOn = form.watch("require_admin_two_factor");

  return (
    <section id="seguridad" aria-labelledby={headingId} className="mt-12 scroll-mt-24">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink-900">
        Seguridad
      </h2>
      <UnsavedChangesGuard dirty={isDirty} />
      <form noValidate onSubmit={form.handleSubmit(save)} className="mt-6 flex flex-col gap-6" aria-label="Configuración de seguridad">
        <SettingsSection
          columns={false}
          title="Verificación en dos pasos"
          description="Los administradores pueden emitir comprobantes y ver los datos de todos los clientes. Al exigirla, quien no la tenga configurada deberá activarla (en Perfil › Seguridad) antes de usar el panel, y la API no le dará acceso hasta entonces."
        >
          <CheckboxField label="Exigir segundo factor a administradores" {...form.register("require_admin_two_factor")} />
          {wantsOn && !ownTwoFactor && !required && (
            <p role="status" className="mt-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {TWO_FACTOR_MESSAGES.enrolFirst}{" "}
              <Link href="/admin/profile#seguridad" className="font-semibold underline underline-offset-4">
                Ir a Perfil › Seguridad
              </Link>
            </p>
          )}
        </SettingsSection>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting || (wantsOn && !ownTwoFactor && !required)} className="w-full sm:w-auto">
            {isSubmitting ? "Guardando..." : "Guardar seguridad"}
          </Button>
        </div>
      </form>
    </section>
  );
}
