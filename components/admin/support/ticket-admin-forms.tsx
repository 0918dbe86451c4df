"use client";

import { useRouter } from "next/navigation";
import { TicketReplyForm } from "@/components/account/ticket-reply-form";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/form-field";
import { messageFailure, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { replyToTicketAction, updateTicketAction } from "@/lib/support/actions";
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketPriorityCode, type TicketStatusCode } from "@/lib/support/labels";
import { ticketUpdateSchema, type TicketUpdateValues } from "@/lib/support/schema";

// The admin's two forms on a ticket: the staff reply and the status / priority change. Both
// post server actions that call lib/support/service.ts, like the REST handlers.

const STATUS_OPTIONS = TICKET_STATUSES.map((status) => ({ value: status, label: TICKET_STATUS_LABELS[status] }));
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((priority) => ({ value: priority, label: TICKET_PRIORITY_LABELS[priority] }));

export function StaffReplyForm({ ticketId }: { ticketId: number }) {
  return <TicketReplyForm ticketId={ticketId} send={replyToTicketAction} label="Respuesta al cliente" hint="El cliente la verá en su portal y recibirá un aviso." />;
}

export function TicketStatusForm({ ticketId, status, priority }: { ticketId: number; status: TicketStatusCode; priority: TicketPriorityCode }) {
  const router = useRouter();
  const form = useZodForm(ticketUpdateSchema, { defaultValues: { status, priority } });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;

  // "Guardar cambios" is on while a value differs from the ticket's. Not formState.isDirty: a choice
  // made before the page hydrated is kept by react-hook-form (7.92) but marked dirty without a
  // re-render, and choosing the same option again never turns saving on. Read after mount (that
  // choice) and on every change.
  const [changed, setChanged] = useState(false);
  const differs = (values: TicketUpdateValues) => values.status !== status || values.priority !== priority;
  useEffect(() => {
    // react-hook-form's values live outside React; its fields registered during this commit.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setChanged(differs(form.getValues()));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- status and priority are fixed per mount (the page keys the form by them)
  }, [form]);

  // Closing is final for the client (no more replies), so it asks first.
  const [confirmClose, setConfirmClose] = useState<TicketUpdateValues | null>(null);
  const [closing, setClosing] = useState(false);

  const save = useActionSubmit(form, (values: TicketUpdateValues) => updateTicketAction(ticketId, values), {
    success: "Ticket actualizado correctamente",
    onSuccess: (ticket) => {
      form.reset({ status: ticket.status, priority: ticket.priority });
      setChanged(false);
      router.refresh();
    },
    failureToast: messageFailure,
  });

  const submit = form.handleSubmit(async (values) => {
    if (values.status === "closed" && status !== "closed") {
      setConfirmClose(values);
      return;
    }
    await save(values);
  });

  return (
    <>
      <form onSubmit={submit} onChange={() => setChanged(differs(form.getValues()))} noValidate aria-label="Estado y prioridad" className="flex flex-col gap-4">
        {/* defaultValue too, so the server-rendered select already shows the ticket's values before hydration. */}
        <SelectField label="Estado" options={STATUS_OPTIONS} defaultValue={status} error={errors.status?.message} {...form.register("status")} />
        <SelectField label="Prioridad" options={PRIORITY_OPTIONS} defaultValue={priority} error={errors.priority?.message} {...form.register("priority")} />
        <Button type="submit" variant="outline" disabled={saving || closing || !changed}>
          {saving || closing ? "Guardando..." : "Guardar cambios"}
        </Button>
      </form>
      <ConfirmDialog
        open={confirmClose !== null}
        title="¿Cerrar el ticket?"
        message="El cliente ya no podrá responder en este ticket; si necesita más ayuda, abrirá uno nuevo."
        confirmLabel="Cerrar ticket"
        pending={closing}
        onCancel={() => setConfirmClose(null)}
        onConfirm={async () => {
          if (!confirmClose) return;
          setClosing(true);
          await save(confirmClose);
          setClosing(false);
          setConfirmClose(null);
        }}
      />
    </>
  );
}
