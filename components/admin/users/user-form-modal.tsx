"use client";

import Link from "next/link";
import { useId } from "react";
import { createUserAction, updateUserAction } from "@/lib/users/actions";
import { AuditHistory } from "@/components/admin/audit-history";
import { SelectField, TextField } from "@/components/ui/form-field";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { PasswordField } from "@/components/ui/password-field";
import { failureUnlessOnFields, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@/lib/auth/field-limits";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-rules";
import { USER_ROLE_LABELS, USER_ROLES } from "@/lib/users/labels";
import type { UpdateUserForm } from "@/lib/users/schema";
import type { UserContract } from "@/lib/users/serialize";

const createUserSchema = () => import("@/lib/users/schema").then((schemas) => schemas.createUserSchema);
const updateUserSchema = () => import("@/lib/users/schema").then((schemas) => schemas.updateUserSchema);

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] }));

/**
 * The create/edit modal of "Gestión de Usuarios": react-hook-form on the same
 * zod schema the server action parses. On create the password is required (≥ 8); on edit a blank
 * one keeps the current password. The signed-in admin editing their own row cannot change their
 * role or their password here (the profile asks for the current one).
 */
export function UserFormModal({
  user,
  isSelf = false,
  onClose,
  onSaved,
}: {
  /** The user to edit; null to create one. */
  user: UserContract | null;
  isSelf?: boolean;
  onClose: () => void;
  onSaved: (user: UserContract) => void;
}) {
  const formId = useId();
  const creating = user === null;
  // Both schemas share the fields; the edit schema's input type covers the create form too.
  const form = useZodForm((creating ? createUserSchema : updateUserSchema) as typeof updateUserSchema, {
    defaultValues: { name: user?.name ?? "", email: user?.email ?? "", password: "", role: user?.role ?? "client" } satisfies UpdateUserForm,
  });
  const { errors, isSubmitting } = form.formState;

  const save = useActionSubmit(
    form,
    (values) => {
      if (creating) return createUserAction(values);
      // The role goes only when it was changed here: resending the one loaded when the modal opened
      // would silently undo another admin's change made meanwhile.
      return updateUserAction(user.id, form.formState.dirtyFields.role ? values : { ...values, role: undefined });
    },
    {
      success: creating ? "Usuario creado correctamente" : "Usuario actualizado correctamente",
      onSuccess: (saved) => onSaved(saved),
      failureToast: failureUnlessOnFields((refusal) => `Error: ${refusal.message}`),
    },
  );
  const submit = form.handleSubmit(save);

  return (
    <Modal
      open
      onClose={onClose}
      busy={isSubmitting}
      title={creating ? "Nuevo Usuario" : "Editar Usuario"}
      description={creating ? "Crea una cuenta de cliente o de administrador." : user.email}
      testId="user-form-modal"
      footer={<FormModalFooter formId={formId} saving={isSubmitting} submitLabel={creating ? "Crear Usuario" : "Guardar cambios"} onCancel={onClose} />}
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Nombre" autoComplete="off" maxLength={NAME_MAX_LENGTH} error={errors.name?.message} {...form.register("name")} />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="off"
          maxLength={EMAIL_MAX_LENGTH}
          error={errors.email?.message}
          {...form.register("email")}
        />
        {isSelf ? (
          <p className="rounded-lg bg-ink-50 px-3.5 py-2.5 text-sm text-ink-700">
            Tu propio rol y tu contraseña no se cambian aquí: la contraseña se cambia en{" "}
            <Link href="/admin/profile" className="font-semibold text-brand-700 underline">
              tu perfil
            </Link>
            .
          </p>
        ) : (
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            hint={creating ? `Al menos ${PASSWORD_MIN_LENGTH} caracteres.` : "Déjala en blanco para mantener la contraseña actual."}
            error={errors.password?.message}
            {...form.register("password")}
          />
        )}
        <SelectField
          label="Rol"
          options={ROLE_OPTIONS}
          error={errors.role?.message}
          hint={isSelf ? "No puedes quitarte a ti mismo el rol de administrador." : undefined}
          {...form.register("role", { disabled: isSelf })}
        />
      </form>
      {!creating && (
        <div className="mt-6 border-t border-ink-200 pt-5">
          <AuditHistory entityType="user" entityId={user.id} />
        </div>
      )}
    </Modal>
  );
}
