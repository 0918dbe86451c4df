"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextAreaField } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toast";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { messageFailure, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { ComplaintDetailContract } from "@/lib/complaints/admin-queries";
import { ANSWER_EMAIL_STATUS_LABELS, COMPLAINT_ANSWER_MAX } from "@/lib/complaints/admin-labels";
import { answerComplaintAction, resendComplaintAnswerAction } from "@/lib/complaints/actions/admin";

const complaintAnswerSchema = () => import("@/lib/complaints/admin-schema").then((schemas) => schemas.complaintAnswerSchema);

// The answer to a sheet (written once: the confirmation says it cannot be changed afterwards) and
// "Reenviar" of its e-mail. Both post server actions that call lib/complaints/answer.ts, like the
// REST handlers; the page refreshes to show the sheet as it now stands.

export const ANSWER_CONFIRM_TEXT = "La respuesta no se podrá modificar después de enviarla.";

/** After the answer or a resend: whether the consumer's e-mail went out, and what to do if not. */
function announceEmail(sheet: ComplaintDetailContract) {
  const status = sheet.answer_email.status;
  if (status === "sent") notify.success("Respuesta enviada por correo al consumidor");
  else notify.error(`Correo: ${ANSWER_EMAIL_STATUS_LABELS[status]}`, { description: sheet.answer_email.error ?? "Usa «Reenviar» cuando el correo saliente funcione." });
}

export function ComplaintAnswerForm({ complaintId, consumerEmail }: { complaintId: number; consumerEmail: string }) {
  const router = useRouter();
  const form = useZodForm(complaintAnswerSchema, { defaultValues: { answer: "" } });
  const errors = form.formState.errors;
  const [confirming, setConfirming] = useState<{ answer: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const save = useActionSubmit(form, (values: { answer: string }) => answerComplaintAction(complaintId, values), {
    // The answer is stored either way; whether its e-mail went out is told on its own (announceEmail).
    success: (sheet) => (sheet.answer_email.status === "sent" ? null : "Respuesta registrada"),
    onSuccess: (sheet) => {
      setSent(true);
      form.reset({ answer: "" });
      announceEmail(sheet);
      router.refresh();
    },
    failureToast: messageFailure,
    // Answered meanwhile (409) or gone: show the sheet as it is now.
    onStale: () => router.refresh(),
  });

  return (
    <>
      <UnsavedChangesGuard dirty={form.formState.isDirty && !sent} />
      <form
        onSubmit={form.handleSubmit((values) => setConfirming(values))}
        noValidate
        aria-label="Responder la hoja de reclamación"
        className="flex flex-col gap-3 rounded-2xl border border-ink-200 bg-white p-4 shadow-card sm:p-5"
      >
        <TextAreaField
          label="Respuesta al consumidor"
          requiredMark
          rows={8}
          maxLength={COMPLAINT_ANSWER_MAX}
          hint={`Se enviará a ${consumerEmail} con la hoja en PDF. ${ANSWER_CONFIRM_TEXT}`}
          error={errors.answer?.message}
          {...form.register("answer")}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={sending}>
            {sending ? "Enviando..." : "Enviar respuesta"}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="¿Enviar la respuesta?"
        message={ANSWER_CONFIRM_TEXT}
        confirmLabel="Enviar respuesta"
        pendingLabel="Enviando..."
        tone="primary"
        pending={sending}
        onCancel={() => setConfirming(null)}
        onConfirm={async () => {
          if (!confirming) return;
          setSending(true);
          try {
            await save(confirming);
          } finally {
            setSending(false);
            setConfirming(null);
          }
        }}
      />
    </>
  );
}

/** "Reenviar": the answer's e-mail again, when the last one did not go out. */
export function ResendAnswerButton({ complaintId }: { complaintId: number }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function resend() {
    setPending(true);
    try {
      const result = await resendComplaintAnswerAction(complaintId);
      if (result.ok) announceEmail(result.data);
      else notify.error("No se reenvió la respuesta", { description: result.message });
      router.refresh();
    } catch (error) {
      console.error("[complaints] reenviar", error);
      notify.error("No se reenvió la respuesta", { description: "Error de conexión. Verifica tu conexión a internet." });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={resend} disabled={pending} aria-busy={pending || undefined}>
      {pending ? "Reenviando..." : "Reenviar"}
    </Button>
  );
}
