"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { formatShortDay } from "@/components/account/dates";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextAreaField } from "@/components/ui/form-field";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { confirmPaymentReportAction, rejectPaymentReportAction } from "@/lib/billing/actions";
import { balanceDue, compareMoney } from "@/lib/billing/money";
import { PAYMENT_REPORT_LIMITS } from "@/lib/billing/payment-report-labels";
import type { PaymentReportContract } from "@/lib/billing/payment-report-serialize";
import { formatMoney } from "@/lib/format";

const paymentReportRejectSchema = () => import("@/lib/billing/payment-report-schema").then((schemas) => schemas.paymentReportRejectSchema);

// The review of a payment the client reported, shared by "Pagos por confirmar" and the invoice
// detail: its voucher (an image shown small, a PDF as a link), "Confirmar" (a confirmation that
// says what the balance becomes) and "Rechazar" (a reason the client will read). The server
// judges again: a report reviewed meanwhile, or one above the balance, comes back as a toast.

/** The voucher: a thumbnail that opens the image, or a link to the PDF; "Sin comprobante" when none. */
export function VoucherPreview({ report }: { report: Pick<PaymentReportContract, "id" | "voucher" | "amount" | "currency"> }) {
  const voucher = report.voucher;
  if (!voucher) return <span className="text-sm text-ink-600">Sin comprobante</span>;
  const label = `Comprobante del pago de ${formatMoney(report.amount, report.currency)}`;
  if (voucher.mime.startsWith("image/")) {
    return (
      <a href={voucher.url} target="_blank" rel="noopener" className="inline-block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600">
        {/* eslint-disable-next-line @next/next/no-img-element -- a private file behind the admin's session */}
        <img src={voucher.url} alt={label} loading="lazy" className="h-20 w-28 rounded-lg border border-ink-200 bg-ink-50 object-contain" />
      </a>
    );
  }
  return (
    <a href={voucher.url} download className="text-sm font-medium text-brand-800 underline underline-offset-2">
      Ver comprobante (PDF)<span className="sr-only">: {label}</span>
    </a>
  );
}

/** "Confirmar" and "Rechazar" of a pending report; nothing for a reviewed one. */
export function PaymentReportReviewActions({ report }: { report: PaymentReportContract }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [pending, startTransition] = useTransition();
  if (report.status !== "pending") return null;

  const money = (value: string) => formatMoney(value, report.currency);
  const above = compareMoney(report.amount, report.invoice.balance) > 0;
  const confirm = () => {
    startTransition(async () => {
      const outcome = await confirmPaymentReportAction(report.id);
      if (outcome.ok) {
        notify.success(outcome.data.invoice.status === "paid" ? "Pago confirmado: la factura quedó pagada" : "Pago confirmado");
        setConfirming(false);
      } else {
        notify.error(`Error: ${outcome.message}`);
        if ([404, 409, 422].includes(outcome.status)) setConfirming(false);
      }
      router.refresh();
    });
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => setConfirming(true)}>
        Confirmar<span className="sr-only"> el pago de {money(report.amount)} de la factura {report.invoice.invoice_number}</span>
      </Button>
      <Button size="sm" variant="outline" className="border-red-300 text-red-800 hover:border-red-400 hover:bg-red-50 hover:text-red-900" onClick={() => setRejecting(true)}>
        Rechazar<span className="sr-only"> el pago de {money(report.amount)} de la factura {report.invoice.invoice_number}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Confirmar pago"
        confirmLabel="Confirmar pago"
        pendingLabel="Confirmando..."
        tone="primary"
        pending={pending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        message={
          <div className="flex flex-col gap-3">
            <p>
              ¿Confirmas el pago de {money(report.amount)} por {report.method_label} del {formatShortDay(report.paid_at)}
              {report.reference ? ` (n.º de operación ${report.reference})` : ""} que informó {report.user.name} para la factura {report.invoice.invoice_number}?
            </p>
            {above ? (
              <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
                El monto supera el saldo pendiente de la factura ({money(report.invoice.balance)}): recházalo, o registra a mano el monto correcto con «Registrar pago».
              </p>
            ) : (
              <p className="text-sm">
                Se registrará como pago y el saldo de la factura quedará en {money(balanceDue(report.invoice.balance, report.amount))}. Le avisaremos al cliente.
              </p>
            )}
          </div>
        }
      />
      {rejecting && <RejectModal report={report} onClose={() => setRejecting(false)} />}
    </div>
  );
}

function RejectModal({ report, onClose }: { report: PaymentReportContract; onClose: () => void }) {
  const router = useRouter();
  const form = useZodForm(paymentReportRejectSchema, { defaultValues: { reason: "" } });
  const saving = form.formState.isSubmitting;
  const formId = `rechazar-pago-${report.id}`;
  const closeAndRefresh = () => {
    onClose();
    router.refresh();
  };
  const save = useActionSubmit(form, (values) => rejectPaymentReportAction(report.id, values), {
    success: "Pago rechazado. Le avisamos al cliente con el motivo.",
    onSuccess: closeAndRefresh,
    // Reviewed by someone else meanwhile: show it as it is now.
    onStale: closeAndRefresh,
  });
  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      size="md"
      title="Rechazar pago"
      description={`${formatMoney(report.amount, report.currency)} por ${report.method_label} · factura ${report.invoice.invoice_number} · ${report.user.name}`}
      testId="payment-report-reject"
      footer={<FormModalFooter formId={formId} saving={saving} submitLabel="Rechazar pago" onCancel={onClose} />}
    >
      <form id={formId} onSubmit={form.handleSubmit(save)} noValidate>
        <TextAreaField
          label="Motivo del rechazo *"
          hint="El cliente lo leerá en su portal y por correo. Por ejemplo: no encontramos la operación en nuestra cuenta."
          maxLength={PAYMENT_REPORT_LIMITS.rejectReason}
          rows={4}
          data-autofocus
          error={form.formState.errors.reason?.message}
          {...form.register("reason")}
        />
      </form>
    </Modal>
  );
}
