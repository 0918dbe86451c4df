"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, startTransition, useActionState, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "@/components/auth/form-alert";
import { EmailField, SubmitButton } from "@/components/auth/form-fields";
import { PasswordField } from "@/components/ui/password-field";
import { notify } from "@/components/ui/toast";
import { loginSchema } from "@/lib/auth/schema";
import { loginAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES, type LoginState } from "@/lib/auth/form-state";
import { TwoFactorStep } from "./two-factor-step";
import { useToastWhenLeaving } from "./use-toast-when-leaving";

type LoginValues = z.input<typeof loginSchema>;

const linkClass = "rounded font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline";

/**
 * The login form. With JavaScript: checked in the browser, sent to the server
 * action, then a client-side navigation and the welcome toast once the destination shows.
 * Without it: a native POST to the same action, which redirects on success and renders the
 * red box on failure.
 */
export function LoginForm({
  callbackUrl,
  google,
  signedOut,
  initialError,
}: {
  callbackUrl: string;
  google: ReactNode;
  signedOut: boolean;
  initialError?: string;
}) {
  const [state, formAction, pending] = useActionState(loginAction, { status: "idle" } as LoginState);
  const router = useRouter();
  const toastWhenLeaving = useToastWhenLeaving();
  // Rendered into the HTML too (defaultValue), so it also survives a submission without JavaScript.
  const typedEmail = state.status === "error" || state.status === "two_factor" ? state.email : "";

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: typedEmail, password: "" },
    mode: "onTouched",
  });

  useEffect(() => {
    if (state.status !== "success") return;
    toastWhenLeaving(AUTH_MESSAGES.welcome(state.name));
    router.replace(state.redirectTo);
  }, [state, router, toastWhenLeaving]);

  // Arriving from a logout: say so once, and drop the flag so a reload does not repeat it. The
  // session's toasts go first: nothing of it stays on screen for the next person at the computer
  // (nor stacks up over this form).
  const announcedSignOut = useRef(false);
  useEffect(() => {
    if (!signedOut || announcedSignOut.current) return;
    announcedSignOut.current = true;
    notify.dismissAll();
    notify.success(AUTH_MESSAGES.signedOut);
    const url = new URL(window.location.href);
    url.searchParams.delete("sesion");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
  }, [signedOut]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    void handleSubmit(() => {
      const data = new FormData(form);
      data.set("js", "1");
      startTransition(() => formAction(data));
    })(event);
  };

  // A right password for an account with a second factor: the code step, until «Volver».
  const [leftChallenge, setLeftChallenge] = useState<string | null>(null);
  if (state.status === "two_factor" && state.challenge !== leftChallenge) {
    return <TwoFactorStep key={state.challenge} challenge={state.challenge} callbackUrl={callbackUrl} onBack={() => setLeftChallenge(state.challenge)} />;
  }

  const busy = pending || state.status === "success";
  const failure = state.status === "error" ? state.message : state.status === "idle" ? initialError : undefined;

  return (
    <div className="space-y-6">
      <form action={formAction} onSubmit={submit} noValidate aria-label="Iniciar Sesión" aria-busy={busy} className="space-y-5">
        <FormAlert tone="error" message={failure} messageKey={state.status === "error" ? state.at : undefined} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <EmailField
          error={errors.email?.message}
          defaultValue={typedEmail}
          {...register("email")}
        />
        <PasswordField
          label="Contraseña"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          aside={
            <Link href="/forgot-password" className={`${linkClass} text-sm`}>
              ¿Olvidaste tu contraseña?
            </Link>
          }
          {...register("password")}
        />
        <SubmitButton busy={busy} busyLabel="Ingresando...">
          Iniciar Sesión
        </SubmitButton>
      </form>

      {google && (
        <>
          <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-ink-600 uppercase" role="separator" aria-label="o">
            <span className="h-px flex-1 bg-ink-200" aria-hidden="true" />
            <span aria-hidden="true">o</span>
            <span className="h-px flex-1 bg-ink-200" aria-hidden="true" />
          </div>
          {google}
        </>
      )}

      <p className="text-center text-sm text-ink-700">
        ¿Aún no tienes una cuenta?{" "}
        <Link href="/register" className={`${linkClass} whitespace-nowrap`}>
          Crear una cuenta
        </Link>
      </p>
    </div>
  );
}
