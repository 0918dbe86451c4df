"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useWatch } from "react-hook-form";
import { applyCustomerCreditAction, refundCustomerCreditAction } from "@/lib/billing/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField, TextField } from "@/components/ui/form-field";
import { FormModalFooter, Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toast";
import { failureUnlessOnFields, useActionSubmit } from "@/components/ui/use-action-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { CURRENCY_LABELS, isOpenInvoice, type CurrencyCode } from "@/lib/billing/labels";
import { balanceDue, compareMoney } from "@/lib/billing/money";
import { BILLING_LIMITS } from "@/lib/billing/limits";
import type { CustomerCreditRefundForm } from "@/lib/billing/schema";
import type { InvoiceContract } from "@/lib/billing/serialize";
import { formatMoney } from "@/lib/format";

const customerCreditRefundSchema = () => import("@/lib/billing/schema").then((schemas) => schemas.customerCreditRefundSchema);

// "Saldo a favor del cliente" on the admin's invoice detail: what the client has in credit per
// currency (money a nota de crédito left over), "Aplicar a esta factura" when this invoice is
// pending and the credit is in its currency (it pays the smaller of the balance and the credit),
// and "Registrar devolución" when the money was given back to the client. Shown only when the
// client has credit. The server locks and checks everything again.

export type CustomerCreditBalance = { currency: CurrencyCode; amount: string };

type CreditInvoice = Pick<InvoiceContract, "id" | "invoice_number" | "status" | "balance" | "currency" | "user">;

/** What "Aplicar a esta factura" would pay: the smaller of the balance due and the credit in the invoice's currency; null when it is not offered. */
export function creditToApply(invoice: Pick<CreditInvoice, "status" | "balance" | "currency">, balances: CustomerCreditBalance[]): string | null {
  if (!isOpenInvoice(invoice.status) || compareMoney(invoice.balance, 0) <= 0) return null;
  const credit = balances.find((balance) => balance.currency === invoice.currency);
  if (!credit || compareMoney(credit.amount, 0) <= 0) return null;
  return compareMoney(invoice.balance, credit.amount) <= 0 ? invoice.balance : credit.amount;
}

export function CustomerCreditPanel({ invoice, balances }: { invoice: CreditInvoice; balances: CustomerCreditBalance[] }) {
  const router = useRouter();
  const [applying, setApplying] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [pending, startTransition] = useTransition();
  if (balances.length === 0) return null;
  const toApply = creditToApply(invoice, balances);

  const confirmApply = () => {
    startTransition(async () => {
      const outcome = await applyCustomerCreditAction(invoice.id, {});
      if (outcome.ok) {
        notify.success(outcome.data.status === "paid" ? "Saldo a favor aplicado: la factura quedó pagada" : "Saldo a favor aplicado a la factura");
      } else {
        notify.error(`Error al aplicar el saldo a favor: ${outcome.message}`);
      }
      setApplying(false);
      router.refresh();
    });
  };

  return (
    <section aria-labelledby="detalle-saldo-a-favor" className="mt-4 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-5 shadow-card sm:p-6" data-testid="customer-credit">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="detalle-saldo-a-favor" className="text-base font-semibold text-ink-900">
            Saldo a favor del cliente
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            Dinero ya recibido de {invoice.user.name} que una nota de crédito dejó a su favor.
          </p>
          <dl aria-label="Saldo a favor por moneda" className="mt-3 grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1 text-sm">
            {balances.map((balance) => (
              <div key={balance.currency} className="contents">
                <dt className="text-ink-700">{CURRENCY_LABELS[balance.currency] ?? balance.currency}</dt>
                <dd className="font-semibold text-ink-900">{formatMoney(balance.amount, balance.currency)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="flex flex-wrap gap-2">
          {toApply && <Button onClick={() => setApplying(true)}>Aplicar a esta factura</Button>}
          <Button variant="outline" onClick={() => setRefunding(true)}>
            Registrar devolución
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={applying && toApply !== null}
        title="Aplicar saldo a favor"
        tone="primary"
        confirmLabel="Aplicar saldo a favor"
        pendingLabel="Aplicando..."
        pending={pending}
        onConfirm={confirmApply}
        onCancel={() => setApplying(false)}
        message={
          toApply && (
            <p>
              Se aplicarán {formatMoney(toApply, invoice.currency)} del saldo a favor del cliente a la factura {invoice.invoice_number}
              {compareMoney(toApply, invoice.balance) === 0 ? ", que quedará pagada." : `; quedará un saldo pendiente de ${formatMoney(balanceDue(invoice.balance, toApply), invoice.currency)}.`}{" "}
              No es un ingreso nuevo: ese dinero ya se había recibido.
            </p>
          )
        }
      />

      {refunding && (
        <RefundModal
          userId={invoice.user.id}
          clientName={invoice.user.name}
          balances={balances}
          preferred={invoice.currency}
          onClose={() => setRefunding(false)}
          onSaved={() => {
            setRefunding(false);
            router.refresh();
          }}
        />
      )}
    </section>
  );
}

type RefundModalProps = {
  userId: string;
  clientName: string;
  balances: CustomerCreditBalance[];
  /** The currency chosen first when the client has credit in it (the invoice's). */
  preferred: CurrencyCode;
  onClose: () => void;
  onSaved: () => void;
};

/** "Registrar devolución": the amount given back, in which currency, and its reference (n.º de operación). */
function RefundModal({ userId, clientName, balances, preferred, onClose, onSaved }: RefundModalProps) {
  const first = balances.find((balance) => balance.currency === preferred) ?? balances[0];
  const defaultValues: CustomerCreditRefundForm = { amount: first.amount, currency: first.currency, reference: "" };
  const form = useZodForm(customerCreditRefundSchema, { defaultValues });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;
  const currency = useWatch({ control: form.control, name: "currency" });
  const available = balances.find((balance) => balance.currency === currency);

  const save = useActionSubmit(form, (values) => refundCustomerCreditAction(userId, values), {
    success: (_result, values) => `Devolución registrada: ${formatMoney(values.amount, values.currency)}`,
    onSuccess: () => onSaved(),
    failureToast: failureUnlessOnFields((refusal) => `Error al registrar la devolución: ${refusal.message}`),
  });
  const submit = form.handleSubmit(save);
  const currencyField = form.register("currency");

  return (
    <Modal
      open
      onClose={onClose}
      busy={saving}
      size="md"
      title="Registrar devolución"
      description={`Dinero del saldo a favor de ${clientName} que se le devolvió (transferencia, efectivo…).`}
      testId="customer-credit-refund-modal"
      footer={<FormModalFooter formId="devolucion-saldo" saving={saving} submitLabel="Registrar devolución" onCancel={onClose} />}
    >
      <form id="devolucion-saldo" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Moneda *"
          options={balances.map((balance) => ({ value: balance.currency, label: CURRENCY_LABELS[balance.currency] ?? balance.currency }))}
          error={errors.currency?.message}
          {...currencyField}
          onChange={async (event) => {
            await currencyField.onChange(event);
            const chosen = balances.find((balance) => balance.currency === event.target.value);
            if (chosen) form.setValue("amount", chosen.amount);
          }}
        />
        <TextField
          label="Importe devuelto *"
          inputMode="decimal"
          autoComplete="off"
          hint={available ? `Saldo a favor: ${formatMoney(available.amount, available.currency)}` : undefined}
          error={errors.amount?.message}
          {...form.register("amount")}
        />
        <TextField
          label="Referencia *"
          className="sm:col-span-2"
          autoComplete="off"
          placeholder="N.º de operación de la transferencia"
          maxLength={BILLING_LIMITS.reference}
          error={errors.reference?.message}
          {...form.register("reference")}
        />
      </form>
    </Modal>
  );
}
