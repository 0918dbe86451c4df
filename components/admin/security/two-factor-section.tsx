"use client";

import { useId, useState } from "react";
import { ProfileSection } from "@/components/account/profile";
import { FormAlert } from "@/components/auth/form-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/form-field";
import { Modal } from "@/components/ui/modal";
import { PasswordField } from "@/components/ui/password-field";
import { notify } from "@/components/ui/toast";
import { failureUnlessOnFields, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import {
  confirmTwoFactorEnrollmentAction,
  disableTwoFactorAction,
  regenerateRecoveryCodesAction,
  startTwoFactorEnrollmentAction,
} from "@/lib/auth/actions/two-factor";
import type { TwoFactorEnrollment, TwoFactorStatus } from "@/lib/auth/two-factor-schema";
import { CODE_INPUT_MAX, TOTP_DIGITS, TWO_FACTOR_MESSAGES } from "@/lib/auth/two-factor-texts";
import { formatDate } from "@/lib/format";

const confirmEnrollmentSchema = () => import("@/lib/auth/two-factor-schema").then((schemas) => schemas.confirmEnrollmentSchema);
const regenerateRecoveryCodesSchema = () => import("@/lib/auth/two-factor-schema").then((schemas) => schemas.regenerateRecoveryCodesSchema);
const disableTwoFactorSchema = () => import("@/lib/auth/two-factor-schema").then((schemas) => schemas.disableTwoFactorSchema);

// "Seguridad" of the admin's profile: the second factor (TOTP). Off: «Configurar» shows the QR and
// the secret for typing it by hand, and a first code from the app turns it on. On: since when,
// how many recovery codes are left, «Generar códigos nuevos» and «Desactivar» (password and a
// code). Recovery codes are shown once, right after they are made, with «Copiar» and
// «Descargar .txt». Every write is a server action of lib/auth/actions/two-factor.ts.

const ACTION_FAILED = "No se pudo completar. Revisa tu conexión e inténtalo de nuevo.";

/** The secret in groups of four, easier to read and type. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

const codeFieldProps = {
  autoComplete: "one-time-code",
  inputMode: "numeric",
  autoCapitalize: "off",
  spellCheck: false,
} as const;

export function TwoFactorSection({ initial }: { initial: TwoFactorStatus }) {
  const [status, setStatus] = useState(initial);
  const [enrollment, setEnrollment] = useState<TwoFactorEnrollment | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [dialog, setDialog] = useState<"regenerate" | "disable" | null>(null);

  const start = async () => {
    setStarting(true);
    try {
      const outcome = await startTwoFactorEnrollmentAction();
      if (outcome.ok) setEnrollment(outcome.data);
      else notify.error(outcome.message);
    } catch {
      notify.error(ACTION_FAILED);
    } finally {
      setStarting(false);
    }
  };

  const enabledAfterCodes = (codes: string[], next: TwoFactorStatus) => {
    setFreshCodes(codes);
    setStatus(next);
    setEnrollment(null);
    setDialog(null);
  };

  return (
    <div id="seguridad" className="scroll-mt-24">
      <ProfileSection
        title="Seguridad"
        description="Verificación en dos pasos: además de tu contraseña, al iniciar sesión se te pide un código de una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password, Authy…)."
      >
        {status.required && !status.enabled && (
          <FormAlert
            tone="error"
            className="mb-5"
            message="La configuración del sitio exige la verificación en dos pasos a los administradores. Actívala para seguir usando el panel."
          />
        )}

        {freshCodes ? (
          <RecoveryCodes codes={freshCodes} onDone={() => setFreshCodes(null)} />
        ) : status.enabled ? (
          <div className="flex flex-col gap-4">
            <p className="flex flex-wrap items-center gap-2 text-sm text-ink-800">
              <Badge tone="success">Activada</Badge>
              <span>desde el {formatDate(status.enabled_at!)}</span>
            </p>
            <p className="text-sm text-ink-800">
              Códigos de recuperación restantes: <strong data-testid="recovery-codes-left">{status.recovery_codes_left}</strong> de 10.
              {status.recovery_codes_left <= 3 && " Genera códigos nuevos antes de quedarte sin ellos."}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" onClick={() => setDialog("regenerate")}>
                Generar códigos nuevos
              </Button>
              <Button variant="outline" onClick={() => setDialog("disable")} disabled={status.required} aria-describedby={status.required ? "two-factor-required-note" : undefined}>
                Desactivar
              </Button>
            </div>
            {status.required && (
              <p id="two-factor-required-note" className="text-sm text-ink-600">
                {TWO_FACTOR_MESSAGES.requiredBySettings} No se puede desactivar mientras esté exigida.
              </p>
            )}
          </div>
        ) : enrollment ? (
          <Enrollment enrollment={enrollment} onCancel={() => setEnrollment(null)} onEnabled={enabledAfterCodes} />
        ) : (
          <div className="flex flex-col gap-4">
            <p className="flex flex-wrap items-center gap-2 text-sm text-ink-800">
              <Badge tone="neutral">Desactivada</Badge>
              <span>Solo tu contraseña protege tu cuenta.</span>
            </p>
            {!status.has_password && <p className="text-sm text-ink-700">{TWO_FACTOR_MESSAGES.needsPassword}</p>}
            <div>
              <Button onClick={start} disabled={starting || !status.has_password}>
                {starting ? "Preparando..." : "Configurar verificación en dos pasos"}
              </Button>
            </div>
          </div>
        )}
      </ProfileSection>

      <RegenerateDialog open={dialog === "regenerate"} onClose={() => setDialog(null)} onDone={enabledAfterCodes} />
      <DisableDialog
        open={dialog === "disable"}
        onClose={() => setDialog(null)}
        onDone={(next) => {
          setStatus(next);
          setDialog(null);
        }}
      />
    </div>
  );
}

/** The QR, the secret for typing it by hand, and the first code that turns the second factor on. */
function Enrollment({
  enrollment,
  onCancel,
  onEnabled,
}: {
  enrollment: TwoFactorEnrollment;
  onCancel: () => void;
  onEnabled: (codes: string[], status: TwoFactorStatus) => void;
}) {
  const form = useZodForm(confirmEnrollmentSchema, { defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;
  const save = useActionSubmit(form, (values) => confirmTwoFactorEnrollmentAction(values), {
    success: "Verificación en dos pasos activada",
    onSuccess: (data) => onEnabled(data.recovery_codes, data.status),
    failureToast: failureUnlessOnFields((refusal) => refusal.message),
  });

  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm text-ink-800">
        <li>
          Escanea este código QR con tu aplicación de autenticación.
          <div className="mt-3 w-fit rounded-xl border border-ink-200 bg-white p-2">
            {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server for this enrolment only */}
            <img src={enrollment.qr_data_url} alt="Código QR para tu aplicación de autenticación" width={200} height={200} className="size-50" />
          </div>
        </li>
        <li>
          <span>Si no puedes escanearlo, ingresa esta clave en la aplicación (tipo: basada en el tiempo):</span>
          <code data-testid="two-factor-secret" className="mt-2 block rounded-lg bg-ink-50 px-3 py-2 font-mono text-base tracking-wider break-all text-ink-900 select-all">
            {grouped(enrollment.secret)}
          </code>
        </li>
        <li>Ingresa el código de {TOTP_DIGITS} dígitos que muestra la aplicación.</li>
      </ol>
      <form noValidate onSubmit={form.handleSubmit(save)} aria-label="Activar la verificación en dos pasos" className="flex flex-col gap-4 sm:max-w-xs">
        <TextField label="Código de verificación" maxLength={TOTP_DIGITS} placeholder="123456" error={errors.code?.message} {...codeFieldProps} {...form.register("code")} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Activando..." : "Activar"}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
            Cancelar
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The recovery codes, shown once: «Copiar», «Descargar .txt», and «Listo» once saved. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const text = `Códigos de recuperación (verificación en dos pasos). Cada código sirve una sola vez.\n\n${codes.join("\n")}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success("Códigos copiados");
    } catch {
      notify.error("No se pudieron copiar. Selecciónalos y cópialos a mano.");
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "codigos-de-recuperacion.txt";
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-4">
      <FormAlert
        tone="success"
        message="Guarda estos códigos de recuperación en un lugar seguro. Cada uno sirve una vez para iniciar sesión si pierdes tu teléfono. No volverán a mostrarse."
      />
      <ul aria-label="Códigos de recuperación" data-testid="recovery-codes" className="grid grid-cols-2 gap-2 rounded-xl border border-ink-200 bg-ink-50 p-4 font-mono text-base text-ink-900 sm:max-w-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={copy}>
          Copiar
        </Button>
        <Button variant="outline" onClick={download}>
          Descargar .txt
        </Button>
      </div>
      <CheckboxField label="Los guardé en un lugar seguro" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
      <div>
        <Button onClick={onDone} disabled={!saved}>
          Listo
        </Button>
      </div>
    </div>
  );
}

function RegenerateDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (codes: string[], status: TwoFactorStatus) => void }) {
  const form = useZodForm(regenerateRecoveryCodesSchema, { defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;
  const formId = useId();
  const close = () => {
    form.reset();
    onClose();
  };
  const save = useActionSubmit(form, (values) => regenerateRecoveryCodesAction(values), {
    success: "Códigos de recuperación nuevos generados",
    onSuccess: (data) => {
      form.reset();
      onDone(data.recovery_codes, data.status);
    },
    failureToast: failureUnlessOnFields((refusal) => refusal.message),
  });
  return (
    <Modal
      open={open}
      onClose={close}
      busy={isSubmitting}
      size="sm"
      title="Generar códigos de recuperación nuevos"
      description="Los códigos que tienes ahora dejarán de funcionar."
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting}>
            {isSubmitting ? "Generando..." : "Generar códigos nuevos"}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(save)}>
        <TextField
          label="Código de tu aplicación o de recuperación"
          maxLength={CODE_INPUT_MAX}
          data-autofocus
          error={errors.code?.message}
          {...codeFieldProps}
          inputMode="text"
          {...form.register("code")}
        />
      </form>
    </Modal>
  );
}

function DisableDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (status: TwoFactorStatus) => void }) {
  const form = useZodForm(disableTwoFactorSchema, { defaultValues: { password: "", code: "" } });
  const { errors, isSubmitting } = form.formState;
  const formId = useId();
  const close = () => {
    form.reset();
    onClose();
  };
  const save = useActionSubmit(form, (values) => disableTwoFactorAction(values), {
    success: "Verificación en dos pasos desactivada",
    onSuccess: (next) => {
      form.reset();
      onDone(next);
    },
    failureToast: failureUnlessOnFields((refusal) => refusal.message),
  });
  return (
    <Modal
      open={open}
      onClose={close}
      busy={isSubmitting}
      size="sm"
      role="alertdialog"
      title="Desactivar la verificación en dos pasos"
      description="¿Seguro? Desde ahora bastará tu contraseña para entrar al panel, y tus códigos de recuperación dejarán de funcionar."
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={isSubmitting} data-autofocus>
            Cancelar
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting} className="bg-red-700 hover:bg-red-800 active:bg-red-900">
            {isSubmitting ? "Desactivando..." : "Desactivar"}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(save)} className="flex flex-col gap-4">
        <PasswordField label="Contraseña" autoComplete="current-password" error={errors.password?.message} {...form.register("password")} />
        <TextField label="Código de tu aplicación o de recuperación" maxLength={CODE_INPUT_MAX} error={errors.code?.message} {...codeFieldProps} inputMode="text" {...form.register("code")} />
      </form>
    </Modal>
  );
}
