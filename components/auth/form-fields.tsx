"use client";

import { useId, useState, type ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { EMAIL_MAX_LENGTH } from "@/lib/auth/schema";

const inputClass =
  "block w-full rounded-lg border border-ink-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm transition-colors placeholder:text-ink-500 hover:border-ink-500 focus:border-brand-600 aria-invalid:border-red-700 aria-invalid:bg-red-50/40 sm:text-sm";

type FieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  error?: string;
  hint?: string;
  /** Something to show at the right of the label (e.g. "¿Olvidaste tu contraseña?"). */
  aside?: React.ReactNode;
};

function useFieldIds(error?: string, hint?: string) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, describedBy: describedBy || undefined };
}

function Label({ htmlFor, label, aside }: { htmlFor: string; label: string; aside?: React.ReactNode }) {
  return (
    <div className="mb-1.5 flex items-baseline justify-between gap-3">
      <label htmlFor={htmlFor} className="text-sm font-medium text-ink-800">
        {label}
      </label>
      {aside}
    </div>
  );
}

function Messages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled input with its hint and error wired to aria-describedby / aria-invalid. */
export function TextField({ label, error, hint, aside, className, ...input }: FieldProps) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} aside={aside} />
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** The e-mail field every auth form starts with. */
export function EmailField(props: Omit<FieldProps, "label" | "type">) {
  return (
    <TextField
      label="Correo electrónico"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="tu@empresa.pe"
      required
      maxLength={EMAIL_MAX_LENGTH}
      {...props}
    />
  );
}

/** A password input with a "show" toggle (aria-pressed), so people can check what they typed. */
export function PasswordField({ label, error, hint, aside, className, ...input }: Omit<FieldProps, "type">) {
  const { id, describedBy } = useFieldIds(error, hint);
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} aside={aside} />
      <div className="relative">
        <input
          id={id}
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClass, "pr-12")}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-controls={id}
          aria-label={`Mostrar ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-600 hover:text-ink-900"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6">
            {visible ? (
              <path strokeLinecap="round" strokeLinejoin="round" d="M3.98 8.223A10.477 10.477 0 001.934 12C3.226 16.338 7.244 19.5 12 19.5c.993 0 1.953-.138 2.863-.395M6.228 6.228A10.45 10.45 0 0112 4.5c4.756 0 8.773 3.162 10.065 7.498a10.523 10.523 0 01-4.293 5.774M6.228 6.228L3 3m3.228 3.228l3.65 3.65m7.894 7.894L21 21m-3.228-3.228l-3.65-3.65m0 0a3 3 0 10-4.243-4.243m4.242 4.242L9.88 9.88" />
            ) : (
              <>
                <path strokeLinecap="round" strokeLinejoin="round" d="M2.036 12.322a1.012 1.012 0 010-.639C3.423 7.51 7.36 4.5 12 4.5c4.638 0 8.573 3.007 9.963 7.178.07.207.07.431 0 .639C20.577 16.49 16.64 19.5 12 19.5c-4.638 0-8.573-3.007-9.963-7.178z" />
                <path strokeLinecap="round" strokeLinejoin="round" d="M15 12a3 3 0 11-6 0 3 3 0 016 0z" />
              </>
            )}
          </svg>
        </button>
      </div>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** The primary submit button of an auth form, with its busy text and spinner. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: React.ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 active:bg-brand-900 disabled:pointer-events-none disabled:opacity-70"
    >
      {busy ? (
        <>
          <Spinner />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

export function Spinner() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 animate-spin" fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 00-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
