"use client";

import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { CSRF_HEADER_NAME, withCsrfToken } from "@/components/account/csrf";
import { FieldMessages, Label, SelectField, TextField, inputClass, useFieldIds, type SelectOption } from "@/components/ui/form-field";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import type { ActionResult } from "@/lib/actions/run";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "@/lib/billing/labels";
import { PAYMENT_REPORT_LIMITS, reportableAmount, VOUCHER_ACCEPT } from "@/lib/billing/payment-report-labels";
import type { PaymentReportContract } from "@/lib/billing/payment-report-serialize";
import { businessDate } from "@/lib/dates";
import { formatMoney } from "@/lib/format";
import { reportLimits, type ReportInvoice } from "./payment-report-limits";

// "Informar pago"'s modal (components/client/payment-report-form.tsx loads it when opened).

const METHOD_OPTIONS: SelectOption[] = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

const TEXT = {
  network: "No se pudo enviar el pago. Revisa tu conexión e inténtalo de nuevo.",
  failed: "No se pudo informar el pago. Inténtalo de nuevo en unos minutos.",
  success: "Pago informado. Te avisaremos cuando lo confirmemos.",
} as const;

type Values = { amount: string; paid_at: string; method: string; reference?: string | null; voucher?: File | null };

/** Sends the report as multipart; the answer in the shape a server action gives (for useActionSubmit). */
async function sendReport(invoiceId: number, values: Values): Promise<ActionResult<PaymentReportContract>> {
  const body = new FormData();
  body.set("amount", values.amount);
  body.set("paid_at", values.paid_at);
  body.set("method", values.method);
  if (values.reference) body.set("reference", values.reference);
  // The text fields first: the server reads them before the voucher's bytes.
  if (values.voucher) body.set("voucher", values.voucher, values.voucher.name);
  let response: Response;
  try {
    response = await withCsrfToken((token) =>
      fetch(`/api/v1/client/invoices/${invoiceId}/payment-reports`, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { Accept: "application/json", [CSRF_HEADER_NAME]: token },
      }),
    );
  } catch {
    return { ok: false, status: 0, message: TEXT.network };
  }
  const answer = (await response.json().catch(() => null)) as { data?: PaymentReportContract; message?: string; errors?: Record<string, string[]> } | null;
  if (response.status === 201 && answer?.data) return { ok: true, data: answer.data };
  const message = typeof answer?.message === "string" && answer.message && response.status < 500 ? answer.message : TEXT.failed;
  // A voucher over the limit is cut off by the server as it arrives: its 413 belongs to that field.
  const errors = answer?.errors ?? (response.status === 413 ? { voucher: [message] } : undefined);
  return { ok: false, status: response.status, message, errors };
}

export function PaymentReportModal({ invoice, onClose }: { invoice: ReportInvoice; onClose: () => void }) {
  const router = useRouter();
  const limits = useMemo(() => reportLimits(invoice), [invoice]);
  // The schema (and zod) load on the form's first check, not with the invoice.
  const schema = useMemo(() => () => import("@/lib/billing/payment-report-schema").then((schemas) => schemas.paymentReportFormSchema(limits)), [limits]);
  const available = reportableAmount(limits.balance, limits.pendingAmounts);
  const today = businessDate();
  const form = useZodForm(schema, {
    defaultValues: { amount: available, paid_at: today, method: "transferencia", reference: "", voucher: null },
  });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;
  const voucherIds = useFieldIds(errors.voucher?.message as string | undefined, "Opcional. Una imagen (PNG, JPEG, WebP o GIF) o un PDF de hasta 5 MB.");
  const formId = `informar-pago-${invoice.id}`;

  const closeAndRefresh = () => {
    onClose();
    router.refresh();
  };
  const save = useActionSubmit(form, (values) => sendReport(invoice.id, values as Values), {
    success: TEXT.success,
    onSuccess: closeAndRefresh,
    // The invoice changed meanwhile (paid, cancelled, gone): show it as it is now.
    onStale: closeAndRefresh,
  });
  const submit = form.handleSubmit(save);

  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      size="md"
      title="Informar pago"
      description={`Factura ${invoice.invoice_number} · saldo ${formatMoney(invoice.balance, invoice.currency)}`}
      testId="payment-report-modal"
      footer={<FormModalFooter formId={formId} saving={saving} submitLabel="Informar pago" onCancel={onClose} />}
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <p className="text-sm text-ink-700 sm:col-span-2">
          Cuéntanos cómo pagaste y adjunta el comprobante si lo tienes. Revisaremos el pago y te avisaremos cuando lo confirmemos; hasta entonces, el saldo de la factura no cambia.
        </p>
        <TextField
          label={`Monto (${invoice.currency}) *`}
          inputMode="decimal"
          autoComplete="off"
          hint={`Hasta ${formatMoney(available, invoice.currency)}`}
          error={errors.amount?.message}
          {...form.register("amount")}
        />
        <TextField label="Fecha de pago *" type="date" min={invoice.issued_at} max={today} error={errors.paid_at?.message} {...form.register("paid_at")} />
        <SelectField label="Medio de pago *" options={METHOD_OPTIONS} error={errors.method?.message} {...form.register("method")} />
        <TextField
          label="Número de operación"
          autoComplete="off"
          maxLength={PAYMENT_REPORT_LIMITS.reference}
          hint="El que figura en tu constancia de transferencia, Yape o Plin."
          error={errors.reference?.message}
          {...form.register("reference")}
        />
        <div className="sm:col-span-2">
          <Label htmlFor={voucherIds.id} label="Comprobante (opcional, imagen o PDF, máx. 5 MB)" />
          <input
            id={voucherIds.id}
            type="file"
            accept={VOUCHER_ACCEPT}
            aria-invalid={errors.voucher ? true : undefined}
            aria-describedby={voucherIds.describedBy}
            className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800`}
            onChange={(event) => form.setValue("voucher", event.target.files?.[0] ?? null, { shouldValidate: true, shouldDirty: true })}
          />
          <FieldMessages id={voucherIds.id} error={errors.voucher?.message as string | undefined} hint="Opcional. Una imagen (PNG, JPEG, WebP o GIF) o un PDF de hasta 5 MB." />
        </div>
      </form>
    </Modal>
  );
}
