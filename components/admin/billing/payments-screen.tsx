"use client";

import { AreaPageHeader } from "@/components/account/page-header";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable, FilterButtons, SearchBox, type DataTableColumn } from "@/components/ui/data-table";
import type { Paged } from "@/lib/list/paging";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "@/lib/billing/labels";
import type { PaymentContract } from "@/lib/billing/serialize";
import { formatDate, formatMoney } from "@/lib/format";
import { PaymentStatusBadge } from "./billing-badges";
import { ExportLink } from "./list-tools";
import { WithBillingFormOptions } from "./form-options";
import { PaymentModal } from "./payment-modal";
import { EmailText } from "@/components/ui/email-text";
import { totalLabel } from "@/components/ui/plural";

// "Pagos" (columns ID de pago, Usuario, Monto, Fecha, Estado): the server-paged table
// with a method filter, search, CSV export and "+ Registrar pago" (client → pending invoice).

export const PAYMENTS_EMPTY_TEXT = "No hay pagos para mostrar.";

const METHOD_FILTERS = [{ value: "all", label: "Todos" }, ...PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))];

const columns: DataTableColumn<PaymentContract>[] = [
  { id: "id", header: "ID de pago", cell: (row) => <span className="font-mono font-semibold text-ink-900">#{row.id}</span> },
  {
    id: "user",
    header: "Usuario",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">{row.user.name}</p>
        <p className="text-xs text-ink-600">
          <EmailText email={row.user.email} />
        </p>
      </div>
    ),
  },
  {
    id: "amount",
    header: "Monto",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-medium whitespace-nowrap text-ink-900">{formatMoney(row.amount, row.currency)}</p>
        <p className="text-xs text-ink-600">
          {PAYMENT_METHOD_LABELS[row.method] ?? row.method}
          {row.invoice && (
            <>
              {" · "}
              <Link href={`/admin/invoices/${row.invoice.id}`} className="font-medium text-brand-800 underline underline-offset-2">
                {row.invoice.invoice_number}
              </Link>
            </>
          )}
          {row.reference && <> · Ref. {row.reference}</>}
        </p>
      </div>
    ),
  },
  { id: "date", header: "Fecha", cell: (row) => <time dateTime={row.paid_at}>{formatDate(row.paid_at)}</time> },
  { id: "status", header: "Estado", cell: (row) => <PaymentStatusBadge status={row.status} /> },
];

export function PaymentsScreen({ result }: { result: Paged<PaymentContract> }) {
  const router = useRouter();
  const [recording, setRecording] = useState(false);
  const close = () => setRecording(false);
  return (
    <>
      <AreaPageHeader
        title="Pagos"
        description="Pagos recibidos de los clientes contra sus facturas."
        actions={<Button onClick={() => setRecording(true)}>+ Registrar pago</Button>}
      />
      <div className="mt-6">
        <DataTable
          caption="Pagos"
          rows={result.data}
          page={result}
          columns={columns}
          getRowId={(row) => String(row.id)}
          rowLabel={(row) => `Pago ${row.id}`}
          emptyText={PAYMENTS_EMPTY_TEXT}
          summary={`Total de pagos: ${totalLabel(result)}`}
          toolbar={
            <>
              <FilterButtons label="Filtrar por método" param="method" options={METHOD_FILTERS} />
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
                <SearchBox label="Buscar pagos" placeholder="Buscar por referencia, factura o cliente" />
                <ExportLink apiPath="/api/v1/admin/payments" params={["method", "user_id", "invoice_id", "q"]} />
              </div>
            </>
          }
        />
      </div>
      {recording && (
        <WithBillingFormOptions title="Registrar pago" onClose={close}>
          {(options) => (
            <PaymentModal
              clients={options.clients}
              onClose={close}
              onSaved={() => {
                setRecording(false);
                router.refresh();
              }}
            />
          )}
        </WithBillingFormOptions>
      )}
    </>
  );
}
