"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, startTransition, useActionState, useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/auth/form-alert";
import { EmailField, SubmitButton } from "@/components/auth/form-fields";
import { TextField } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { useServerErrors } from "@/components/auth/use-server-errors";
import { PrivacyConsentField } from "@/components/site/privacy-consent-field";
import { buttonClasses } from "@/components/ui/button";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-rules";
import { NAME_MAX_LENGTH, registerSchema } from "@/lib/auth/schema";
import { registerAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES, type RegisterField, type RegisterState } from "@/lib/auth/form-state";
import { useToastWhenLeaving } from "./use-toast-when-leaving";

type RegisterValues = z.input<typeof registerSchema>;

/** In the order they appear on screen: the first one with a server error takes the focus. */
const REGISTER_FIELDS = ["name", "email", "password", "password_confirmation", "privacy_accepted"] as const satisfies readonly RegisterField[];

/** How long "¡Registro exitoso!" stays on screen before the dashboard opens. */
const SUCCESS_PAUSE_MS = 1200;

/**
 * Registration: four required fields checked in the browser with the shared
 * schema and again by the server action, which creates the client and signs them in. Success
 * shows "¡Registro exitoso!", then the client dashboard opens with "¡Cuenta creada exitosamente!".
 * Without JavaScript the success box links to the dashboard.
 */
export function RegisterForm() {
  const [state, formAction, pending] = useActionState(registerAction, { status: "idle" } as RegisterState);
  const router = useRouter();
  const toastWhenLeaving = useToastWhenLeaving();
  // Rendered into the HTML too (defaultValue), so it also survives a submission without JavaScript.
  const typed = state.status === "error" ? state.values : { name: "", email: "" };

  const server = useServerErrors(state.status === "error" ? state : null);

  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      name: typed.name,
      email: typed.email,
      password: "",
      password_confirmation: "",
      privacy_accepted: false,
    },
    mode: "onTouched",
  });

  // Field errors from the server (e.g. the e-mail is taken) show on their fields until the
  // field is edited (useServerErrors); the first of them takes the focus.
  useEffect(() => {
    if (state.status !== "error") return;
    const first = REGISTER_FIELDS.find((field) => state.errors[field]);
    if (first) setFocus(first);
  }, [state, setFocus]);

  useEffect(() => {
    if (state.status !== "success") return;
    if (state.redirectTo === "/client/dashboard") toastWhenLeaving(AUTH_MESSAGES.accountCreated);
    const timer = window.setTimeout(() => router.replace(state.redirectTo), SUCCESS_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [state, router, toastWhenLeaving]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    void handleSubmit(() => {
      const data = new FormData(form);
      data.set("js", "1");
      startTransition(() => formAction(data));
    })(event);
  };

  const fieldError = (field: RegisterField) => errors[field]?.message ?? server.fieldError(field);
  const fieldProps = (name: RegisterField) => register(name, { onChange: () => server.edited(name) });

  if (state.status === "success") {
    return (
      <div className="space-y-5 text-center">
        <FormAlert
          tone="success"
          message={
            <>
              <p className="text-base font-semibold">{AUTH_MESSAGES.registered}</p>
              <p className="mt-1 font-normal">
                {state.redirectTo === "/login" ? "Tu cuenta está lista. Inicia sesión para continuar." : "Tu cuenta está lista. Abriendo tu panel..."}
              </p>
            </>
          }
        />
        <Link href={state.redirectTo} className={buttonClasses("primary", "lg", "w-full")}>
          {state.redirectTo === "/login" ? "Iniciar Sesión" : "Ir a mi panel"}
        </Link>
      </div>
    );
  }

  return (
    <form action={formAction} onSubmit={submit} noValidate aria-label="Crear una cuenta" aria-busy={pending} className="space-y-5">
      <FormAlert tone="error" message={server.message} messageKey={state.status === "error" ? state.at : undefined} />
      <TextField label="Nombre completo" autoComplete="name" required maxLength={NAME_MAX_LENGTH} error={fieldError("name")} defaultValue={typed.name} {...fieldProps("name")} />
      <EmailField
        error={fieldError("email")}
        defaultValue={typed.email}
        {...fieldProps("email")}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="new-password"
        required
        hint={`Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`}
        error={fieldError("password")}
        {...fieldProps("password")}
      />
      <PasswordField
        label="Confirmar contraseña"
        autoComplete="new-password"
        required
        error={fieldError("password_confirmation")}
        {...fieldProps("password_confirmation")}
      />
      <PrivacyConsentField error={fieldError("privacy_accepted")} {...fieldProps("privacy_accepted")} />
      <SubmitButton busy={pending} busyLabel="Creando cuenta...">
        Crear cuenta
      </SubmitButton>
    </form>
  );
}
