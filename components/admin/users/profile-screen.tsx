"use client";

import { useRouter } from "next/navigation";
import { useId, type ReactNode } from "react";
import { changePasswordAction, updateProfileAction } from "@/app/admin/profile/actions";
import { userInitial } from "@/components/account/user-menu";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { applyServerErrors, PasswordField, TextField, useZodForm } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toast";
import { PASSWORD_MAX_LENGTH } from "@/lib/auth/password-rules";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@/lib/auth/schema";
import { changePasswordSchema, profileSchema, USER_ROLE_LABELS, type UserRole } from "@/lib/users/schema";

// "Perfil de Administrador" (spec §2.6, §5, §8): the admin's name, e-mail and role; a form for
// name and e-mail; a form for the password (current, new, confirm). Both post server actions
// that call lib/users/profile, as PUT /api/v1/admin/profile does.

type ProfileUser = { name: string; email: string; role: UserRole };

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
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

export function ProfileScreen({ user }: { user: ProfileUser }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <section aria-label="Tu cuenta" className="flex flex-col items-center gap-3 self-start rounded-2xl border border-ink-200 bg-white p-6 text-center shadow-card">
        <span
          aria-hidden="true"
          className="inline-flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 text-2xl font-bold text-white"
        >
          {userInitial(user.name)}
        </span>
        <div className="min-w-0 max-w-full">
          <p className="text-lg font-semibold break-words text-ink-900" data-testid="profile-name">
            {user.name}
          </p>
          <p className="text-sm break-all text-ink-600" data-testid="profile-email">
            {user.email}
          </p>
        </div>
        <Badge tone="brand">{USER_ROLE_LABELS[user.role]}</Badge>
      </section>
      <div className="flex min-w-0 flex-col gap-6">
        <ProfileForm user={user} />
        <PasswordForm />
      </div>
    </div>
  );
}

function ProfileForm({ user }: { user: ProfileUser }) {
  const router = useRouter();
  const form = useZodForm(profileSchema, { defaultValues: { name: user.name, email: user.email } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const result = await updateProfileAction(values);
    if (result.ok) {
      notify.success("Perfil actualizado correctamente");
      form.reset({ name: result.data.name, email: result.data.email });
      router.refresh(); // the header shows the new name
      return;
    }
    const shown = applyServerErrors(form, result.errors);
    if (!shown || result.status !== 422) notify.error(result.message || "Error al actualizar el perfil");
  });

  return (
    <Section title="Información personal" description="Tu nombre y el correo con el que inicias sesión.">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Nombre" autoComplete="name" maxLength={NAME_MAX_LENGTH} error={errors.name?.message} {...form.register("name")} />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Guardando..." : "Actualizar perfil"}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PasswordForm() {
  const form = useZodForm(changePasswordSchema, { defaultValues: { current_password: "", new_password: "", confirm_password: "" } });
  const { errors, isSubmitting } = form.formState;
  const [next, confirm] = form.watch(["new_password", "confirm_password"]);
  // Spec §5: the button stays disabled unless the new password equals the confirmation.
  const canSubmit = next.length > 0 && next === confirm && !isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    const result = await changePasswordAction(values);
    if (result.ok) {
      notify.success("Contraseña actualizada correctamente");
      form.reset();
      return;
    }
    const shown = applyServerErrors(form, result.errors);
    if (!shown || result.status !== 422) notify.error(result.message || "Error al actualizar la contraseña");
  });

  return (
    <Section title="Cambiar contraseña" description="Al cambiarla se cerrarán tus otras sesiones abiertas.">
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
    </Section>
  );
}
