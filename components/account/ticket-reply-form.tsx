"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/form-field";
import { messageFailure, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { ActionResult } from "@/lib/actions/run";
import { TICKET_LIMITS } from "@/lib/support/limits";
import type { TicketReplyValues } from "@/lib/support/schema";

const ticketReplySchema = () => import("@/lib/support/schema").then((schemas) => schemas.ticketReplySchema);

/**
 * The reply box under a ticket's conversation, for staff and clients alike: each passes its own
 * server action (lib/support/service.ts behind both). A 409 (the ticket was closed meanwhile)
 * refreshes the page, which then shows why it takes no reply. `successText` may depend on the
 * answer (null: no success toast, e.g. a staff reply stored but not e-mailed, which `onSent`
 * announces itself); `footer` goes under the text box (the staff's signature preview).
 */
export function TicketReplyForm<Data>({
  ticketId,
  send,
  label,
  hint,
  successText = "Respuesta enviada",
  onSent,
  footer,
}: {
  ticketId: number;
  send: (id: number, values: TicketReplyValues) => Promise<ActionResult<Data>>;
  label: string;
  hint?: string;
  successText?: string | ((data: Data) => string | null);
  onSent?: (data: Data) => void;
  footer?: ReactNode;
}) {
  const router = useRouter();
  const form = useZodForm(ticketReplySchema, { defaultValues: { body: "" } });
  const errors = form.formState.errors;
  const sending = form.formState.isSubmitting;

  const save = useActionSubmit(form, (values) => send(ticketId, values), {
    success: (data) => (typeof successText === "function" ? successText(data) : successText),
    onSuccess: (data) => {
      form.reset({ body: "" });
      onSent?.(data);
      router.refresh();
    },
    failureToast: messageFailure,
    onFailure: (refusal) => {
      if (refusal.status === 409) router.refresh();
    },
  });
  const submit = form.handleSubmit(save);

  return (
    <form onSubmit={submit} noValidate aria-label="Responder al ticket" className="flex flex-col gap-3 rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5">
      <TextAreaField label={label} rows={5} maxLength={TICKET_LIMITS.body} hint={hint} error={errors.body?.message} {...form.register("body")} />
      {footer}
      <div className="flex justify-end">
        <Button type="submit" disabled={sending}>
          {sending ? "Enviando..." : "Enviar respuesta"}
        </Button>
      </div>
    </form>
  );
}
