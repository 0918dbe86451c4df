"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { formatLongDay } from "@/components/account/dates";
import { ProfileSection } from "@/components/account/profile";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { accountDeletionStatusAction, requestAccountDeletionAction } from "@/lib/privacy/actions/data-requests";
import { DELETION_CONFIRMATION_WORD, ERASURE_KEEPS, ERASURE_REMOVES } from "@/lib/privacy/data-request-labels";
import { DATA_REQUEST_TERM_DAYS } from "@/lib/privacy/data-request-terms";

const accountDeletionSchema = () => import("@/lib/privacy/data-request-schema").then((schemas) => schemas.accountDeletionSchema);

// "Eliminar mi cuenta" in the client's profile: what an erasure deletes and what the law makes us
// keep, then "Solicitar eliminación" (typing ELIMINAR or the account's e-mail to confirm). While
// the request waits for an admin, it shows its number and the date it will be answered by.

type Pending = { id: number; due_date: string };
type State = { status: "loading" } | { status: "error" } | { status: "none" } | { status: "pending"; request: Pending };

export function AccountDeletion({ email }: { email: string }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [asking, setAsking] = useState(false);

  const fetchState = useCallback(async (): Promise<State> => {
    try {
      const outcome = await accountDeletionStatusAction();
      if (!outcome.ok) return { status: "error" };
      return outcome.data ? { status: "pending", request: outcome.data } : { status: "none" };
    } catch {
      return { status: "error" };
    }
  }, []);

  useEffect(() => {
    let live = true;
    void fetchState().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, [fetchState]);

  const load = () => {
    setState({ status: "loading" });
    void fetchState().then(setState);
  };

  return (
    <ProfileSection title="Eliminar mi cuenta" description="Puedes pedir que eliminemos tu cuenta y tus datos personales (derecho de cancelación, Ley N.° 29733).">
      <div className="flex flex-col gap-4 text-sm text-ink-800" data-testid="account-deletion">
        {state.status === "loading" && (
          <p role="status" className="text-ink-600">
            Cargando...
          </p>
        )}
        {state.status === "error" && (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p className="text-red-800">No pudimos consultar tus solicitudes. Inténtalo de nuevo.</p>
            <Button size="sm" variant="outline" onClick={load}>
              Reintentar
            </Button>
          </div>
        )}
        {state.status === "pending" && (
          <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950" data-testid="account-deletion-pending">
            <p className="font-semibold">Tu solicitud de eliminación n.º {state.request.id} está en curso.</p>
            <p className="mt-1">
              La atenderemos a más tardar el <strong>{formatLongDay(state.request.due_date)}</strong>. Cuando la completemos, tu cuenta dejará de funcionar y te
              avisaremos por correo.
            </p>
          </div>
        )}
        {state.status === "none" && (
          <>
            <ErasureLists />
            <div>
              <Button variant="outline" className="border-red-300 text-red-800 hover:border-red-400 hover:bg-red-50 hover:text-red-900" onClick={() => setAsking(true)}>
                Solicitar eliminación
              </Button>
            </div>
          </>
        )}
        <p className="text-xs text-ink-600">
          Otros derechos (acceso, rectificación, oposición, portabilidad): <Link href="/derechos-arco" className="font-medium text-brand-800 underline underline-offset-2">Derechos ARCO</Link>.
        </p>
      </div>
      {asking && (
        <ConfirmDeletionModal
          email={email}
          onClose={() => setAsking(false)}
          onRequested={(request) => {
            setAsking(false);
            setState({ status: "pending", request });
          }}
          onStale={() => {
            setAsking(false);
            load();
          }}
        />
      )}
    </ProfileSection>
  );
}

function ErasureLists() {
  return (
    <>
      <div>
        <p className="font-medium text-ink-900">Se eliminará:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {ERASURE_REMOVES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <div>
        <p className="font-medium text-ink-900">Se conservará, por obligación legal:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {ERASURE_KEEPS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <p>Un administrador atenderá tu solicitud en un plazo de {DATA_REQUEST_TERM_DAYS.cancellation} días hábiles. Hasta entonces, tu cuenta sigue funcionando.</p>
    </>
  );
}

function ConfirmDeletionModal({
  email,
  onClose,
  onRequested,
  onStale,
}: {
  email: string;
  onClose: () => void;
  onRequested: (request: Pending) => void;
  onStale: () => void;
}) {
  const form = useZodForm(accountDeletionSchema, { defaultValues: { confirmation: "" } });
  const saving = form.formState.isSubmitting;
  const formId = "solicitar-eliminacion";
  const save = useActionSubmit(form, (values) => requestAccountDeletionAction(values), {
    success: "Solicitud de eliminación enviada. Te enviamos un acuse por correo.",
    onSuccess: (data) => onRequested({ id: data.id, due_date: data.due_date }),
    failureToast: (refusal, shownOnFields) => (shownOnFields && refusal.status === 422 ? null : refusal.message),
    onStale,
  });
  const submit = form.handleSubmit(async (values) => {
    const typed = values.confirmation.trim();
    if (typed !== DELETION_CONFIRMATION_WORD && typed.toLowerCase() !== email.toLowerCase()) {
      form.setError("confirmation", { type: "manual", message: `Escribe ${DELETION_CONFIRMATION_WORD} (en mayúsculas) o tu correo ${email}.` }, { shouldFocus: true });
      return;
    }
    await save(values);
  });
  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      size="md"
      role="alertdialog"
      title="Solicitar la eliminación de tu cuenta"
      testId="account-deletion-confirm"
      footer={<FormModalFooter formId={formId} saving={saving} submitLabel="Solicitar eliminación" onCancel={onClose} />}
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4 text-sm text-ink-800">
        <p>
          Cuando un administrador la complete, se eliminarán tus datos personales y ya no podrás iniciar sesión. <strong>No se puede deshacer.</strong> Tus
          comprobantes electrónicos y sus datos obligatorios se conservan por obligación tributaria.
        </p>
        <TextField
          label={`Para confirmar, escribe ${DELETION_CONFIRMATION_WORD} o tu correo`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={254}
          data-autofocus
          error={form.formState.errors.confirmation?.message}
          {...form.register("confirmation")}
        />
      </form>
    </Modal>
  );
}
