"use client";

import { useId, useRef, useState, type ChangeEvent } from "react";
import { useFieldArray } from "react-hook-form";
import { removePaymentQrAction, updateCollectionSettingsAction, uploadPaymentQrAction } from "@/lib/billing/actions/collection-settings";
import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  collectionSettingsUpdateSchema,
  PAYMENT_QR_TYPES,
  type CollectionSettingsContract,
  type CollectionSettingsFormValues,
} from "@/lib/billing/collection-settings-schema";
import { CURRENCIES, CURRENCY_LABELS } from "@/lib/billing/labels";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldMessages, inputClass, Label, SelectField, TextAreaField, TextField, useFieldIds } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toast";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { SettingsSection } from "./settings-section";

// "Cobros", the third part of Configuración: how clients pay (bank accounts, Yape, Plin, the QR
// image and a free text, shown as "Cómo pagar" on every open invoice: page, PDF and e-mail) and
// the payment reminders of the daily billing run. The form is validated with the same schema as
// its server action and PUT /api/v1/admin/settings/collections; the QR image is uploaded and
// removed on its own, at once.

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: CURRENCY_LABELS[currency] }));
const QR_HINT = "PNG, JPG o WebP de hasta 2 MB. Se muestra junto a Yape y Plin en las facturas en soles.";
const NEW_ACCOUNT = { bank: "", currency: "PEN", account_number: "", cci: "" } as const;

type FormShape = {
  payment_instructions: { accounts: { bank: string; currency: string; account_number: string; cci: string }[]; yape: string; plin: string; text: string };
  payment_reminders: { enabled: boolean; days_before: string; every_days: string };
};

/** The contract's nulls as empty inputs, the days as the text of their inputs. */
function formValues(settings: CollectionSettingsContract): FormShape {
  const { payment_instructions: instructions, payment_reminders: reminders } = settings;
  return {
    payment_instructions: {
      accounts: instructions.accounts.map((account) => ({ bank: account.bank, currency: account.currency, account_number: account.account_number, cci: account.cci ?? "" })),
      yape: instructions.yape ?? "",
      plin: instructions.plin ?? "",
      text: instructions.text ?? "",
    },
    payment_reminders: { enabled: reminders.enabled, days_before: String(reminders.days_before), every_days: String(reminders.every_days) },
  };
}

