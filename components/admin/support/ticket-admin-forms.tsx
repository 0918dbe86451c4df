"use client";

import { useRouter } from "next/navigation";
import { TicketReplyForm } from "@/components/account/ticket-reply-form";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toast";
import { messageFailure, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { replyToTicketAction, resendTicketReplyAction, updateTicketAction } from "@/lib/support/actions";
import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_REPLY_DELIVERY_MESSAGES,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type TicketPriorityCode,
  type TicketStatusCode,
} from "@/lib/support/labels";
import type { TicketUpdateValues } from "@/lib/support/schema";
import type { StaffReplyResult } from "@/lib/support/serialize";

const ticketUpdateSchema = () => import("@/lib/support/schema").then((schemas) => schemas.ticketUpdateSchema);

// The admin's forms on a ticket: the staff reply (e-mailed to the client, with the author's
// signature), "Reenviar" on a reply whose e-mail did not go out, and the status / priority /
// assignee change. They post server actions that call lib/support/service.ts, like the REST handlers.

const STATUS_OPTIONS = TICKET_STATUSES.map((status) => ({ value: status, label: TICKET_STATUS_LABELS[status] }));
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((priority) => ({ value: priority, label: TICKET_PRIORITY_LABELS[priority] }));

const MAIL_FAILURE = "La respuesta no se envió por correo";

/** A stored reply whose e-mail did not go out is told as a failure, with what to do. */
function announceDelivery(result: StaffReplyResult) {
  if (!result.delivery.sent) notify.error(MAIL_FAILURE, { description: result.delivery.error ?? TICKET_REPLY_DELIVERY_MESSAGES[result.delivery.status] });
}

export function StaffReplyForm({ ticketId, signature }: { ticketId: number; signature: string | null }) {
  return (
    <TicketReplyForm
      ticketId={ticketId}
      send={replyToTicketAction}
      label="Respuesta al cliente"
      hint="El cliente la verá en su portal y la recibirá por correo."
      // The reply reached the client's portal either way; a mail that did not go out is told apart.
      successText="Respuesta enviada"
      onSent={announceDelivery}
      footer={
        signature ? (
          <div data-testid="signature-preview" className="rounded-xl border border-dashed border-ink-300 bg-ink-50 px-3 py-2 text-sm text-ink-700">
            <p className="text-xs font-semibold text-ink-600">Se añadirá tu firma:</p>
            <p className="mt-1 break-words whitespace-pre-wrap">{signature}</p>
          </div>
        ) : (
          <p className="text-xs text-ink-600">
            Sin firma: puedes añadir una en{" "}
            <a href="/admin/profile" className="font-semibold text-brand-700 hover:underline">
              tu perfil
            </a>
            .
          </p>
        )
      }
    />
  );
}

/** "Reenviar" on a staff reply whose e-mail failed, found no mail configuration, or never got an answer. */
export function ResendReplyButton({ ticketId, replyId, disabled }: { ticketId: number; replyId: number; disabled?: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function resend() {
    setPending(true);
    try {
      const result = await resendTicketReplyAction(ticketId, replyId);
      if (!result.ok) notify.error(MAIL_FAILURE, { description: result.message });
      else if (result.data.delivery.sent) notify.success("Respuesta enviada por correo");
      else announceDelivery(result.data);
      router.refresh();
    } catch (error) {
      console.error("[tickets] reenviar", error);
      notify.error(MAIL_FAILURE, { description: "Error de conexión. Verifica tu conexión a internet." });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={resend} disabled={pending || disabled} className="shrink-0">
      {pending ? "Reenviando..." : "Reenviar"}
    </Button>
  );
}

export type AssigneeOption = { id: string; name: string };

export function TicketStatusForm({
  ticketId,
  status,
  priority,
  assignedTo,
  assignees,
}: {
  ticketId: number;
  status: TicketStatusCode;
  priority: TicketPriorityCode;
  assignedTo: AssigneeOption | null;
  assignees: AssigneeOption[];
}) {
  const router = useRouter();
  const assignee = assignedTo?.id ?? "";
  // The current assignee stays selectable even if no longer listed (an admin who lost the role).
  const people = assignedTo && !assignees.some((person) => person.id === assignedTo.id) ? [...assignees, assignedTo] : assignees;
  const assigneeOptions = [{ value: "", label: "Sin asignar" }, ...people.map((person) => ({ value: person.id, label: person.name }))];
  const form = useZodForm(ticketUpdateSchema, { defaultValues: { status, priority, assigned_to: assignee } });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;

  // "Guardar cambios" is on while a value differs from the ticket's. Not formState.isDirty: a choice
  // made before the page hydrated is kept by react-hook-form (7.92) but marked dirty without a
  // re-render, and choosing the same option again never turns saving on. Read after mount (that
  // choice) and on every change.
  const [changed, setChanged] = useState(false);
  const differs = (values: TicketUpdateValues) => values.status !== status || values.priority !== priority || (values.assigned_to ?? "") !== assignee;
  useEffect(() => {
    // react-hook-form's values live outside React; its fields registered during this commit.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setChanged(differs(form.getValues()));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- status, priority and assignee are fixed per mount (the page keys the form by them)
  }, [form]);

  // Closing is final for the client (no more replies), so it asks first.
  const [confirmClose, setConfirmClose] = useState<TicketUpdateValues | null>(null);
  const [closing, setClosing] = useState(false);

  const save = useActionSubmit(form, (values: TicketUpdateValues) => updateTicketAction(ticketId, values), {
    success: "Ticket actualizado correctamente",
    onSuccess: (ticket) => {
      form.reset({ status: ticket.status, priority: ticket.priority, assigned_to: ticket.assigned_to?.id ?? "" });
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
      <form onSubmit={submit} onChange={() => setChanged(differs(form.getValues()))} noValidate aria-label="Estado, prioridad y asignación" className="flex flex-col gap-4">
        {/* defaultValue too, so the server-rendered select already shows the ticket's values before hydration. */}
        <SelectField label="Estado" options={STATUS_OPTIONS} defaultValue={status} error={errors.status?.message} {...form.register("status")} />
        <SelectField label="Prioridad" options={PRIORITY_OPTIONS} defaultValue={priority} error={errors.priority?.message} {...form.register("priority")} />
        <SelectField label="Asignado a" options={assigneeOptions} defaultValue={assignee} error={errors.assigned_to?.message} {...form.register("assigned_to")} />
        <Button type="submit" variant="outline" disabled={saving || closing || !changed}>
          {saving || closing ? "Guardando..." : "Guardar cambios"}
        </Button>
      </form>
      <ConfirmDialog
        open={confirmClose !== null}
        title="¿Cerrar el ticket?"
        message="El cliente ya no podrá responder en el portal (si necesita más ayuda, abrirá uno nuevo); si contesta a uno de nuestros correos, el ticket se volverá a abrir."
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
