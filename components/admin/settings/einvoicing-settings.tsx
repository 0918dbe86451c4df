"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { removeCertificateAction, updateEinvoicingSettingsAction, uploadCertificateAction } from "@/lib/sunat/actions";
import { DETRACTION_SERVICES } from "@/lib/sunat/catalogs";
import {
  EINVOICING_FIELDS,
  EINVOICING_LIMITS,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_PASSWORD_MAX,
  einvoicingSettingsSchema,
  type EinvoicingFormValues,
  type EinvoicingSettingsContract,
} from "@/lib/sunat/settings-schema";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldMessages, inputClass, Label, SelectField, TextField, useFieldIds } from "@/components/ui/form-field";
import { PasswordField } from "@/components/ui/password-field";
import { notify } from "@/components/ui/toast";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { registerFilled, useZodForm } from "@/components/ui/use-zod-form";
import { formatDate, formatShortDay } from "@/lib/format";
import { SettingsSection } from "./settings-section";

// "Facturación electrónica", below the site settings: the issuer's fiscal address as SUNAT reads
// it, the detracción account and code, the exchange rates, and the signing certificate (its
// subject, expiry and why it cannot sign, if it cannot; a new one is uploaded with its password,
// the stored one can be removed). The file and the password go to the server and never come back.

const FILE_HINT = "Archivo .pfx o .p12 de hasta 64 KB, emitido para el RUC de la empresa.";

const DETRACTION_OPTIONS = Object.entries(DETRACTION_SERVICES).map(([code, label]) => ({ value: code, label: `${code} · ${label}` }));

function formValues(settings: EinvoicingSettingsContract): EinvoicingFormValues {
  return {
    fiscal_ubigeo: settings.fiscal_ubigeo ?? "",
    fiscal_district: settings.fiscal_district ?? "",
    fiscal_province: settings.fiscal_province ?? "",
    fiscal_department: settings.fiscal_department ?? "",
    fiscal_establishment: settings.fiscal_establishment ?? "",
    detraction_account: settings.detraction_account ?? "",
    detraction_code: settings.detraction_code ?? "",
    exchange_rate_usd: settings.exchange_rate_usd ?? "",
    exchange_rate_eur: settings.exchange_rate_eur ?? "",
  };
}

const SOURCE_LABELS: Record<NonNullable<EinvoicingSettingsContract["certificate"]["source"]>, string> = {
  settings: "Subido en esta pantalla",
  environment: "Configurado en el servidor (SUNAT_CERT_PATH)",
};

