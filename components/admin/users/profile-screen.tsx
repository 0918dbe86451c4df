"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { changePasswordAction, updateProfileAction } from "@/lib/users/actions";
import {
  AccountCard,
  EMAIL_CHANGED_MESSAGE,
  EmailChangePasswordField,
  isNewEmail,
  PasswordForm,
  ProfileLayout,
  ProfileSection,
} from "@/components/account/profile";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/form-field";
import { failureUnlessOnFields, useActionSubmit } from "@/components/ui/use-action-submit";
import { registerFilled, useZodForm } from "@/components/ui/use-zod-form";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@/lib/auth/field-limits";
import { SIGNATURE_MAX_LENGTH, USER_ROLE_LABELS, type UserRole } from "@/lib/users/labels";

const adminProfileSchema = () => import("@/lib/users/schema").then((schemas) => schemas.adminProfileSchema);

// "Perfil de Administrador": the admin's name, e-mail and role; a form for
// name, e-mail and the signature of the replies they e-mail; a form for the password (current, new, confirm). Both post server actions
// that call lib/users/profile, as PUT /api/v1/admin/profile does. The card, sections and password
// form are the ones the client's "Mi perfil" uses too (components/account/profile.tsx).

type ProfileUser = { name: string; email: string; role: UserRole; signature: string | null };

/** `children`: more sections below the password (the profile page's «Seguridad»). */
export function ProfileScreen({ user, children }: { user: ProfileUser; children?: ReactNode }) {
  return (
    <ProfileLayout
      card={
        <AccountCard name={user.name} email={user.email}>
          <Badge tone="brand">{USER_ROLE_LABELS[user.role]}</Badge>
        </AccountCard>
      }
    >
      <ProfileForm user={user} />
      <PasswordForm action={changePasswordAction} />
      {children}
    </ProfileLayout>
  );
}
function ProfileForm({ user }: { user: ProfileUser }) {
  const router = useRouter();
  const [storedEmail, setStoredEmail] = useState(user.email);
  const form = useZodForm(adminProfileSchema, { defaultValues: { name: user.name, email: user.email, current_password: "", signature: user.signature ?? "" } });
  const { errors, isSubmitting } = form.formState;
  const emailIsNew = isNewEmail(form.watch("email"), storedEmail);

  const save = useActionSubmit(form, ({ current_password, ...values }) => updateProfileAction(emailIsNew ? { ...values, current_password } : values), {
    success: emailIsNew ? EMAIL_CHANGED_MESSAGE : "Perfil actualizado correctamente",
    onSuccess: (saved) => {
      setStoredEmail(saved.email);
      form.reset({ name: saved.name, email: saved.email, current_password: "", signature: saved.signature ?? "" });
      router.refresh(); // the header shows the new name
    },
    failureToast: failureUnlessOnFields((refusal) => refusal.message || "Error al actualizar el perfil"),
  });
  const submit = form.handleSubmit(save);

  return (
    <ProfileSection title="Información personal" description="Tu nombre, el correo con el que inicias sesión y la firma de tus respuestas.">
      <UnsavedChangesGuard dirty={form.formState.isDirty} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Nombre" autoComplete="name" maxLength={NAME_MAX_LENGTH} error={errors.name?.message} {...registerFilled(form, "name")} />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          error={errors.email?.message}
          {...registerFilled(form, "email")}
        />
        {emailIsNew && <EmailChangePasswordField error={errors.current_password?.message} {...form.register("current_password")} />}
        <TextAreaField
          label="Firma para respuestas por correo"
          rows={4}
          maxLength={SIGNATURE_MAX_LENGTH}
          hint="Se añade al final de las respuestas que envías a los clientes por correo (tickets y mensajes de contacto). Déjala vacía para no usar firma."
          error={errors.signature?.message}
          {...form.register("signature")}
        />
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Guardando..." : "Actualizar perfil"}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
