"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { formatShortDay, isoDay } from "@/components/account/dates";
import { ButtonLink } from "@/components/ui/button";
import { DataTable, FilterButtons, type DataTableColumn } from "@/components/ui/data-table";
import type { Paged } from "@/lib/list/paging";
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from "@/lib/billing/labels";
import type { InvoiceContract } from "@/lib/billing/serialize";
import { formatMoney } from "@/lib/format";
import { InvoiceStatusBadge } from "./billing-badges";
import { SunatStatusBadge } from "./sunat-status";

const detailHref = (row: { id: number }) => `/client/invoices/${row.id}`;

/** Columns shared by the Facturas list and a subscription's invoices. */
export const invoiceColumns: DataTableColumn<InvoiceContract>[] = [
  {
    id: "number",
    header: "Número",
    cell: (row) => (
      <div className="min-w-0">
        <Link href={detailHref(row)} className="font-mono font-semibold text-ink-900 hover:text-brand-800 hover:underline">
          {row.invoice_number}
        </Link>
        {row.description && <p className="max-w-xs truncate text-xs text-ink-600">{row.description}</p>}
      </div>
    ),
  },
  { id: "issued", header: "Emisión", cell: (row) => <time dateTime={isoDay(row.issued_at)}>{formatShortDay(row.issued_at)}</time> },
  { id: "due", header: "Vencimiento", cell: (row) => (row.due_date ? <time dateTime={isoDay(row.due_date)}>{formatShortDay(row.due_date)}</time> : "—") },
  { id: "total", header: "Total", cell: (row) => <span className="font-semibold whitespace-nowrap">{formatMoney(row.amount, row.currency)}</span> },
  { id: "status", header: "Estado", cell: (row) => <InvoiceStatusBadge status={row.status} /> },
  { id: "sunat", header: "SUNAT", cell: (row) => <SunatStatusBadge sunat={row.sunat} /> },
];

function InvoiceLink({ row }: { row: InvoiceContract }) {
  return (
    <ButtonLink href={detailHref(row)} variant="ghost" size="sm">
      Ver detalle<span className="sr-only"> de la factura {row.invoice_number}</span>
    </ButtonLink>
  );
}

/** "Facturas" of the client portal: server-paged (?page, ?per_page, ?status in the URL). */
export function InvoicesTable({ result, emptyText }: { result: Paged<InvoiceContract>; emptyText: string }) {
  const router = useRouter();
  return (
    <DataTable
      caption="Mis facturas"
      rows={result.data}
      page={result}
      columns={invoiceColumns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.invoice_number}
      onRowClick={(row) => router.push(detailHref(row))}
      emptyText={emptyText}
      summary={`Total de facturas: ${result.total.toLocaleString("es-PE")}`}
      toolbar={
        <FilterButtons
          label="Filtrar por estado"
          param="status"
          options={[{ value: "all", label: "Todas" }, ...INVOICE_STATUSES.map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] }))]}
        />
      }
      rowActions={(row) => <InvoiceLink row={row} />}
    />
  );
}

/** A subscription's invoices (not paged: one subscription has a bounded number). */
export function SubscriptionInvoicesTable({ rows }: { rows: InvoiceContract[] }) {
  const router = useRouter();
  return (
    <DataTable
      caption="Facturas de la suscripción"
      rows={rows}
      columns={invoiceColumns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.invoice_number}
      onRowClick={(row) => router.push(detailHref(row))}
      emptyText="Esta suscripción todavía no tiene facturas."
      rowActions={(row) => <InvoiceLink row={row} />}
    />
  );
}
