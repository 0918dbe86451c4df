"use client";

import { useId, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { userInitial } from "@/components/account/user-menu";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-field";
import { failureUnlessOnFields, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { ActionResult } from "@/lib/actions/run";
import { PASSWORD_MAX_LENGTH } from "@/lib/auth/password-rules";
import type { ChangePasswordInput } from "@/lib/users/schema";

const changePasswordSchema = () => import("@/lib/users/schema").then((schemas) => schemas.changePasswordSchema);

// The parts of a profile screen both areas share ("Perfil de Administrador" and the client's
// "Mi perfil"): the account card, a titled section, and the password form (current, new,
// confirmation; "Mínimo 8 caracteres"; the button disabled until new = confirmation; a toast says
// how it went).

export function ProfileSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The avatar initial, name, e-mail and whatever `children` adds (a role badge, the billing profile). */
export function AccountCard({ name, email, children }: { name: string; email: string; children?: ReactNode }) {
  return (
    <section aria-label="Tu cuenta" className="flex flex-col items-center gap-3 self-start rounded-2xl border border-ink-200 bg-white p-6 text-center shadow-card">
      <span
        aria-hidden="true"
        className="inline-flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 text-2xl font-bold text-white"
      >
        {userInitial(name)}
      </span>
      <div className="min-w-0 max-w-full">
        <p className="text-lg font-semibold break-words text-ink-900" data-testid="profile-name">
          {name}
        </p>
        <p className="text-sm break-all text-ink-600" data-testid="profile-email">
          {email}
        </p>
      </div>
      {children}
    </section>
  );
}

/** Two columns on wide screens: the account card, then the forms. */
export function ProfileLayout({ card, children }: { card: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      {card}
      <div className="flex min-w-0 flex-col gap-6">{children}</div>
    </div>
  );
}

/** Whether the e-mail typed is a new sign-in e-mail (the server compares it trimmed and lower-cased). */
export function isNewEmail(typed: string | undefined, stored: string): boolean {
  return (typed ?? "").trim().toLowerCase() !== stored.trim().toLowerCase();
}

export const EMAIL_CHANGED_MESSAGE = "Perfil actualizado. Te enviamos un enlace a tu nuevo correo para verificarlo.";

/**
 * «Contraseña actual» of the profile form, shown once the e-mail differs from the stored one: a
 * new sign-in e-mail needs it, and the person is told what follows.
 */
export function EmailChangePasswordField({ error, ...field }: { error?: string } & UseFormRegisterReturn<"current_password">) {
  return (
    <PasswordField
      label="Contraseña actual"
      autoComplete="current-password"
      maxLength={PASSWORD_MAX_LENGTH}
      hint="Para cambiar tu correo confirma tu contraseña. Se cerrarán tus otras sesiones y te enviaremos un enlace para verificar la nueva dirección."
      error={error}
      {...field}
    />
  );
}

/** "Cambiar contraseña": posts `action` (a server action calling lib/users/profile changePassword). */
export function PasswordForm({ action }: { action: (values: ChangePasswordInput) => Promise<ActionResult<unknown>> }) {
  const form = useZodForm(changePasswordSchema, { defaultValues: { current_password: "", new_password: "", confirm_password: "" } });
  const { errors, isSubmitting } = form.formState;
  const [next, confirm] = form.watch(["new_password", "confirm_password"]);
  // The button stays disabled unless the new password equals the confirmation.
  const canSubmit = next.length > 0 && next === confirm && !isSubmitting;

  const save = useActionSubmit(form, action, {
    success: "Contraseña actualizada correctamente",
    onSuccess: () => form.reset(),
    failureToast: failureUnlessOnFields((refusal) => refusal.message || "Error al actualizar la contraseña"),
  });
  const submit = form.handleSubmit(save);

  return (
    <ProfileSection title="Cambiar contraseña" description="Al cambiarla se cerrarán tus otras sesiones abiertas.">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasswordField
          label="Contraseña actual"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          error={errors.current_password?.message}
          {...form.register("current_password")}
        />
        <PasswordField
          label="Nueva contraseña"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          hint="Mínimo 8 caracteres"
          error={errors.new_password?.message}
          {...form.register("new_password")}
        />
        <PasswordField
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          error={errors.confirm_password?.message}
          {...form.register("confirm_password")}
        />
        <div>
          <Button type="submit" disabled={!canSubmit}>
            {isSubmitting ? "Guardando..." : "Actualizar contraseña"}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
