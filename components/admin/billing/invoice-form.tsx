"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { issueInvoiceAction } from "@/lib/billing/actions";
import { Button, ButtonLink } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField, type SelectOption } from "@/components/ui/form-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import type { ClientOption } from "@/lib/billing/admin-queries";
import { BillingFormOptionsFailure, useBillingFormOptions } from "./form-options";
import { addDays, businessDate } from "@/lib/dates";
import { CURRENCIES, CURRENCY_LABELS, INVOICE_SERIES, taxIdLabel } from "@/lib/billing/labels";
import { IGV_PERCENT, invoiceTotals } from "@/lib/billing/money";
import { BILLING_LIMITS, invoiceCreateSchema } from "@/lib/billing/schema";
import { formatMoney } from "@/lib/format";

// "Emitir factura": client (with its billing profile, or the warning that a boleta will be
// issued), currency, due date, optional description and the lines (description, quantity,
// unit price without IGV), with a live preview of Op. gravada, IGV and Total computed by
// lib/billing/money.ts, the very functions the server stores the invoice with.

const CURRENCY_OPTIONS: SelectOption[] = CURRENCIES.map((currency) => ({ value: currency, label: CURRENCY_LABELS[currency] }));
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const EMPTY_LINE = { description: "", quantity: "1", unit_price: "" };

/** A line's figures for the preview: anything not (yet) a valid amount counts as zero. */
function previewAmount(value: unknown): string {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return AMOUNT.test(text) ? text : "0";
}

