"use client";

// Auth-specific pieces; the generic fields live in components/ui/form-field.tsx.

import { TextField, type FieldProps } from "@/components/ui/form-field";
import { EMAIL_MAX_LENGTH } from "@/lib/auth/field-limits";
import { Spinner } from "./spinner";

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
