"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, startTransition, useActionState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/auth/form-alert";
import { EmailField, SubmitButton } from "@/components/auth/form-fields";
import { useServerErrors } from "@/components/auth/use-server-errors";
import { forgotPasswordSchema } from "@/lib/auth/schema";
import { forgotPasswordAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES, type ForgotPasswordState } from "@/lib/auth/form-state";

type ForgotValues = z.input<typeof forgotPasswordSchema>;

/**
 * "Forgot password": the answer is always the same neutral sentence, whether the
 * e-mail exists or not (and also when this address asked too often). Behind it a real,
 * single-use link is e-mailed to existing accounts.
 */
export function ForgotPasswordForm() {
  const [state, formAction, pending] = useActionState(forgotPasswordAction, { status: "idle" } as ForgotPasswordState);
  // The server's complaint about the e-mail goes once the e-mail is edited.
  const server = useServerErrors(state.status === "error" ? state : null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: state.status === "error" ? state.email : "" },
    mode: "onTouched",
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    void handleSubmit(() => startTransition(() => formAction(new FormData(form))))(event);
  };
  const sent = state.status === "sent";

  return (
    <div className="space-y-5">
      <FormAlert tone="success" message={sent ? AUTH_MESSAGES.forgotSent : undefined} messageKey={sent ? state.at : undefined} />
      <form action={formAction} onSubmit={submit} noValidate aria-label="Recuperar contraseña" aria-busy={pending} className="space-y-5">
        <EmailField
          error={errors.email?.message ?? server.fieldError("email")}
          defaultValue={state.status === "error" ? state.email : ""}
          {...register("email", { onChange: () => server.edited("email") })}
        />
        <SubmitButton busy={pending} busyLabel="Enviando...">
          {sent ? "Enviar de nuevo" : "Enviar enlace"}
        </SubmitButton>
      </form>
    </div>
  );
}
