"use client";

import type { FieldValues, Path, UseFormGetValues, UseFormHandleSubmit, UseFormSetError } from "react-hook-form";
import type { ActionResult } from "@/lib/actions/run";
import { notify } from "./toast";

// The one submission of a react-hook-form form to a server action (back office and client
// portal): call the action; on success a success toast, then what the form does next (close,
// reset, navigate); on a refusal the server's per-field errors on their fields (the first one
// focused), an error toast, then whatever else the form does. The sign-in screens, which also
// work without JavaScript, keep the server's answer in their action state instead
// (components/auth/use-server-errors.ts).

/** A server action's refusal, as a form's callbacks receive it. */
export type ActionRefusal = Extract<ActionResult<unknown>, { ok: false }>;

/** The error toast of a refusal: its text, a title with a description, or null for none. */
export type FailureToast = string | { title: string; description?: string } | null;

export type ActionSubmitOptions<Data, Values> = {
  /** The success toast: a text, or one made from the answer (null: no toast). */
  success: string | ((data: Data, values: Values) => string | null);
  /** After the success toast: close the modal, reset the form, navigate… */
  onSuccess?: (data: Data, values: Values) => void;
  /**
   * The error toast, knowing whether the refusal's field errors were shown on the form's own
   * fields. Default: "Error: {message}".
   */
  failureToast?: (refusal: ActionRefusal, shownOnFields: boolean) => FailureToast;
  /** After the error toast (e.g. close and refresh when the record changed meanwhile). */
  onFailure?: (refusal: ActionRefusal, shownOnFields: boolean) => void;
  /**
   * After the error toast when the record changed meanwhile: gone (404) or no longer in a state
   * that allows it (409). A modal usually closes and refreshes to show it as it is now.
   */
  onStale?: () => void;
  /**
   * Also show errors of fields inside a form value ("lines.0.quantity") on those fields: for a
   * form that draws every such field (the invoice's lines). Off: only the form's own top-level
   * fields count, so an error no input shows is never taken for one the form shows.
   */
  nestedFieldErrors?: boolean;
};

/** What applyServerErrors needs of a react-hook-form form. */
type ServerErrorTarget<T extends FieldValues> = { getValues: UseFormGetValues<T>; setError: UseFormSetError<T> };

/** A react-hook-form form whose valid submission hands over `Values`. */
type ActionForm<T extends FieldValues, Values> = ServerErrorTarget<T> & { handleSubmit: UseFormHandleSubmit<T, Values> };

/** "Error: {message}", the error toast of most forms. */
export const prefixedFailure = (refusal: ActionRefusal): FailureToast => `Error: ${refusal.message}`;

/** The refusal's own message as the error toast. */
export const messageFailure = (refusal: ActionRefusal): FailureToast => refusal.message;

/**
 * No error toast when the form's fields already say what is wrong (a 422 whose errors were shown
 * on them); `text` of the refusal otherwise.
 */
export function failureUnlessOnFields(text: (refusal: ActionRefusal) => string) {
  return (refusal: ActionRefusal, shownOnFields: boolean): FailureToast => (shownOnFields && refusal.status === 422 ? null : text(refusal));
}

/**
 * The handler of a valid submission (give it to `form.handleSubmit`): runs `action` with the
 * form's values and shows its outcome. `action` may answer null when it already dealt with a
 * failed call itself (then nothing more happens).
 */
export function useActionSubmit<T extends FieldValues, Values, Data>(
  form: ActionForm<T, Values>,
  action: (values: Values) => Promise<ActionResult<Data> | null>,
  options: ActionSubmitOptions<Data, Values>,
): (values: Values) => Promise<void> {
  return async (values) => {
    const outcome = await action(values);
    if (!outcome) return;
    if (outcome.ok) {
      const message = typeof options.success === "string" ? options.success : options.success(outcome.data, values);
      if (message !== null) notify.success(message);
      options.onSuccess?.(outcome.data, values);
      return;
    }
    const shown = applyServerErrors(form, outcome.errors, options.nestedFieldErrors ?? false);
    const toast = (options.failureToast ?? prefixedFailure)(outcome, shown);
    if (typeof toast === "string") notify.error(toast);
    else if (toast) notify.error(toast.title, toast.description === undefined ? undefined : { description: toast.description });
    options.onFailure?.(outcome, shown);
    if (outcome.status === 404 || outcome.status === 409) options.onStale?.();
  };
}

/**
 * Shows the server's per-field errors on the form's fields, the first one focused: a field of the
 * form ("email") or, with `nested`, one inside it ("lines.0.quantity"); errors of anything else
 * (the arguments as a whole, "_") are left to the toast. False when none of them was shown.
 */
function applyServerErrors<T extends FieldValues>(form: ServerErrorTarget<T>, errors: Record<string, string[]> | undefined, nested: boolean): boolean {
  if (!errors) return false;
  const known = new Set(Object.keys(form.getValues()));
  let applied = false;
  for (const [field, messages] of Object.entries(errors)) {
    if (!known.has(nested ? field.split(".")[0] : field) || !messages[0]) continue;
    form.setError(field as Path<T>, { type: "server", message: messages[0] }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
