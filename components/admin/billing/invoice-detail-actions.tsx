"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { cancelInvoiceAction } from "@/lib/billing/actions";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { notify } from "@/components/ui/toast";
import { BILLING_LIMITS, BILLING_MESSAGES } from "@/lib/billing/schema";
import { compareMoney } from "@/lib/billing/money";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";
import { PaymentModal } from "./payment-modal";

// The invoice detail's actions: "Registrar pago" (amount prefilled with the balance),
// "Anular factura" (confirmation with an optional reason; not offered once it has payments,
// with the reason shown) and "Descargar PDF".

export function InvoiceDetailActions({ invoice }: { invoice: InvoiceDetailContract }) {
  const router = useRouter();
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState("");
  const [pending, startTransition] = useTransition();
  const reasonId = useId();
  const hintId = useId();
  const hasPayments = compareMoney(invoice.amount_paid, 0) > 0;
  const canCancel = invoice.status === "pending" && !hasPayments;

  const confirmCancel = () => {
    startTransition(async () => {
      const outcome = await cancelInvoiceAction(invoice.id, reason);
      if (outcome.ok) {
        notify.success(`Factura ${invoice.invoice_number} anulada`);
        setCancelling(false);
        setReason("");
      } else {
        notify.error(`Error al anular la factura: ${outcome.message}`);
        if (outcome.status === 409) setCancelling(false);
      }
      router.refresh();
    });
  };

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <a href={`/api/v1/admin/invoices/${invoice.id}/pdf`} className={buttonClasses("outline", "md")} download>
          Descargar PDF
        </a>
        {invoice.status === "pending" && <Button onClick={() => setPaying(true)}>Registrar pago</Button>}
        {invoice.status === "pending" && (
          <Button
            variant="outline"
            className="border-red-300 text-red-800 hover:border-red-400 hover:bg-red-50 hover:text-red-900"
            disabled={!canCancel}
            aria-describedby={hasPayments ? hintId : undefined}
            onClick={() => setCancelling(true)}
          >
            Anular factura
          </Button>
        )}
      </div>
      {invoice.status === "pending" && hasPayments && (
        <p id={hintId} className="max-w-sm text-sm text-ink-600 sm:text-right">
          {BILLING_MESSAGES.cancelPaidInvoice}
        </p>
      )}

      {paying && (
        <PaymentModal
          invoice={{ id: invoice.id, invoice_number: invoice.invoice_number, balance: invoice.balance, currency: invoice.currency }}
          onClose={() => setPaying(false)}
          onSaved={() => {
            setPaying(false);
            router.refresh();
          }}
        />
      )}

      <ConfirmDialog
        open={cancelling}
        title="Anular factura"
        confirmLabel="Anular factura"
        pendingLabel="Anulando..."
        pending={pending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(false)}
        message={
          <div className="flex flex-col gap-4">
            <p>
              ¿Seguro que deseas anular la factura {invoice.invoice_number}? Se conserva marcada como «Anulada» y ya no admite pagos.
            </p>
            <div>
              <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium text-ink-800">
                Motivo (opcional)
              </label>
              <textarea
                id={reasonId}
                value={reason}
                maxLength={BILLING_LIMITS.reason}
                rows={3}
                onChange={(event) => setReason(event.target.value)}
                className="block w-full rounded-lg border border-ink-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm hover:border-ink-500 focus:border-brand-600 sm:text-sm"
              />
            </div>
          </div>
        }
      />
    </div>
  );
}
