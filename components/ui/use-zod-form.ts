"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";

// The back office's and client portal's forms: react-hook-form validated in the browser by the
// domain's own zod schema. Their fields are components/ui/form-field.tsx; their submission to a
// server action is components/ui/use-action-submit.ts.

/** react-hook-form driven by a domain's zod schema (the same one the server action and the API parse). */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // The schema's types come from lib/zod; the resolver's generic types are structural.
    resolver: zodResolver(schema as never) as never,
    mode: "onTouched",
    ...options,
  });
}

/**
 * register() for a text input, textarea or select of a form that opens filled in (a profile, the
 * settings): also its value as the control's initial value, so the server-rendered HTML shows it.
 * react-hook-form writes default values into the page only when the control hydrates: until then
 * the fields were empty, and text typed into one meanwhile was merged with the stored value.
 * Not for checkboxes or radios (their `value` is the option, not the field's value).
 */
export function registerFilled<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues> | UseFormReturn<T, unknown, never>, name: Path<T>) {
  const value: unknown = form.getValues(name);
  return { ...form.register(name), defaultValue: typeof value === "string" || typeof value === "number" ? value : undefined };
}
