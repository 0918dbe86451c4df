"use client";

import type { ComponentProps } from "react";
import { FieldMessages, useFieldIds, type FieldText } from "./form-field";

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
