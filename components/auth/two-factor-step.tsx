"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, startTransition, useActionState, useEffect, useId, useRef, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { SubmitButton } from "@/components/auth/form-fields";
import { TextField } from "@/components/ui/form-field";
import { twoFactorLoginAction } from "@/lib/auth/actions";
import { AUTH_MESSAGES, type TwoFactorLoginState } from "@/lib/auth/form-state";
import { CODE_INPUT_MAX, secondFactorCodeSchema, TOTP_DIGITS, totpCodeSchema } from "@/lib/auth/two-factor-schema";
import { useToastWhenLeaving } from "./use-toast-when-leaving";

const linkClass = "rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline";

/**
 * «Verificación en dos pasos», the sign-in screen's second step after a right password for an
 * account with a second factor: the 6 digits of the authenticator app, or a recovery code
 * («Usar un código de recuperación»). The challenge the password gave travels in a hidden field;
 * once it expires (5 minutes, or 5 wrong codes), «Volver» starts again from the password.
 */
export function TwoFactorStep({ challenge, callbackUrl, onBack }: { challenge: string; callbackUrl: string; onBack: () => void }) {
  const [state, formAction, pending] = useActionState(twoFactorLoginAction, { status: "idle" } as TwoFactorLoginState);
  const [recovery, setRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const router = useRouter();
  const toastWhenLeaving = useToastWhenLeaving();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.status !== "success") return;
    toastWhenLeaving(AUTH_MESSAGES.welcome(state.name));
    router.replace(state.redirectTo);
  }, [state, router, toastWhenLeaving]);

  // The heading and the field take the focus when the step appears or the kind of code changes.
  useEffect(() => {
    inputRef.current?.focus();
  }, [recovery]);

  const expired = state.status === "error" && state.expired;
  const busy = pending || state.status === "success";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = (recovery ? secondFactorCodeSchema : totpCodeSchema).safeParse(data.get("code") ?? "");
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    data.set("js", "1");
    startTransition(() => formAction(data));
  };

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          Verificación en dos pasos
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          {recovery
            ? "Ingresa uno de los códigos de recuperación que guardaste. Cada código sirve una sola vez."
            : `Abre tu aplicación de autenticación e ingresa el código de ${TOTP_DIGITS} dígitos.`}
        </p>
      </div>
      <form action={formAction} onSubmit={submit} noValidate aria-label="Verificación en dos pasos" aria-busy={busy} className="space-y-5">
        <FormAlert tone="error" message={state.status === "error" ? state.message : undefined} messageKey={state.status === "error" ? state.at : undefined} />
        <input type="hidden" name="challenge" value={challenge} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        {!expired && (
          <>
            <TextField
              key={recovery ? "recovery" : "totp"}
              ref={inputRef}
              name="code"
              label={recovery ? "Código de recuperación" : "Código de verificación"}
              autoComplete={recovery ? "off" : "one-time-code"}
              inputMode={recovery ? "text" : "numeric"}
              pattern={recovery ? undefined : "[0-9]*"}
              autoCapitalize="off"
              spellCheck={false}
              maxLength={recovery ? CODE_INPUT_MAX : TOTP_DIGITS}
              placeholder={recovery ? "xxxx-xxxx" : "123456"}
              required
              error={fieldError}
            />
            <SubmitButton busy={busy} busyLabel="Verificando...">
              Verificar
            </SubmitButton>
          </>
        )}
      </form>
      <div className="flex flex-col items-center gap-3">
        {!expired && (
          <button
            type="button"
            className={linkClass}
            onClick={() => {
              setRecovery((current) => !current);
              setFieldError(undefined);
            }}
          >
            {recovery ? "Usar el código de la aplicación" : "Usar un código de recuperación"}
          </button>
        )}
        <button type="button" className={expired ? "inline-flex h-12 w-full items-center justify-center rounded-lg border border-ink-300 bg-white px-6 text-base font-semibold text-ink-900 hover:bg-ink-50" : linkClass} onClick={onBack}>
          Volver a iniciar sesión
        </button>
      </div>
    </section>
  );
}
