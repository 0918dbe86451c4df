"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeClientPasswordAction, updateClientProfileAction } from "@/lib/users/actions";
import { MyDataSection } from "@/components/client/my-data-section";
import {
  AccountCard,
  EMAIL_CHANGED_MESSAGE,
  EmailChangePasswordField,
  isNewEmail,
  PasswordForm,
  ProfileLayout,
  ProfileSection,
} from "@/components/account/profile";
import { Button } from "@/components/ui/button";
import { AccountDeletion } from "@/components/client/account-deletion";
import { TextField } from "@/components/ui/form-field";
import { failureUnlessOnFields, useActionSubmit } from "@/components/ui/use-action-submit";
import { registerFilled, useZodForm } from "@/components/ui/use-zod-form";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@/lib/auth/field-limits";
import { BILLING_LIMITS } from "@/lib/billing/limits";
import type { ClientProfileContract } from "@/lib/users/serialize";

const clientProfileSchema = () => import("@/lib/users/schema").then((schemas) => schemas.clientProfileSchema);

// The client's "Mi perfil": name and e-mail, the billing profile
// the invoices are issued to (billing name; RUC → factura, DNI → boleta), and the password. Both
// forms post server actions that call lib/users/profile, as PUT /api/v1/client/profile does.

type Profile = Pick<ClientProfileContract, "name" | "email" | "billing_name" | "tax_id" | "tax_id_type">;

function formValues(profile: Profile) {
  return { name: profile.name, email: profile.email, billing_name: profile.billing_name ?? "", tax_id: profile.tax_id ?? "", current_password: "" };
}

function BillingSummary({ profile }: { profile: Profile }) {
  return (
    <dl className="w-full border-t border-ink-200 pt-3 text-left text-sm">
      <dt className="font-medium text-ink-700">Facturamos a</dt>
      <dd className="break-words text-ink-900" data-testid="profile-billing-name">
        {profile.billing_name || profile.name}
      </dd>
      <dt className="mt-2 font-medium text-ink-700">Documento</dt>
      <dd className="text-ink-900" data-testid="profile-tax-id">
        {profile.tax_id ? `${profile.tax_id_type} ${profile.tax_id}` : "Sin documento"}
      </dd>
      <dt className="mt-2 font-medium text-ink-700">Comprobante</dt>
      <dd className="text-ink-900">{profile.tax_id_type === "RUC" ? "Factura electrónica" : "Boleta de venta electrónica"}</dd>
    </dl>
  );
}

export function ClientProfileScreen({ profile: initial }: { profile: Profile }) {
  const [profile, setProfile] = useState(initial);
  return (
    <ProfileLayout
      card={
        <AccountCard name={profile.name} email={profile.email}>
          <BillingSummary profile={profile} />
        </AccountCard>
      }
    >
      <ClientProfileForm profile={profile} onSaved={setProfile} />
      <PasswordForm action={changeClientPasswordAction} />
      <MyDataSection />

      <AccountDeletion email={profile.email} />
    </ProfileLayout>
  );
}

function ClientProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const router = useRouter();
  const form = useZodForm(clientProfileSchema, { defaultValues: formValues(profile) });
  const { errors, isSubmitting } = form.formState;
  const emailIsNew = isNewEmail(form.watch("email"), profile.email);

  const save = useActionSubmit(form, ({ current_password, ...values }) => updateClientProfileAction(emailIsNew ? { ...values, current_password } : values), {
    success: emailIsNew ? EMAIL_CHANGED_MESSAGE : "Perfil actualizado correctamente",
    onSuccess: (saved) => {
      form.reset(formValues(saved));
      onSaved(saved);
      router.refresh(); // the header shows the new name
    },
    failureToast: failureUnlessOnFields((refusal) => refusal.message || "Error al actualizar el perfil"),
  });
  const submit = form.handleSubmit(save);

  return (
    <ProfileSection title="Información personal" description="Tu nombre, el correo con el que inicias sesión y los datos con los que te facturamos.">
      <UnsavedChangesGuard dirty={form.formState.isDirty} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Nombre" autoComplete="name" maxLength={NAME_MAX_LENGTH} error={errors.name?.message} {...registerFilled(form, "name")} />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          error={errors.email?.message}
          {...registerFilled(form, "email")}
        />
        {emailIsNew && <EmailChangePasswordField error={errors.current_password?.message} {...form.register("current_password")} />}
        <fieldset className="mt-2 flex flex-col gap-4 border-t border-ink-200 pt-4">
          <legend className="pr-2 text-base font-semibold text-ink-900">Perfil de facturación</legend>
          <TextField
            label="Razón social o nombre de facturación"
            autoComplete="organization"
            maxLength={BILLING_LIMITS.billingName}
            hint="Opcional. Si lo dejas en blanco, facturamos a tu nombre."
            error={errors.billing_name?.message}
            {...registerFilled(form, "billing_name")}
          />
          <TextField
            label="RUC o DNI"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            hint="Con un RUC (11 dígitos) tus comprobantes serán facturas; con un DNI (8 dígitos), boletas de venta. Los comprobantes ya emitidos no cambian."
            error={errors.tax_id?.message}
            {...registerFilled(form, "tax_id")}
          />
        </fieldset>
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Guardando..." : "Actualizar perfil"}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