export function InvoiceForm() {
  const router = useRouter();
  const { options, failure, retry } = useBillingFormOptions();
  const clients = options?.clients ?? [];
  const form = useZodForm(invoiceCreateSchema, {
    defaultValues: { user_id: "", currency: "PEN", due_date: addDays(businessDate(), 15), description: "", lines: [{ ...EMPTY_LINE }] },
  });
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;
  const [userId, currency, watchedLines] = useWatch({ control: form.control, name: ["user_id", "currency", "lines"] });
  const client = clients.find((candidate) => candidate.id === userId) ?? null;
  const totals = invoiceTotals((watchedLines ?? []).map((line) => ({ quantity: previewAmount(line?.quantity), unit_price: previewAmount(line?.unit_price) })));
  const money = (value: string) => formatMoney(value, currency ?? "PEN");
  // Issued: the edits are no longer at risk while the invoice page loads.
  const [issued, setIssued] = useState(false);

  // The server's per-field errors go on their fields, lines included ("lines.0.quantity").
  const save = useActionSubmit(form, (values) => issueInvoiceAction(values), {
    nestedFieldErrors: true,
    success: (invoice) => `Factura ${invoice.invoice_number} emitida correctamente`,
    onSuccess: (invoice) => {
      setIssued(true);
      router.push(`/admin/invoices/${invoice.id}`);
    },
  });
  const submit = form.handleSubmit(save);

  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  return (
    <form onSubmit={submit} noValidate aria-label="Emitir factura" className="flex flex-col gap-6">
      <UnsavedChangesGuard dirty={form.formState.isDirty && !issued} />
      <section className="rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6">
        <h2 className="text-lg font-semibold text-ink-900">Cliente y condiciones</h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Cliente *"
            placeholder={options ? "Elige un cliente" : "Cargando clientes…"}
            className="sm:col-span-2"
            disabled={!options}
            options={clients.map((option) => ({ value: option.id, label: `${option.name} (${option.email})` }))}
            error={errors.user_id?.message}
            {...form.register("user_id")}
          />
          {failure && (
            <div className="sm:col-span-2">
              <BillingFormOptionsFailure message={failure} onRetry={retry} />
            </div>
          )}
          {client && <CustomerPreview client={client} />}
          <SelectField label="Moneda" options={CURRENCY_OPTIONS} error={errors.currency?.message} {...form.register("currency")} />
          <TextField label="Vencimiento *" type="date" error={errors.due_date?.message} {...form.register("due_date")} />
          <TextAreaField
            label="Descripción (opcional)"
            className="sm:col-span-2"
            rows={2}
            maxLength={BILLING_LIMITS.description}
            error={errors.description?.message}
            {...form.register("description")}
          />
        </div>
      </section>

      <section className="rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6" aria-labelledby="lineas-titulo">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="lineas-titulo" className="text-lg font-semibold text-ink-900">
            Líneas
          </h2>
          <p className="text-sm text-ink-600">Precios unitarios sin IGV.</p>
        </div>
        <ol className="mt-4 flex flex-col gap-4">
          {lines.fields.map((field, index) => {
            const lineErrors = errors.lines?.[index];
            return (
              <li key={field.id} className="rounded-xl border border-ink-200 bg-ink-50/50 p-4">
                <fieldset className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_9rem_auto] sm:items-start">
                  <legend className="sr-only">Línea {index + 1}</legend>
                  <TextField
                    label={`Descripción de la línea ${index + 1} *`}
                    autoComplete="off"
                    maxLength={BILLING_LIMITS.lineDescription}
                    error={lineErrors?.description?.message}
                    {...form.register(`lines.${index}.description`)}
                  />
                  <TextField label="Cantidad *" inputMode="decimal" autoComplete="off" error={lineErrors?.quantity?.message} {...form.register(`lines.${index}.quantity`)} />
                  <TextField
                    label="Precio unitario *"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    error={lineErrors?.unit_price?.message}
                    {...form.register(`lines.${index}.unit_price`)}
                  />
                  <div className="flex items-end justify-between gap-3 sm:flex-col sm:items-end sm:pt-7">
                    <p className="text-sm whitespace-nowrap text-ink-700">
                      <span className="sr-only">Importe de la línea {index + 1}: </span>
                      {money(totals.line_totals[index] ?? "0")}
                    </p>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      disabled={lines.fields.length === 1}
                      onClick={() => lines.remove(index)}
                    >
                      Quitar<span className="sr-only"> la línea {index + 1}</span>
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        {linesError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {linesError}
          </p>
        )}
        <Button
          variant="outline"
          className="mt-4"
          disabled={lines.fields.length >= BILLING_LIMITS.lines}
          onClick={() => lines.append({ ...EMPTY_LINE })}
        >
          + Agregar línea
        </Button>

        <dl aria-label="Totales" className="mt-6 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1.5 text-sm" aria-live="polite">
          <dt className="text-ink-700">Op. gravada</dt>
          <dd className="text-right font-medium text-ink-900" data-testid="preview-subtotal">
            {money(totals.subtotal)}
          </dd>
          <dt className="text-ink-700">IGV ({IGV_PERCENT} %)</dt>
          <dd className="text-right font-medium text-ink-900" data-testid="preview-igv">
            {money(totals.tax_amount)}
          </dd>
          <dt className="border-t border-ink-200 pt-1.5 font-semibold text-ink-900">Total</dt>
          <dd className="border-t border-ink-200 pt-1.5 text-right text-base font-bold text-ink-900" data-testid="preview-total">
            {money(totals.total)}
          </dd>
        </dl>
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ButtonLink href="/admin/invoices" variant="outline">
          Cancelar
        </ButtonLink>
        <Button type="submit" disabled={saving}>
          {saving ? "Emitiendo..." : "Emitir factura"}
        </Button>
      </div>
    </form>
  );
}

/** Who the invoice will be issued to, and as which document (F001 factura to a RUC, B001 boleta otherwise). */
function CustomerPreview({ client }: { client: ClientOption }) {
  const hasRuc = client.tax_id?.length === 11;
  const hasProfile = Boolean(client.tax_id);
  return (
    <div
      className={
        hasProfile
          ? "rounded-xl border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-800 sm:col-span-2"
          : "rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:col-span-2"
      }
      role={hasProfile ? undefined : "status"}
    >
      <p>
        <span className="font-semibold">Facturar a:</span> {client.billing_name || client.name}
      </p>
      {hasProfile ? (
        <p className="mt-1">
          {taxIdLabel(client.tax_id)} {client.tax_id} · se emitirá {hasRuc ? `una factura electrónica (serie ${INVOICE_SERIES.factura})` : `una boleta de venta electrónica (serie ${INVOICE_SERIES.boleta})`}.
        </p>
      ) : (
        <p className="mt-1 font-medium">
          Este cliente no tiene perfil de facturación (razón social y RUC o DNI): se emitirá una boleta de venta (serie {INVOICE_SERIES.boleta}) a su nombre.
        </p>
      )}
    </div>
  );
}
