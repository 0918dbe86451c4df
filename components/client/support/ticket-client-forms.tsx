"use client";

import { useRouter } from "next/navigation";
import { TicketReplyForm } from "@/components/account/ticket-reply-form";
import { Button, ButtonLink } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/form-field";
import { messageFailure, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { openTicketAction, replyToMyTicketAction } from "@/lib/support/actions";
import { TICKET_LIMITS } from "@/lib/support/limits";

const ticketCreateSchema = () => import("@/lib/support/schema").then((schemas) => schemas.ticketCreateSchema);

// The client's forms: "Nuevo ticket" and the reply on their own ticket. Both post server
// actions that call lib/support/service.ts, like /api/v1/client/tickets.

export function NewTicketForm() {
  const router = useRouter();
  const form = useZodForm(ticketCreateSchema, { defaultValues: { subject: "", message: "" } });
  const errors = form.formState.errors;
  const sending = form.formState.isSubmitting;

  const save = useActionSubmit(form, (values) => openTicketAction(values), {
    success: "Ticket creado correctamente",
    onSuccess: (ticket) => router.push(`/client/tickets/${ticket.id}`),
    failureToast: messageFailure,
  });
  const submit = form.handleSubmit(save);

  return (
    <form onSubmit={submit} noValidate aria-label="Nuevo ticket" className="flex flex-col gap-4 rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-6">
      <TextField label="Asunto *" autoComplete="off" maxLength={TICKET_LIMITS.subject} error={errors.subject?.message} {...form.register("subject")} />
      <TextAreaField
        label="Describe tu consulta *"
        rows={8}
        maxLength={TICKET_LIMITS.message}
        hint="Cuéntanos qué ocurre, desde cuándo y qué producto o servicio afecta."
        error={errors.message?.message}
        {...form.register("message")}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ButtonLink href="/client/tickets" variant="outline">
          Cancelar
        </ButtonLink>
        <Button type="submit" disabled={sending}>
          {sending ? "Enviando..." : "Crear ticket"}
        </Button>
      </div>
    </form>
  );
}

export function ClientReplyForm({ ticketId, resolved }: { ticketId: number; resolved: boolean }) {
  return (
    <TicketReplyForm
      ticketId={ticketId}
      send={replyToMyTicketAction}
      label="Tu respuesta"
      hint={resolved ? "Este ticket está resuelto. Si respondes, se volverá a abrir." : undefined}
      successText={resolved ? "Respuesta enviada: el ticket se volvió a abrir" : "Respuesta enviada"}
    />
  );
}
