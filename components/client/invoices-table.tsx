"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { formatShortDay, isoDay } from "@/components/account/dates";
import { InvoiceDueDate, invoiceBalanceText } from "@/components/billing/invoice-due";
import { invoiceStatusFilterOptions } from "@/components/billing/invoice-status-filters";
import { ButtonLink } from "@/components/ui/button";
import { DataTable, FilterButtons, type DataTableColumn } from "@/components/ui/data-table";
import { totalLabel } from "@/components/ui/plural";
import type { Paged } from "@/lib/list/paging";
import type { InvoiceContract } from "@/lib/billing/serialize";
import type { InvoiceStateCounts } from "@/lib/billing/status-filter";
import { businessDate } from "@/lib/dates";
import { formatMoney } from "@/lib/format";
import { InvoiceStatusBadge } from "./billing-badges";
import { SunatStatusBadge } from "./sunat-status";

const detailHref = (row: { id: number }) => `/client/invoices/${row.id}`;

/** Columns shared by the Facturas list and a subscription's invoices; `today` is the Lima day the list was read on. */
export function invoiceColumns(today: string): DataTableColumn<InvoiceContract>[] {
  return [
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
    { id: "due", header: "Vence", cell: (row) => <InvoiceDueDate invoice={row} today={today} /> },
    { id: "total", header: "Total", cell: (row) => <span className="font-semibold whitespace-nowrap">{formatMoney(row.amount, row.currency)}</span> },
    { id: "balance", header: "Saldo", cell: (row) => <span className="whitespace-nowrap">{invoiceBalanceText(row)}</span> },
    { id: "status", header: "Estado", cell: (row) => <InvoiceStatusBadge status={row.status} /> },
    { id: "sunat", header: "SUNAT", cell: (row) => <SunatStatusBadge sunat={row.sunat} /> },
  ];
}

function InvoiceLink({ row }: { row: InvoiceContract }) {
  return (
    <ButtonLink href={detailHref(row)} variant="ghost" size="sm">
      Ver detalle<span className="sr-only"> de la factura {row.invoice_number}</span>
    </ButtonLink>
  );
}

/** "Facturas" of the client portal: server-paged (?page, ?per_page, ?status in the URL); `counts` per state for the filters. */
export function InvoicesTable({
  result,
  emptyText,
  counts,
  today = businessDate(),
}: {
  result: Paged<InvoiceContract>;
  emptyText: string;
  counts?: InvoiceStateCounts;
  today?: string;
}) {
  const router = useRouter();
  const columns = useMemo(() => invoiceColumns(today), [today]);
  return (
    <DataTable
      caption="Mis facturas"
      rows={result.data}
      page={result}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.invoice_number}
      onRowClick={(row) => router.push(detailHref(row))}
      emptyText={emptyText}
      summary={`Total de facturas: ${totalLabel(result)}`}
      toolbar={<FilterButtons label="Filtrar por estado" param="status" options={invoiceStatusFilterOptions(counts)} />}
      rowActions={(row) => <InvoiceLink row={row} />}
    />
  );
}

/** A subscription's invoices (not paged: one subscription has a bounded number). */
export function SubscriptionInvoicesTable({ rows, today = businessDate() }: { rows: InvoiceContract[]; today?: string }) {
  const router = useRouter();
  const columns = useMemo(() => invoiceColumns(today), [today]);
  return (
    <DataTable
      caption="Facturas de la suscripción"
      rows={rows}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.invoice_number}
      onRowClick={(row) => router.push(detailHref(row))}
      emptyText="Esta suscripción todavía no tiene facturas."
      rowActions={(row) => <InvoiceLink row={row} />}
    />
  );
}
