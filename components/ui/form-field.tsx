"use client";

import { useId, type ComponentProps, type ReactNode } from "react";
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
//
// The password field (password-field.tsx) and the checkbox (checkbox-field.tsx) are files of their
// own, so the pages that use neither do not load them.

export const inputClass =
  "block w-full rounded-lg border border-ink-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm transition-colors placeholder:text-ink-500 hover:border-ink-500 focus:border-brand-600 aria-invalid:border-red-700 aria-invalid:bg-red-50/40 sm:text-sm";

/** What every field shows besides its control. */
export type FieldText = {
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

/** A field's id and the ids of its hint and error lines, for aria-describedby. */
export function useFieldIds(error?: string, hint?: string) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { id, describedBy: describedBy || undefined };
}

/** The label line: the label (with its "*" when asked) and, at its right, `aside`. */
export function Label({ htmlFor, label, requiredMark, aside }: { htmlFor: string; label: string; requiredMark?: boolean; aside?: ReactNode }) {
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
