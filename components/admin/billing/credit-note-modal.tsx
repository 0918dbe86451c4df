"use client";

import { useId, useMemo } from "react";
import { useWatch } from "react-hook-form";
import { issueCreditNoteAction } from "@/lib/billing/actions";
import { FieldMessages, SelectField, TextField, useFieldIds } from "@/components/ui/form-field";
import { failureUnlessOnFields, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { BILLING_LIMITS } from "@/lib/billing/schema";
import type { CreditNoteContract, InvoiceContract } from "@/lib/billing/serialize";
import { formatMoney } from "@/lib/format";
import { CREDIT_NOTE_REASON_OPTIONS, creditableLeft, creditNoteFormSchema, creditNotePreview, reasonTakesWhole, type CreditNoteFormValues } from "./credit-note-form";

// "Emitir nota de crédito": the reason (catálogo 09), its description, and whether it takes back
// the whole of what is left or an amount IGV included, with the note's figures previewed. The
// server locks the invoice and checks it all again; a refusal comes back on its field.

export type CreditNoteTarget = Pick<
  InvoiceContract,
  "id" | "invoice_number" | "document_type" | "amount" | "amount_credited" | "subtotal" | "tax_amount" | "tax_rate" | "currency"
>;

type Props = {
  invoice: CreditNoteTarget;
  onClose: () => void;
  onSaved: (note: CreditNoteContract) => void;
};

export function CreditNoteModal({ invoice, onClose, onSaved }: Props) {
  const left = creditableLeft(invoice);
  const schema = useMemo(() => creditNoteFormSchema(left, invoice.currency), [left, invoice.currency]);
  const defaultValues: CreditNoteFormValues = { reason_code: "01", description: "", scope: "total", amount: "" };
  const form = useZodForm(schema, { defaultValues });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;
  const [reasonCode, scope, amount] = useWatch({ control: form.control, name: ["reason_code", "scope", "amount"] });
  const wholeOnly = reasonTakesWhole(reasonCode);
  const effectiveScope = wholeOnly ? "total" : scope;
  const preview = creditNotePreview(invoice, effectiveScope, amount);
  const money = (value: string) => formatMoney(value, invoice.currency);
  const scopeHint = wholeOnly ? "Este motivo anula el comprobante completo: la nota es por todo lo que queda por acreditar." : undefined;
  const scopeIds = useFieldIds(errors.scope?.message, scopeHint);
  const previewId = useId();

  const save = useActionSubmit(form, (values) => issueCreditNoteAction(invoice.id, values), {
    success: (note) => `Nota de crédito ${note.number} emitida`,
    onSuccess: (note) => onSaved(note),
    failureToast: failureUnlessOnFields((refusal) => `Error al emitir la nota de crédito: ${refusal.message}`),
  });
  const submit = form.handleSubmit(save);

  const scopeField = form.register("scope");
  const reasonField = form.register("reason_code");

  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      size="md"
      title="Emitir nota de crédito"
      description={`${invoice.document_type} ${invoice.invoice_number} · se puede acreditar hasta ${money(left)} (IGV incluido)`}
      testId="credit-note-modal"
      footer={<FormModalFooter formId="nota-credito" saving={saving} submitLabel="Emitir nota de crédito" onCancel={onClose} />}
    >
      <form id="nota-credito" onSubmit={submit} noValidate className="grid gap-4">
        <SelectField
          label="Motivo *"
          options={CREDIT_NOTE_REASON_OPTIONS}
          error={errors.reason_code?.message}
          data-autofocus
          {...reasonField}
          onChange={async (event) => {
            await reasonField.onChange(event);
            // A reason that takes back the whole document leaves no room for a partial amount.
            if (reasonTakesWhole(event.target.value)) form.setValue("scope", "total");
          }}
        />
        <TextField
          label="Descripción *"
          autoComplete="off"
          maxLength={BILLING_LIMITS.creditNoteDescription}
          hint={`Aparece en la nota de crédito (hasta ${BILLING_LIMITS.creditNoteDescription} caracteres).`}
          error={errors.description?.message}
          {...form.register("description")}
        />
        <fieldset aria-describedby={scopeIds.describedBy}>
          <legend className="mb-1.5 text-sm font-medium text-ink-800">Importe *</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            <label className="flex min-h-11 items-center gap-2 text-sm text-ink-900">
              <input type="radio" value="total" className="size-4 accent-brand-600" {...scopeField} />
              Total ({money(left)})
            </label>
            <label className={`flex min-h-11 items-center gap-2 text-sm ${wholeOnly ? "text-ink-500" : "text-ink-900"}`}>
              <input type="radio" value="partial" className="size-4 accent-brand-600" disabled={wholeOnly} {...scopeField} />
              Parcial
            </label>
          </div>
          <FieldMessages
            id={scopeIds.id}
            error={errors.scope?.message}
            hint={scopeHint}
          />
        </fieldset>
        {effectiveScope === "partial" && (
          <TextField
            label={`Importe a acreditar, IGV incluido (${invoice.currency}) *`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            hint={`Máximo ${money(left)}.`}
            error={errors.amount?.message}
            {...form.register("amount")}
          />
        )}
        <section aria-labelledby={previewId} className="rounded-xl border border-ink-200 bg-ink-50 px-4 py-3">
          <h3 id={previewId} className="text-sm font-semibold text-ink-900">
            Vista previa de la nota
          </h3>
          <div aria-live="polite">
            {preview ? (
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
                <dt className="text-ink-700">Op. gravada</dt>
                <dd className="text-right font-medium">{money(preview.subtotal)}</dd>
                <dt className="text-ink-700">IGV ({Number(invoice.tax_rate)} %)</dt>
                <dd className="text-right font-medium">{money(preview.tax)}</dd>
                <dt className="font-semibold text-ink-900">Total de la nota</dt>
                <dd className="text-right font-semibold text-ink-900">{money(preview.total)}</dd>
              </dl>
            ) : (
              <p className="mt-2 text-sm text-ink-600">Ingresa un importe válido para ver las cifras.</p>
            )}
          </div>
        </section>
      </form>
    </Modal>
  );
}
