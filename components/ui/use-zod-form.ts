"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { notify } from "./toast";

// The back office's and client portal's forms: react-hook-form validated in the browser by the
// domain's own zod schema. Their fields are components/ui/form-field.tsx; their submission to a
// server action is components/ui/use-action-submit.ts.

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * Where a form's schema comes from: the schema itself, or a function that imports it
 * (`() => import("@/lib/support/schema").then((module) => module.ticketReplySchema)`). zod and a
 * domain's schemas weigh more than the rest of a screen's code together; imported this way they
 * load on the form's first check (a field left, or the submission), not with the page, so a
 * visitor who only reads the screen never downloads them. Define the function once, outside the
 * component, and import nothing else of the schema's module at the top of the file (its limits
 * and labels live in modules without zod).
 */
export type SchemaSource<S extends Schema> = S | (() => Promise<S>);

export const SCHEMA_LOAD_FAILED = "No se pudo cargar el formulario. Revisa tu conexión e inténtalo de nuevo.";

/**
 * The resolver of a schema, or of a schema imported on first use: imported once; when the import
 * fails (the connection dropped) nothing is sent, a toast says so, and the next check tries again.
 */
function schemaResolver<S extends Schema>(source: SchemaSource<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  // The schema's types come from lib/zod; the resolver's generic types are structural.
  if (typeof source !== "function") return zodResolver(source as never) as never;
  let loading: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    loading ??= source().then((schema) => zodResolver(schema as never) as never);
    let resolve: Resolver<z.input<S>, unknown, z.output<S>>;
    try {
      resolve = await loading;
    } catch {
      loading = undefined;
      notify.error(SCHEMA_LOAD_FAILED);
      return { values: {}, errors: { root: { type: "import", message: SCHEMA_LOAD_FAILED } } as never };
    }
    return resolve(values, context, options);
  };
}

/** react-hook-form driven by a domain's zod schema (the same one the server action and the API parse). */
export function useZodForm<S extends Schema>(
  schema: SchemaSource<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const resolver = useMemo(() => schemaResolver(schema), [schema]);
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver,
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
