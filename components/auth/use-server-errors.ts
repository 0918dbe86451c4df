"use client";

import { useState } from "react";

/** What a server action answered about a submission: a message for the form, one per field. */
export type ServerAnswer<Field extends string> = {
  message?: string;
  errors: Partial<Record<Field, string>>;
  /** When it answered: tells one answer from the next, even an identical one. */
  at: number;
};

/**
 * The sign-in screens' server errors. Those forms also work without JavaScript, so the server's
 * answer lives in their action state (useActionState) and renders with the page, not in
 * react-hook-form (whose errors exist only once it runs); the back office's and client portal's
 * forms show theirs through components/ui/use-action-submit.ts instead.
 *
 * The server's errors of the last submission, as a person expects them to behave: a field's
 * error is about the value that was sent, so it goes as soon as that field is edited, and comes
 * back only if the next submission gets it again. The form's message stays until the next
 * submission, except when it only restates the error of a field that has since been edited
 * (e.g. "Ya existe una cuenta con este correo electrónico." once the e-mail is changed).
 *
 * Call `edited(field)` from the field's change handler (react-hook-form's `register(field, { onChange })`).
 */
export function useServerErrors<Field extends string>(answer: ServerAnswer<Field> | null) {
  const [edits, setEdits] = useState<{ at: number; fields: readonly Field[] } | null>(null);
  const editedFields = answer && edits?.at === answer.at ? edits.fields : [];

  const fieldError = (field: Field): string | undefined => (answer && !editedFields.includes(field) ? answer.errors[field] : undefined);

  const restatesEditedField = editedFields.some((field) => answer?.errors[field] === answer?.message);
  const message = answer?.message && !restatesEditedField ? answer.message : undefined;

  const edited = (field: Field) => {
    if (!answer?.errors[field] || editedFields.includes(field)) return;
    setEdits({ at: answer.at, fields: [...editedFields, field] });
  };

  return { fieldError, message, edited };
}
