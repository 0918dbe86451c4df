"use client";

import { useEffect, useState, type ReactNode } from "react";
import { billingFormOptionsAction, type BillingFormOptions } from "@/lib/billing/actions";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

// A billing form that offers clients or products and services ("Nueva suscripción", its edit
// form, "Registrar pago", "Emitir factura") reads them when it opens, not with the page it opens
// from (a thousand clients would weigh on every page of a list). Until they arrive the form says
// so; if they cannot be read it says why and offers to try again.

/** The form's options once read, why they could not be (in words), and a way to read them again. */
export function useBillingFormOptions(): { options: BillingFormOptions | null; failure: string | null; retry: () => void } {
  const [options, setOptions] = useState<BillingFormOptions | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void billingFormOptionsAction()
      .then((outcome) => {
        if (cancelled) return;
        if (outcome.ok) setOptions(outcome.data);
        else setFailure(outcome.message);
      })
      .catch(() => {
        if (!cancelled) setFailure("No hay conexión con el servidor.");
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = () => {
    setFailure(null);
    setAttempt((count) => count + 1);
  };
  return { options, failure, retry };
}

/** Why the options could not be read, with "Reintentar". */
export function BillingFormOptionsFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 text-sm text-ink-700">
      <p>No se pudieron cargar los clientes y servicios: {message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Reintentar
      </Button>
    </div>
  );
}

export function WithBillingFormOptions({ title, onClose, children }: { title: string; onClose: () => void; children: (options: BillingFormOptions) => ReactNode }) {
  const { options, failure, retry } = useBillingFormOptions();
  if (options) return children(options);
  return (
    <Modal open onClose={onClose} title={title} size="md" testId="billing-form-options">
      {failure ? (
        <BillingFormOptionsFailure message={failure} onRetry={retry} />
      ) : (
        <p role="status" className="text-sm text-ink-600">
          Cargando clientes y servicios…
        </p>
      )}
    </Modal>
  );
}