/** "Código QR (opcional)": the current image, and its upload, replacement and removal (each at once). */
function PaymentQrField({ qrUrl, onChange }: { qrUrl: string | null; onChange: (next: CollectionSettingsContract) => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const field = useFieldIds(error, QR_HINT);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const reset = () => {
      if (fileRef.current) fileRef.current.value = "";
    };
    if (chosen.size === 0) {
      setError(COLLECTION_MESSAGES.qrEmpty);
      return reset();
    }
    if (chosen.size > COLLECTION_LIMITS.qrBytes) {
      setError(COLLECTION_MESSAGES.qrTooLarge);
      return reset();
    }
    const form = new FormData();
    form.append("image", chosen);
    setError(undefined);
    setUploading(true);
    try {
      const outcome = await uploadPaymentQrAction(form);
      if (outcome.ok) {
        notify.success("Código QR guardado correctamente");
        onChange(outcome.data);
      } else if (outcome.errors?.image?.[0]) {
        setError(outcome.errors.image[0]);
      } else {
        notify.error(`Error al subir el código QR: ${outcome.message}`);
      }
    } catch {
      notify.error("No se pudo subir el código QR. Revisa tu conexión e inténtalo de nuevo.");
    } finally {
      setUploading(false);
      reset();
    }
  };

  const remove = async () => {
    if (!qrUrl) return;
    setRemoving(true);
    try {
      const outcome = await removePaymentQrAction(qrUrl);
      if (outcome.ok) {
        notify.success("Código QR quitado");
        onChange(outcome.data);
      } else {
        notify.error(`Error al quitar el código QR: ${outcome.message}`);
      }
    } catch {
      notify.error("No se pudo quitar el código QR. Revisa tu conexión e inténtalo de nuevo.");
    } finally {
      setRemoving(false);
      setConfirming(false);
    }
  };

  return (
    <div className="sm:col-span-2">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex size-40 shrink-0 items-center justify-center rounded-xl border border-ink-200 bg-ink-50 p-1" data-testid="payment-qr-preview">
          {qrUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- a private image served to signed-in users, not a page image
            <img src={qrUrl} alt="Código QR de pago actual" width={152} height={152} className="size-38 rounded-lg bg-white object-contain" />
          ) : (
            <span className="px-3 text-center text-sm text-ink-600">Sin código QR</span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <Label htmlFor={field.id} label={qrUrl ? "Reemplazar el código QR" : "Código QR (opcional)"} />
          <input
            ref={fileRef}
            id={field.id}
            type="file"
            accept={PAYMENT_QR_TYPES.join(",")}
            disabled={uploading || removing}
            onChange={upload}
            aria-invalid={error ? true : undefined}
            aria-describedby={field.describedBy}
            className={inputClass}
          />
          <FieldMessages id={field.id} error={error} hint={QR_HINT} />
          {uploading && (
            <p role="status" className="mt-1.5 text-sm text-ink-700">
              Subiendo...
            </p>
          )}
          {qrUrl && (
            <Button variant="outline" size="sm" className="mt-3" onClick={() => setConfirming(true)} disabled={uploading || removing}>
              Quitar código QR
            </Button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Quitar código QR"
        message="¿Seguro que deseas quitar el código QR? Las facturas en soles seguirán mostrando los números de Yape y Plin."
        confirmLabel="Quitar código QR"
        pendingLabel="Quitando..."
        pending={removing}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** "Cobros" of Configuración: payment instructions, the QR image and the reminders. */
export function CollectionSettings({ settings: initial }: { settings: CollectionSettingsContract }) {
  const [qrUrl, setQrUrl] = useState(initial.payment_instructions.qr_url);
  const form = useZodForm(collectionSettingsUpdateSchema, { defaultValues: formValues(initial) as CollectionSettingsFormValues });
  const { errors, isSubmitting } = form.formState;
  const accounts = useFieldArray({ control: form.control, name: "payment_instructions.accounts" as never });
  const instructionErrors = errors.payment_instructions;
  const reminderErrors = errors.payment_reminders;
  const accountErrors = instructionErrors?.accounts;

  const save = useActionSubmit(form, (values) => updateCollectionSettingsAction(values), {
    success: "Configuración de cobros guardada",
    onSuccess: (saved) => {
      // The server's values (mobiles in their written form, the CCI as its digits).
      form.reset(formValues(saved) as CollectionSettingsFormValues);
      setQrUrl(saved.payment_instructions.qr_url);
    },
    nestedFieldErrors: true,
    failureToast: (refusal, shownOnFields) => (shownOnFields && refusal.status === 422 ? refusal.message : `Error al guardar: ${refusal.message}`),
  });
  const submit = form.handleSubmit(save);
  const headingId = useId();

  return (
    <section id="cobros" aria-labelledby={headingId} className="mt-12 scroll-mt-24">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink-900">
        Cobros
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Cómo te pagan tus clientes y cuándo se les recuerda. Las cuentas, Yape, Plin, el código QR y las indicaciones se muestran como «Cómo pagar» en cada factura
        pendiente: en el portal del cliente, en el PDF y en el correo de la factura.
      </p>

      <UnsavedChangesGuard dirty={form.formState.isDirty} />
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-6" aria-label="Configuración de cobros">
        <SettingsSection columns={false}
          title="Cuentas bancarias"
          description={`Cada factura muestra solo las cuentas de su moneda. Hasta ${COLLECTION_LIMITS.accounts} cuentas.`}
        >
          {accounts.fields.length === 0 ? (
            <p className="rounded-xl border border-dashed border-ink-300 px-4 py-3 text-sm text-ink-700">No hay cuentas bancarias registradas.</p>
          ) : (
            <ol className="flex flex-col gap-4">
              {accounts.fields.map((row, index) => {
                const rowErrors = accountErrors?.[index];
                const number = index + 1;
                return (
                  <li key={row.id}>
                    <fieldset className="rounded-xl border border-ink-200 p-4">
                      <legend className="px-1 text-sm font-semibold text-ink-800">Cuenta {number}</legend>
                      <div className="grid gap-4 sm:grid-cols-2">
                        <TextField
                          label="Banco"
                          autoComplete="off"
                          maxLength={COLLECTION_LIMITS.bankMax}
                          placeholder="BCP"
                          error={rowErrors?.bank?.message}
                          {...form.register(`payment_instructions.accounts.${index}.bank`)}
                        />
                        <SelectField label="Moneda" options={CURRENCY_OPTIONS} error={rowErrors?.currency?.message} {...form.register(`payment_instructions.accounts.${index}.currency`)} />
                        <TextField
                          label="Número de cuenta"
                          autoComplete="off"
                          inputMode="numeric"
                          maxLength={COLLECTION_LIMITS.accountMax}
                          placeholder="193-1234567-0-12"
                          hint="Dígitos y guiones."
                          error={rowErrors?.account_number?.message}
                          {...form.register(`payment_instructions.accounts.${index}.account_number`)}
                        />
                        <TextField
                          label="CCI (opcional)"
                          autoComplete="off"
                          inputMode="numeric"
                          maxLength={40}
                          placeholder="00219300123456701212"
                          hint="Código de cuenta interbancario: 20 dígitos."
                          error={rowErrors?.cci?.message}
                          {...form.register(`payment_instructions.accounts.${index}.cci`)}
                        />
                      </div>
                      <div className="mt-3 flex justify-end">
                        <Button variant="ghost" size="sm" onClick={() => accounts.remove(index)}>
                          Quitar<span className="sr-only"> la cuenta {number}</span>
                        </Button>
                      </div>
                    </fieldset>
                  </li>
                );
              })}
            </ol>
          )}
          {accountErrors?.message && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {accountErrors.message}
            </p>
          )}
          <div className="mt-4">
            <Button variant="outline" onClick={() => accounts.append({ ...NEW_ACCOUNT } as never)} disabled={accounts.fields.length >= COLLECTION_LIMITS.accounts}>
              + Agregar cuenta
            </Button>
          </div>
        </SettingsSection>

        <SettingsSection columns={false} title="Yape y Plin" description="Solo para pagos en soles: se muestran en las facturas en soles, con el código QR si lo subes.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Yape"
              type="tel"
              autoComplete="off"
              maxLength={30}
              placeholder="987 654 321"
              hint="Celular de 9 dígitos. Se guarda como +51 …"
              error={instructionErrors?.yape?.message}
              {...form.register("payment_instructions.yape")}
            />
            <TextField
              label="Plin"
              type="tel"
              autoComplete="off"
              maxLength={30}
              placeholder="987 654 321"
              hint="Celular de 9 dígitos. Se guarda como +51 …"
              error={instructionErrors?.plin?.message}
              {...form.register("payment_instructions.plin")}
            />
            <PaymentQrField qrUrl={qrUrl} onChange={(next) => setQrUrl(next.payment_instructions.qr_url)} />
          </div>
        </SettingsSection>

        <SettingsSection columns={false} title="Indicaciones para el cliente" description="Por ejemplo, a nombre de quién es la cuenta, qué escribir como referencia o a dónde enviar el comprobante.">
          <TextAreaField
            label="Indicaciones para el cliente"
            rows={4}
            maxLength={COLLECTION_LIMITS.text}
            hint={`Hasta ${COLLECTION_LIMITS.text} caracteres. Puedes usar varias líneas.`}
            error={instructionErrors?.text?.message}
            {...form.register("payment_instructions.text")}
          />
        </SettingsSection>

        <SettingsSection columns={false} title="Recordatorios de pago" description="El proceso diario de facturación envía un correo al cliente antes del vencimiento y, si la factura vence sin pagarse, cada cierto número de días.">
          <div className="grid gap-4 sm:grid-cols-2">
            <CheckboxField label="Enviar recordatorios" className="sm:col-span-2" error={reminderErrors?.enabled?.message} {...form.register("payment_reminders.enabled")} />
            <TextField
              label="Días antes del vencimiento"
              type="number"
              inputMode="numeric"
              min={COLLECTION_LIMITS.daysBeforeMin}
              max={COLLECTION_LIMITS.daysBeforeMax}
              hint={`Entre ${COLLECTION_LIMITS.daysBeforeMin} y ${COLLECTION_LIMITS.daysBeforeMax}.`}
              error={reminderErrors?.days_before?.message}
              {...form.register("payment_reminders.days_before")}
            />
            <TextField
              label="Cada cuántos días después del vencimiento"
              type="number"
              inputMode="numeric"
              min={COLLECTION_LIMITS.everyDaysMin}
              max={COLLECTION_LIMITS.everyDaysMax}
              hint={`Entre ${COLLECTION_LIMITS.everyDaysMin} y ${COLLECTION_LIMITS.everyDaysMax}, hasta que se pague o se anule.`}
              error={reminderErrors?.every_days?.message}
              {...form.register("payment_reminders.every_days")}
            />
          </div>
        </SettingsSection>

        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? "Guardando..." : "Guardar cobros"}
          </Button>
        </div>
      </form>
    </section>
  );
}
