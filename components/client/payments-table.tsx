"use client";

import Link from "next/link";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { totalLabel } from "@/components/ui/plural";
import type { Paged } from "@/lib/list/paging";
import type { PaymentContract } from "@/lib/billing/serialize";
import { formatDate, formatMoney } from "@/lib/format";
import { paymentMethodLabel } from "./billing-badges";

const columns: DataTableColumn<PaymentContract>[] = [
  { id: "date", header: "Fecha", cell: (row) => <time dateTime={row.paid_at}>{formatDate(row.paid_at)}</time> },
  {
    id: "invoice",
    header: "Factura",
    cell: (row) =>
      row.invoice ? (
        <Link href={`/client/invoices/${row.invoice.id}`} className="font-mono font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          {row.invoice.invoice_number}
        </Link>
      ) : (
        "—"
      ),
  },
  { id: "method", header: "Método", cell: (row) => paymentMethodLabel(row.method) },
  { id: "reference", header: "Referencia", cell: (row) => (row.reference ? <span className="font-mono text-xs break-all">{row.reference}</span> : "—") },
  { id: "amount", header: "Importe", cell: (row) => <span className="font-semibold whitespace-nowrap">{formatMoney(row.amount, row.currency)}</span> },
];

/** "Pagos" of the client portal: the payment history, newest first, server-paged. */
export function PaymentsTable({ result }: { result: Paged<PaymentContract> }) {
  return (
    <DataTable
      caption="Historial de pagos"
      rows={result.data}
      page={result}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => `${formatDate(row.paid_at)} ${formatMoney(row.amount, row.currency)}`}
      emptyText="Todavía no tienes pagos registrados."
      summary={`Total de pagos: ${totalLabel(result)}`}
    />
  );
}
