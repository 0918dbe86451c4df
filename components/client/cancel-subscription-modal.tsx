"use client";

import { useRouter } from "next/navigation";
import { requestSubscriptionCancellationAction } from "@/lib/billing/actions";
import { TextAreaField } from "@/components/ui/form-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { BILLING_LIMITS } from "@/lib/billing/limits";

const subscriptionCancelSchema = () => import("@/lib/billing/schema").then((schemas) => schemas.subscriptionCancelSchema);

/** "Solicitar cancelación"'s modal (components/client/cancel-subscription.tsx loads it when opened). */
export function CancelSubscriptionModal({
  subscriptionId,
  planName,
  periodEnd,
  onClose,
}: {
  subscriptionId: number;
  planName: string;
  periodEnd: string | null;
  onClose: () => void;
}) {
  const router = useRouter();
  const form = useZodForm(subscriptionCancelSchema, { defaultValues: { reason: "" } });
  const saving = form.formState.isSubmitting;
  const formId = `cancelar-suscripcion-${subscriptionId}`;

  const closeAndRefresh = () => {
    onClose();
    router.refresh();
  };
  const save = useActionSubmit(form, (values) => requestSubscriptionCancellationAction(subscriptionId, values), {
    success: "Solicitud de cancelación enviada",
    onSuccess: closeAndRefresh,
    onStale: closeAndRefresh,
  });
  const submit = form.handleSubmit(save);

  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      title="Solicitar cancelación"
      description={planName}
      testId="cancel-subscription-modal"
      footer={<FormModalFooter formId={formId} saving={saving} submitLabel="Enviar solicitud" onCancel={onClose} />}
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-ink-700">
          Tu suscripción seguirá activa hasta el final del periodo ya facturado
          {periodEnd ? ` (${periodEnd})` : ""}. A partir de entonces no se emitirán nuevas facturas. Nuestro equipo recibirá tu solicitud.
        </p>
        <TextAreaField
          label="Motivo (opcional)"
          rows={4}
          maxLength={BILLING_LIMITS.reason}
          hint={`Hasta ${BILLING_LIMITS.reason} caracteres.`}
          error={form.formState.errors.reason?.message}
          {...form.register("reason")}
        />
      </form>
    </Modal>
  );
}