/** The certificate's card: what is in use, why it cannot sign, the upload form and the removal. */
function CertificateCard({ settings, onChange }: { settings: EinvoicingSettingsContract; onChange: (next: EinvoicingSettingsContract) => void }) {
  const certificate = settings.certificate;
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<{ certificate?: string; password?: string }>({});
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const file = useFieldIds(errors.certificate, FILE_HINT);

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = fileRef.current?.files?.[0];
    if (!chosen || chosen.size === 0) {
      setErrors({ certificate: CERTIFICATE_MESSAGES.missingFile });
      return;
    }
    if (chosen.size > CERTIFICATE_MAX_BYTES) {
      setErrors({ certificate: CERTIFICATE_MESSAGES.tooLarge });
      return;
    }
    const form = new FormData();
    form.append("file", chosen);
    form.append("password", String(new FormData(event.currentTarget).get("password") ?? ""));
    setErrors({});
    setUploading(true);
    try {
      const outcome = await uploadCertificateAction(form);
      if (outcome.ok) {
        notify.success("Certificado guardado correctamente");
        formRef.current?.reset();
        onChange(outcome.data);
        return;
      }
      const fieldErrors = { certificate: outcome.errors?.certificate?.[0], password: outcome.errors?.password?.[0] };
      setErrors(fieldErrors);
      if (!fieldErrors.certificate && !fieldErrors.password) notify.error(`Error al subir el certificado: ${outcome.message}`);
    } catch {
      notify.error("No se pudo subir el certificado. Revisa tu conexión e inténtalo de nuevo.");
    } finally {
      setUploading(false);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      const outcome = await removeCertificateAction(certificate.subject ?? "");
      if (outcome.ok) {
        notify.success("Certificado quitado");
        onChange(outcome.data);
      } else {
        notify.error(`Error al quitar el certificado: ${outcome.message}`);
      }
    } catch {
      notify.error("No se pudo quitar el certificado. Revisa tu conexión e inténtalo de nuevo.");
    } finally {
      setRemoving(false);
      setConfirming(false);
    }
  };

  return (
    <SettingsSection
      title="Certificado digital"
      columns={false}
      description="Con él se firman las facturas, boletas y notas de crédito antes de enviarlas a SUNAT. Se guarda cifrado; ni el archivo ni su contraseña se vuelven a mostrar."
    >
      <div className="rounded-xl border border-ink-200 bg-ink-50 px-4 py-3 text-sm" data-testid="certificate-summary">
        {certificate.source ? (
          <dl className="grid gap-1.5 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-ink-700">Titular</dt>
            <dd className="break-words text-ink-900">{certificate.subject ?? "—"}</dd>
            <dt className="font-medium text-ink-700">Vigencia</dt>
            <dd className="text-ink-900">{certificate.not_after ? `Vence el ${formatShortDay(certificate.not_after, { timeZone: "lima" })}` : "—"}</dd>
            <dt className="font-medium text-ink-700">Origen</dt>
            <dd className="text-ink-900">
              {SOURCE_LABELS[certificate.source]}
              {certificate.uploaded_at && <> el {formatDate(certificate.uploaded_at)}</>}
            </dd>
          </dl>
        ) : (
          <p className="text-ink-800">No hay un certificado configurado.</p>
        )}
        {certificate.problem ? (
          <p className="mt-2 font-medium text-red-700">{certificate.problem}</p>
        ) : (
          <p className="mt-2">
            <Badge tone="success">Listo para firmar</Badge>
          </p>
        )}
      </div>

      <form ref={formRef} noValidate onSubmit={upload} className="mt-5 grid gap-4 sm:grid-cols-2" aria-label="Subir certificado digital">
        <div>
          <Label htmlFor={file.id} label="Archivo del certificado" />
          <input
            ref={fileRef}
            id={file.id}
            name="file"
            type="file"
            accept=".pfx,.p12,application/x-pkcs12"
            aria-invalid={errors.certificate ? true : undefined}
            aria-describedby={file.describedBy}
            className={inputClass}
          />
          <FieldMessages id={file.id} error={errors.certificate} hint={FILE_HINT} />
        </div>
        <PasswordField label="Contraseña del certificado" name="password" autoComplete="off" maxLength={CERTIFICATE_PASSWORD_MAX} error={errors.password} />
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
          {certificate.source === "settings" && (
            <Button variant="outline" onClick={() => setConfirming(true)} disabled={uploading || removing}>
              Quitar certificado
            </Button>
          )}
          <Button type="submit" disabled={uploading} className="w-full sm:w-auto">
            {uploading ? "Subiendo..." : "Subir certificado"}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirming}
        title="Quitar certificado"
        message={
          <>
            ¿Seguro que deseas quitar el certificado <span className="font-medium break-words">{certificate.subject}</span>? Los comprobantes nuevos quedarán pendientes
            de firma hasta que subas otro, salvo que el servidor tenga uno configurado.
          </>
        }
        confirmLabel="Quitar certificado"
        pendingLabel="Quitando..."
        pending={removing}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}

