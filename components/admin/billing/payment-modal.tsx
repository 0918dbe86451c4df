"use client";

import { useEffect, useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { pendingInvoicesAction, recordPaymentAction } from "@/lib/billing/actions";
import { SelectField, TextField, type SelectOption } from "@/components/ui/form-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toast";
import type { ClientOption, PendingInvoiceOption } from "@/lib/billing/admin-queries";
import { businessDate } from "@/lib/dates";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "@/lib/billing/labels";
import { BILLING_LIMITS } from "@/lib/billing/limits";
import { formatMoney } from "@/lib/format";

const paymentCreateSchema = () => import("@/lib/billing/schema").then((schemas) => schemas.paymentCreateSchema);

// "Registrar pago": for one invoice (its detail page: the amount starts at its balance) or,
// from "Pagos", for a client's pending invoice chosen first (client → its pending invoices).
// The server locks the invoice, so two admins never over-pay it; a refusal comes back per field.

const METHOD_OPTIONS: SelectOption[] = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

export type PaymentTarget = { id: number; invoice_number: string; balance: string; currency: string };

type Props = {
  onClose: () => void;
  onSaved: (outcome: { invoice_status: string }) => void;
} & ({ invoice: PaymentTarget; clients?: undefined } | { invoice?: undefined; clients: ClientOption[] });

export function PaymentModal({ invoice, clients, onClose, onSaved }: Props) {
  const form = useZodForm(paymentCreateSchema, {
    defaultValues: {
      invoice_id: invoice ? String(invoice.id) : "",
      amount: invoice?.balance ?? "",
      method: "transferencia",
      reference: "",
      paid_at: businessDate(),
    },
  });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;
  const clientFieldId = useId();
  const [clientId, setClientId] = useState("");
  const [pending, setPending] = useState<{ clientId: string; invoices: PendingInvoiceOption[] } | null>(null);
  const invoiceId = useWatch({ control: form.control, name: "invoice_id" });
  const pendingInvoices = pending && pending.clientId === clientId ? pending.invoices : null;
  const chosen: PaymentTarget | null = invoice ?? pendingInvoices?.find((option) => String(option.id) === String(invoiceId)) ?? null;

  // Client chosen: load its pending invoices (and clear the invoice of the previous client).
  useEffect(() => {
    if (invoice || !clientId) return;
    let cancelled = false;
    void pendingInvoicesAction(clientId).then((outcome) => {
      if (cancelled) return;
      if (outcome.ok) setPending({ clientId, invoices: outcome.data });
      else notify.error(`Error: ${outcome.message}`);
    });
    return () => {
      cancelled = true;
    };
  }, [clientId, invoice]);

  const invoiceField = form.register("invoice_id");

  const save = useActionSubmit(form, (values) => recordPaymentAction(values), {
    success: (payment) => (payment.invoice_status === "paid" ? "Pago registrado: la factura quedó pagada" : "Pago registrado correctamente"),
    onSuccess: (payment) => onSaved(payment),
  });
  const submit = form.handleSubmit(save);

  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      size="md"
      title="Registrar pago"
      description={invoice ? `Factura ${invoice.invoice_number} · saldo ${formatMoney(invoice.balance, invoice.currency)}` : undefined}
      testId="payment-modal"
      footer={<FormModalFooter formId="pago-nuevo" saving={saving} submitLabel="Registrar pago" onCancel={onClose} />}
    >
      <form id="pago-nuevo" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {clients && (
          <>
            <div className="sm:col-span-2">
              <label htmlFor={clientFieldId} className="mb-1.5 block text-sm font-medium text-ink-800">
                Cliente *
              </label>
              <select
                id={clientFieldId}
                value={clientId}
                onChange={(event) => {
                  setClientId(event.target.value);
                  form.setValue("invoice_id", "");
                  form.setValue("amount", "");
                }}
                className="block w-full rounded-lg border border-ink-300 bg-white px-3.5 py-2.5 pr-9 text-base text-ink-900 shadow-sm hover:border-ink-500 focus:border-brand-600 sm:text-sm"
              >
                <option value="">Elige un cliente</option>
                {clients.map((client) => (
                  <option key={client.id} value={client.id}>
                    {client.name} ({client.email})
                  </option>
                ))}
              </select>
            </div>
            <SelectField
              label="Factura pendiente *"
              className="sm:col-span-2"
              placeholder={!clientId ? "Elige primero un cliente" : pendingInvoices === null ? "Cargando..." : pendingInvoices.length === 0 ? "Sin facturas pendientes" : "Elige una factura"}
              disabled={!pendingInvoices || pendingInvoices.length === 0}
              options={(pendingInvoices ?? []).map((option) => ({
                value: String(option.id),
                label: `${option.invoice_number} · saldo ${formatMoney(option.balance, option.currency)}`,
              }))}
              error={errors.invoice_id?.message}
              {...invoiceField}
              onChange={async (event) => {
                await invoiceField.onChange(event);
                const option = pendingInvoices?.find((candidate) => String(candidate.id) === event.target.value);
                form.setValue("amount", option?.balance ?? "");
              }}
            />
          </>
        )}
        <TextField
          label={`Importe${chosen ? ` (${chosen.currency})` : ""} *`}
          inputMode="decimal"
          autoComplete="off"
          hint={chosen ? `Saldo pendiente: ${formatMoney(chosen.balance, chosen.currency)}` : undefined}
          error={errors.amount?.message}
          {...form.register("amount")}
        />
        <SelectField label="Método *" options={METHOD_OPTIONS} error={errors.method?.message} {...form.register("method")} />
        <TextField
          label="Referencia"
          autoComplete="off"
          placeholder="N.º de operación"
          maxLength={BILLING_LIMITS.reference}
          error={errors.reference?.message}
          {...form.register("reference")}
        />
        <TextField label="Fecha de pago *" type="date" max={businessDate()} error={errors.paid_at?.message} {...form.register("paid_at")} />
      </form>
    </Modal>
  );
}
