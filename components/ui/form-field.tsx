"use client";

import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { cn } from "./cn";

// The one set of form fields (sign-in screens, the public contact form and every back-office
// form): a labelled control with its hint and error wired to aria-describedby / aria-invalid.
// Plain React, no form library, so a public page can use them without loading one. With
// react-hook-form (components/ui/use-zod-form.ts) and a server action
// (components/ui/use-action-submit.ts):
//
//   const form = useZodForm(userCreateSchema, { defaultValues: { name: "", email: "", role: "client" } });
//   const save = useActionSubmit(form, (values) => createUserAction(values), { success: "Usuario creado correctamente" });
//   <form onSubmit={form.handleSubmit(save)}>
//     <TextField label="Nombre" error={form.formState.errors.name?.message} {...form.register("name")} />

const inputClass =
  "block w-full rounded-lg border border-ink-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm transition-colors placeholder:text-ink-500 hover:border-ink-500 focus:border-brand-600 aria-invalid:border-red-700 aria-invalid:bg-red-50/40 sm:text-sm";

/** What every field shows besides its control. */
type FieldText = {
  label: string;
  error?: string;
  hint?: string;
  /**
   * A red "*" after the label, hidden from screen readers: the control says it with `required`
   * or `aria-required` (the public contact form; the back office writes "Nombre *" in the label).
   */
  requiredMark?: boolean;
};

export type FieldProps = Omit<ComponentProps<"input">, "id"> &
  FieldText & {
    /** Something to show at the right of the label (e.g. "¿Olvidaste tu contraseña?"). */
    aside?: ReactNode;
  };

function useFieldIds(error?: string, hint?: string) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, describedBy: describedBy || undefined };
}

function Label({ htmlFor, label, requiredMark, aside }: { htmlFor: string; label: string; requiredMark?: boolean; aside?: ReactNode }) {
  return (
    <div className="mb-1.5 flex items-baseline justify-between gap-3">
      <label htmlFor={htmlFor} className="text-sm font-medium text-ink-800">
        {label}
        {requiredMark && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      {aside}
    </div>
  );
}

/** A field's hint and error lines (ids `${id}-hint`, `${id}-error` for aria-describedby); custom fields such as the rich editor use it too. */
export function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
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
export function TextField({ label, error, hint, requiredMark, aside, className, ...input }: FieldProps) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} requiredMark={requiredMark} aside={aside} />
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A password input with a "show" toggle (aria-pressed), so people can check what they typed. */
export function PasswordField({ label, error, hint, requiredMark, aside, className, ...input }: Omit<FieldProps, "type">) {
  const { id, describedBy } = useFieldIds(error, hint);
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} requiredMark={requiredMark} aside={aside} />
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
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({ label, error, hint, requiredMark, className, ...textarea }: Omit<ComponentProps<"textarea">, "id"> & FieldText) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} requiredMark={requiredMark} />
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={cn(inputClass, "min-h-28 resize-y")} {...textarea} />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

/** A labelled native select (keyboard and screen readers work as everywhere else). */
export function SelectField({
  label,
  error,
  hint,
  requiredMark,
  options,
  placeholder,
  ownArrow = false,
  className,
  ...select
}: Omit<ComponentProps<"select">, "id" | "children"> &
  FieldText & {
    options: SelectOption[];
    placeholder?: string;
    /**
     * Our own arrow instead of the browser's, which takes room of its own beyond the padding: in
     * a narrow field the whole placeholder fits, and an option too long for it ends in "…"
     * instead of being cut mid-word.
     */
    ownArrow?: boolean;
  }) {
  const { id, describedBy } = useFieldIds(error, hint);
  const control = (
    <select
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={cn(inputClass, ownArrow && "appearance-none truncate", "pr-9")}
      {...select}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} requiredMark={requiredMark} />
      {ownArrow ? (
        <div className="relative">
          {control}
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-600">
            <path
              fillRule="evenodd"
              d="M5.22 8.22a.75.75 0 011.06 0L10 11.94l3.72-3.72a.75.75 0 111.06 1.06l-4.25 4.25a.75.75 0 01-1.06 0L5.22 9.28a.75.75 0 010-1.06z"
              clipRule="evenodd"
            />
          </svg>
        </div>
      ) : (
        control
      )}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A checkbox with its label on the right. */
export function CheckboxField({ label, error, hint, className, ...input }: Omit<ComponentProps<"input">, "id" | "type"> & Omit<FieldText, "requiredMark">) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <div className={className}>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="size-5 shrink-0 rounded border-ink-400 text-brand-700 accent-brand-700"
          {...input}
        />
        <label htmlFor={id} className="text-sm font-medium text-ink-800">
          {label}
        </label>
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