/** "Facturación electrónica" of Configuración: the fiscal data form and the certificate card. */
export function EinvoicingSettings({ settings: initial }: { settings: EinvoicingSettingsContract }) {
  const [settings, setSettings] = useState(initial);
  const form = useZodForm(einvoicingSettingsSchema, { defaultValues: formValues(initial) });
  const { errors, isSubmitting } = form.formState;

  const focusFirstError = (invalid: Partial<Record<string, unknown>>) => {
    const first = EINVOICING_FIELDS.find((field) => invalid[field]);
    if (first) form.setFocus(first);
  };

  const save = useActionSubmit(form, (values) => updateEinvoicingSettingsAction(values), {
    success: "Datos de facturación electrónica guardados",
    onSuccess: (saved) => {
      form.reset(formValues(saved));
      setSettings(saved);
    },
    failureToast: (refusal, shownOnFields) => (shownOnFields && refusal.status === 422 ? refusal.message : `Error al guardar: ${refusal.message}`),
  });
  const submit = form.handleSubmit(save, focusFirstError);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink-900">
        Facturación electrónica
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Lo que SUNAT necesita para recibir tus facturas, boletas y notas de crédito electrónicas: el domicilio fiscal del emisor, la cuenta de detracciones, el
        tipo de cambio y el certificado con el que se firman.
      </p>
      {settings.test_mode && (
        <p role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <strong>Modo de prueba:</strong> los comprobantes se envían al entorno de pruebas de SUNAT (beta) o a su simulador. No tienen validez tributaria.
        </p>
      )}

      <UnsavedChangesGuard dirty={form.formState.isDirty} />
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-6" aria-label="Datos de facturación electrónica">
        <SettingsSection title="Domicilio fiscal" description="Como figura en tu ficha RUC. Se declara en cada comprobante; sin estos datos los comprobantes quedan pendientes de envío.">
          <TextField
            label="Ubigeo"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder="150131"
            hint="Código INEI de 6 dígitos del distrito (por ejemplo, 150131 es San Isidro, Lima)."
            error={errors.fiscal_ubigeo?.message}
            {...registerFilled(form, "fiscal_ubigeo")}
          />
          <TextField
            label="Código de establecimiento"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            placeholder="0000"
            hint="Código de 4 dígitos del local que emite: 0000 es el domicilio fiscal (se usa si lo dejas vacío)."
            error={errors.fiscal_establishment?.message}
            {...registerFilled(form, "fiscal_establishment")}
          />
          <TextField
            label="Distrito"
            autoComplete="off"
            maxLength={EINVOICING_LIMITS.place}
            error={errors.fiscal_district?.message}
            {...registerFilled(form, "fiscal_district")}
          />
          <TextField
            label="Provincia"
            autoComplete="off"
            maxLength={EINVOICING_LIMITS.place}
            error={errors.fiscal_province?.message}
            {...registerFilled(form, "fiscal_province")}
          />
          <TextField
            label="Departamento"
            autoComplete="off"
            maxLength={EINVOICING_LIMITS.place}
            hint="La dirección (calle y número) es la de Contacto, arriba."
            error={errors.fiscal_department?.message}
            {...registerFilled(form, "fiscal_department")}
          />
        </SettingsSection>

        <SettingsSection
          title="Detracciones (SPOT)"
          description="Las facturas de servicios por más de S/ 700 están sujetas a detracción: el cliente deposita un porcentaje en tu cuenta del Banco de la Nación y la factura lo declara."
        >
          <TextField
            label="Cuenta de detracciones (Banco de la Nación)"
            inputMode="numeric"
            autoComplete="off"
            maxLength={EINVOICING_LIMITS.accountMax}
            placeholder="00-068-123456"
            hint="Solo dígitos y guiones. Se imprime en las facturas sujetas a detracción."
            error={errors.detraction_account?.message}
            {...registerFilled(form, "detraction_account")}
          />
          <SelectField
            label="Código del servicio (catálogo 54)"
            options={DETRACTION_OPTIONS}
            placeholder="Sin elegir (se usa 037)"
            hint="El tipo de servicio que vendes; fija el porcentaje de la detracción."
            error={errors.detraction_code?.message}
            {...registerFilled(form, "detraction_code")}
          />
        </SettingsSection>

        <SettingsSection
          title="Tipo de cambio"
          description="Soles por cada dólar o euro (tipo de cambio venta publicado por la SBS). Se usa para declarar en soles la detracción de una factura en moneda extranjera; actualízalo con frecuencia."
        >
          <TextField
            label="Dólar (S/ por US$)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="3.752"
            hint="Número mayor que cero, con hasta 4 decimales."
            error={errors.exchange_rate_usd?.message}
            {...registerFilled(form, "exchange_rate_usd")}
          />
          <TextField
            label="Euro (S/ por €)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="4.081"
            hint="Número mayor que cero, con hasta 4 decimales."
            error={errors.exchange_rate_eur?.message}
            {...registerFilled(form, "exchange_rate_eur")}
          />
        </SettingsSection>

        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? "Guardando..." : "Guardar datos de facturación"}
          </Button>
        </div>
      </form>

      <div className="mt-6">
        <CertificateCard settings={settings} onChange={setSettings} />
      </div>
    </section>
  );
}
