"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { cancelInvoiceAction } from "@/lib/billing/actions";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { notify } from "@/components/ui/toast";
import { BILLING_LIMITS, BILLING_MESSAGES } from "@/lib/billing/schema";
import { compareMoney } from "@/lib/billing/money";
import { isOpenInvoice } from "@/lib/billing/labels";
import type { InvoiceDetailContract } from "@/lib/billing/serialize";
import { cancelNeedsVoiding, canStillVoid, VOID_WINDOW_DAYS } from "@/lib/sunat/rules";
import { CreditNoteModal } from "./credit-note-modal";
import { creditableLeft } from "./credit-note-form";
import { PaymentModal } from "./payment-modal";

// The invoice detail's actions: "Registrar pago" (amount prefilled with the balance), "Emitir nota
// de crédito" (once SUNAT accepted the document and while something is left to credit), "Anular
// factura" (confirmation with an optional reason; disabled with the reason shown when the server
// would refuse it) and "Descargar PDF". The server judges every action again.

type ActionsInvoice = Pick<
  InvoiceDetailContract,
  | "id"
  | "invoice_number"
  | "document_type"
  | "series"
  | "status"
  | "amount"
  | "amount_paid"
  | "amount_credited"
  | "subtotal"
  | "tax_amount"
  | "tax_rate"
  | "balance"
  | "currency"
  | "issued_at"
  | "sunat"
>;

/** Whether "Emitir nota de crédito" is offered: SUNAT accepted the document, it is not cancelled nor being voided, and something is left. */
export function canIssueCreditNote(invoice: Pick<ActionsInvoice, "status" | "amount" | "amount_credited" | "sunat">): boolean {
  const accepted = invoice.sunat.status === "accepted" || invoice.sunat.status === "observed";
  return accepted && invoice.status !== "cancelled" && !invoice.sunat.voiding && compareMoney(creditableLeft(invoice), 0) > 0;
}

/** Why "Anular factura" is not possible now (the server's own refusals), or null when it is. */
export function cancelBlockedReason(invoice: Pick<ActionsInvoice, "amount_paid" | "amount_credited" | "sunat" | "issued_at">, today: string): string | null {
  if (compareMoney(invoice.amount_paid, 0) > 0) return BILLING_MESSAGES.cancelPaidInvoice;
  if (compareMoney(invoice.amount_credited, 0) > 0) return BILLING_MESSAGES.cancelCreditedInvoice;
  if (invoice.sunat.status === "voided") return "El comprobante ya fue anulado ante SUNAT.";
  if (invoice.sunat.voiding) return "La anulación ya se comunicó a SUNAT y espera su respuesta.";
  if (cancelNeedsVoiding(invoice.sunat, invoice.issued_at, today) && !canStillVoid(invoice.issued_at, today)) return BILLING_MESSAGES.voidWindowPassed(VOID_WINDOW_DAYS);
  return null;
}

/** What cancelling tells SUNAT: a factura by comunicación de baja, a boleta in the resumen diario; nothing for a rejected one. */
export function cancelSunatText(invoice: Pick<ActionsInvoice, "series" | "sunat">): string {
  if (invoice.sunat.status === "rejected") return "SUNAT rechazó este comprobante, así que no se le comunica nada: solo queda anulado aquí.";
  if (invoice.sunat.status === "pending" && !invoice.sunat.sent_at && invoice.sunat.problem) return "El comprobante no llegó a SUNAT: solo queda anulado aquí.";
  return invoice.series.startsWith("F")
    ? "La anulación se comunica a SUNAT como comunicación de baja."
    : "La anulación se informa a SUNAT en el resumen diario de boletas.";
}

export function InvoiceDetailActions({ invoice, today }: { invoice: ActionsInvoice; today: string }) {
  const router = useRouter();
  const [paying, setPaying] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState("");
  const [pending, startTransition] = useTransition();
  const reasonId = useId();
  const hintId = useId();
  const open = isOpenInvoice(invoice.status);
  const blocked = open ? cancelBlockedReason(invoice, today) : null;
  const canCancel = open && blocked === null;
  const offerCreditNote = canIssueCreditNote(invoice);

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
        {open && <Button onClick={() => setPaying(true)}>Registrar pago</Button>}
        {offerCreditNote && (
          <Button variant="outline" onClick={() => setCrediting(true)}>
            Emitir nota de crédito
          </Button>
        )}
        {open && (
          <Button
            variant="outline"
            className="border-red-300 text-red-800 hover:border-red-400 hover:bg-red-50 hover:text-red-900"
            disabled={!canCancel}
            aria-describedby={blocked ? hintId : undefined}
            onClick={() => setCancelling(true)}
          >
            Anular factura
          </Button>
        )}
      </div>
      {blocked && (
        <p id={hintId} className="max-w-sm text-sm text-ink-600 sm:text-right">
          {blocked}
        </p>
      )}

      {crediting && (
        <CreditNoteModal
          invoice={invoice}
          onClose={() => setCrediting(false)}
          onSaved={() => {
            setCrediting(false);
            router.refresh();
          }}
        />
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
              ¿Seguro que deseas anular la {invoice.document_type.toLowerCase()} {invoice.invoice_number}? Se conserva marcada como «Anulada» y ya no admite pagos.
            </p>
            <p>{cancelSunatText(invoice)}</p>
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
