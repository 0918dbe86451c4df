"use client";

import { useId, useState, type ReactNode } from "react";
import { updateSiteSettingsAction } from "@/lib/content/actions";
import { AreaPageHeader } from "@/components/account/area-shell";
import { AuditHistory } from "@/components/admin/audit-history";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/form-field";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { registerFilled, useZodForm } from "@/components/ui/use-zod-form";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { formatDate } from "@/lib/format";
import {
  SETTINGS_FIELDS,
  SETTINGS_LIMITS,
  siteSettingsInputSchema,
  type SiteSettingsContract,
  type SiteSettingsFormValues,
} from "@/lib/content/settings-schema";

// "Configuración del sitio": the company data of the footer, the
// contact page, the legal pages and the JSON-LD, in four sections. The form is validated with
// the same schema as the server action and PUT /api/v1/admin/settings; the server's per-field
// errors land on their fields. The record's audit history is shown below.

/** The contract's nulls as empty inputs. */
function formValues(settings: SiteSettingsContract): SiteSettingsFormValues {
  return {
    company_name: settings.company_name,
    company_legal_name: settings.company_legal_name ?? "",
    company_tax_id: settings.company_tax_id ?? "",
    company_tagline: settings.company_tagline ?? "",
    social_linkedin: settings.social_linkedin ?? "",
    social_twitter: settings.social_twitter ?? "",
    social_facebook: settings.social_facebook ?? "",
    contact_email: settings.contact_email ?? "",
    contact_phone: settings.contact_phone ?? "",
    contact_address: settings.contact_address ?? "",
    business_hours: settings.business_hours ?? "",
    footer_text: settings.footer_text ?? "",
  };
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-600">{description}</p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

export function SettingsScreen({ settings }: { settings: SiteSettingsContract }) {
  const [updatedAt, setUpdatedAt] = useState(settings.updated_at);
  const form = useZodForm(siteSettingsInputSchema, { defaultValues: formValues(settings) });
  const { errors, isSubmitting } = form.formState;

  /** The first field in error, in the order of the form, gets the focus. */
  const focusFirstError = (invalid: Partial<Record<string, unknown>>) => {
    const first = SETTINGS_FIELDS.find((field) => invalid[field]);
    if (first) form.setFocus(first);
  };

  const save = useActionSubmit(form, (values) => updateSiteSettingsAction(values), {
    success: "Configuración guardada correctamente",
    onSuccess: (saved) => {
      // The server's values (a phone in its normalised form, an e-mail in lower case).
      form.reset(formValues(saved));
      setUpdatedAt(saved.updated_at);
    },
    failureToast: (refusal, shownOnFields) => (shownOnFields && refusal.status === 422 ? refusal.message : `Error al guardar la configuración: ${refusal.message}`),
  });
  const submit = form.handleSubmit(save, focusFirstError);

  return (
    <>
      <AreaPageHeader
        title="Configuración del sitio"
        description="Los datos de la empresa que se muestran en el pie de página, la página de contacto, las páginas legales y los datos estructurados del sitio. Los cambios se publican al guardar."
      />
      {updatedAt && (
        <p className="mt-2 text-sm text-ink-600">
          Última actualización: <time dateTime={updatedAt}>{formatDate(updatedAt)}</time>
        </p>
      )}

      <UnsavedChangesGuard dirty={form.formState.isDirty} />
      <form noValidate onSubmit={submit} className="mt-8 flex flex-col gap-6" aria-label="Configuración del sitio">
        <Section title="Empresa" description="El nombre con el que se presenta la empresa y sus datos legales.">
          <TextField
            label="Nombre de la empresa *"
            autoComplete="organization"
            maxLength={SETTINGS_LIMITS.companyName}
            error={errors.company_name?.message}
            {...registerFilled(form, "company_name")}
          />
          <TextField
            label="Razón social"
            autoComplete="off"
            maxLength={SETTINGS_LIMITS.companyLegalName}
            hint="Se muestra en las páginas legales y en el aviso de derechos del pie de página."
            error={errors.company_legal_name?.message}
            {...registerFilled(form, "company_legal_name")}
          />
          <TextField
            label="Eslogan"
            className="sm:col-span-2"
            autoComplete="off"
            maxLength={SETTINGS_LIMITS.companyTagline}
            error={errors.company_tagline?.message}
            {...registerFilled(form, "company_tagline")}
          />
          <TextField
            label="RUC"
            autoComplete="off"
            inputMode="numeric"
            maxLength={SETTINGS_LIMITS.companyTaxId}
            hint="11 dígitos, por ejemplo 20131312955."
            error={errors.company_tax_id?.message}
            {...registerFilled(form, "company_tax_id")}
          />
        </Section>

        <Section title="Contacto" description="Se muestran en el pie de página y en la página de contacto, solo los que tengan valor.">
          <TextField
            label="Correo de contacto"
            type="email"
            autoComplete="email"
            maxLength={SETTINGS_LIMITS.contactEmail}
            error={errors.contact_email?.message}
            {...registerFilled(form, "contact_email")}
          />
          <TextField
            label="Teléfono"
            type="tel"
            autoComplete="tel"
            maxLength={SETTINGS_LIMITS.contactPhone}
            hint="Celular (p. ej. 987 654 321) o fijo con código de ciudad (p. ej. 01 640 2250). Se guarda como +51 …"
            error={errors.contact_phone?.message}
            {...registerFilled(form, "contact_phone")}
          />
          <TextField
            label="Dirección"
            className="sm:col-span-2"
            autoComplete="street-address"
            maxLength={SETTINGS_LIMITS.contactAddress}
            error={errors.contact_address?.message}
            {...registerFilled(form, "contact_address")}
          />
          <TextField
            label="Horario de atención"
            autoComplete="off"
            maxLength={SETTINGS_LIMITS.businessHours}
            placeholder="Lunes a viernes de 9:00 a 18:00"
            error={errors.business_hours?.message}
            {...registerFilled(form, "business_hours")}
          />
        </Section>

        <Section title="Redes sociales" description="Enlaces completos (https://…). Las redes sin enlace no se muestran.">
          <TextField
            label="LinkedIn"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={SETTINGS_LIMITS.url}
            error={errors.social_linkedin?.message}
            {...registerFilled(form, "social_linkedin")}
          />
          <TextField
            label="Twitter"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={SETTINGS_LIMITS.url}
            error={errors.social_twitter?.message}
            {...registerFilled(form, "social_twitter")}
          />
          <TextField
            label="Facebook"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={SETTINGS_LIMITS.url}
            error={errors.social_facebook?.message}
            {...registerFilled(form, "social_facebook")}
          />
        </Section>

        <Section title="Pie de página" description="Un texto breve que se muestra al final de cada página del sitio.">
          <TextAreaField
            label="Texto del pie de página"
            className="sm:col-span-2"
            rows={3}
            maxLength={SETTINGS_LIMITS.footerText}
            hint="En una sola línea, sin saltos de línea."
            error={errors.footer_text?.message}
            {...registerFilled(form, "footer_text")}
          />
        </Section>

        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
            {isSubmitting ? "Guardando..." : "Guardar cambios"}
          </Button>
        </div>
      </form>

      <div className="mt-8">
        <AuditHistory entityType="site_settings" entityId="1" refreshKey={updatedAt} />
      </div>
    </>
  );
}
