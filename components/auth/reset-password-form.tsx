"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, startTransition, useActionState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/auth/form-alert";
import { SubmitButton } from "@/components/auth/form-fields";
import { PasswordField } from "@/components/ui/password-field";
import { useServerErrors } from "@/components/auth/use-server-errors";
import { ButtonLink } from "@/components/ui/button";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-rules";
import { resetPasswordSchema } from "@/lib/auth/schema";
import { resetPasswordAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES, type ResetPasswordState } from "@/lib/auth/form-state";

type ResetValues = z.input<typeof resetPasswordSchema>;


/** The new password for a reset link: at least 8 characters, typed twice. */
export function ResetPasswordForm({ token, usable }: { token: string; usable: boolean }) {
  const [state, formAction, pending] = useActionState(resetPasswordAction, (usable ? { status: "idle" } : { status: "invalid" }) as ResetPasswordState);
  // A password's server error goes once that password is edited; the red box stays until the next try.
  const server = useServerErrors(state.status === "error" ? state : null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: "", password_confirmation: "" },
    mode: "onTouched",
  });

  if (state.status === "invalid") {
    return (
      <div className="space-y-5">
        <FormAlert tone="error" message={AUTH_MESSAGES.invalidResetLink} />
        <ButtonLink href="/forgot-password" size="lg" className="w-full">
          Solicitar un nuevo enlace
        </ButtonLink>
      </div>
    );
  }

  if (state.status === "done") {
    return (
      <div className="space-y-5">
        <FormAlert tone="success" message={AUTH_MESSAGES.passwordUpdated} />
        <ButtonLink href="/login" size="lg" className="w-full">
          Iniciar Sesión
        </ButtonLink>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    void handleSubmit(() => startTransition(() => formAction(new FormData(form))))(event);
  };

  return (
    <form action={formAction} onSubmit={submit} noValidate aria-label="Restablecer contraseña" aria-busy={pending} className="space-y-5">
      <FormAlert tone="error" message={server.message} messageKey={state.status === "error" ? state.at : undefined} />
      <input type="hidden" {...register("token")} />
      <PasswordField
        label="Nueva contraseña"
        autoComplete="new-password"
        required
        hint={`Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`}
        error={errors.password?.message ?? server.fieldError("password")}
        {...register("password", { onChange: () => server.edited("password") })}
      />
      <PasswordField
        label="Confirmar contraseña"
        autoComplete="new-password"
        required
        error={errors.password_confirmation?.message ?? server.fieldError("password_confirmation")}
        {...register("password_confirmation", { onChange: () => server.edited("password_confirmation") })}
      />
      <SubmitButton busy={pending} busyLabel="Guardando...">
        Guardar nueva contraseña
      </SubmitButton>
    </form>
  );
}
