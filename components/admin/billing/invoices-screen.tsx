"use client";

import { AreaPageHeader } from "@/components/account/page-header";
import Link from "next/link";
import { useMemo } from "react";
import { formatShortDay, isoDay } from "@/components/account/dates";
import { ButtonLink } from "@/components/ui/button";
import { DataTable, FilterButtons, SearchBox, type DataTableColumn } from "@/components/ui/data-table";
import type { Paged } from "@/lib/list/paging";
import { InvoiceDueDate, invoiceBalanceText } from "@/components/billing/invoice-due";
import { invoiceStatusFilterOptions, uncountedStatesNote } from "@/components/billing/invoice-status-filters";
import { CURRENCIES, CURRENCY_LABELS, taxIdLabel } from "@/lib/billing/labels";
import type { InvoiceContract } from "@/lib/billing/serialize";
import type { InvoiceStateCounts } from "@/lib/billing/status-filter";
import { businessDate } from "@/lib/dates";
import { formatMoney } from "@/lib/format";
import { InvoiceStatusBadge, SunatStatusBadge } from "./billing-badges";
import { ExportLink, SelectFilter } from "./list-tools";
import { EmailText } from "@/components/ui/email-text";
import { totalLabel } from "@/components/ui/plural";

// "Facturas" (columns Factura, Cliente, Monto, Vence, Saldo, Estado, SUNAT, Acciones): the
// server-paged table with state filters that count their invoices ("Vencidas (3)"), a currency
// filter, search, the order (newest issued, or nearest due date), CSV export and "+ Emitir factura".

export const INVOICES_EMPTY_TEXT = "No hay facturas para mostrar.";

const SORT_OPTIONS = [{ value: "due_date", label: "Vencimiento más próximo" }];
const CURRENCY_FILTERS = CURRENCIES.map((currency) => ({ value: currency, label: CURRENCY_LABELS[currency] }));

function invoiceColumns(today: string): DataTableColumn<InvoiceContract>[] {
  return [
    {
      id: "number",
      header: "Factura",
      cell: (row) => (
        <div className="min-w-0">
          <Link href={`/admin/invoices/${row.id}`} className="font-semibold whitespace-nowrap text-brand-800 underline-offset-2 hover:underline">
            {row.invoice_number}
          </Link>
          <p className="text-xs text-ink-600">
            {row.document_type} · <time dateTime={isoDay(row.issued_at)}>{formatShortDay(row.issued_at)}</time>
          </p>
        </div>
      ),
    },
    {
      id: "customer",
      header: "Cliente",
      cell: (row) => (
        <div className="min-w-0">
          <p className="font-medium text-ink-900">{row.customer.name}</p>
          <p className="text-xs text-ink-600">
            {row.customer.tax_id ? `${taxIdLabel(row.customer.tax_id)} ${row.customer.tax_id}` : <EmailText email={row.customer.email ?? row.user.email} />}
          </p>
        </div>
      ),
    },
    { id: "amount", header: "Monto", cell: (row) => <span className="font-medium whitespace-nowrap text-ink-900">{formatMoney(row.amount, row.currency)}</span> },
    { id: "due_date", header: "Vence", cell: (row) => <InvoiceDueDate invoice={row} today={today} /> },
    { id: "balance", header: "Saldo", cell: (row) => <span className="whitespace-nowrap">{invoiceBalanceText(row)}</span> },
    { id: "status", header: "Estado", cell: (row) => <InvoiceStatusBadge status={row.status} /> },
    { id: "sunat", header: "SUNAT", cell: (row) => <SunatStatusBadge status={row.sunat.status} voiding={row.sunat.voiding} /> },
  ];
}

/** `counts`: the invoices per state of the current currency, client and search; `today`: the Lima day the list was read on. */
export function InvoicesScreen({ result, counts, today = businessDate() }: { result: Paged<InvoiceContract>; counts?: InvoiceStateCounts; today?: string }) {
  const columns = useMemo(() => invoiceColumns(today), [today]);
  const uncountedNote = uncountedStatesNote(counts);
  return (
    <>
      <AreaPageHeader
        title="Facturas"
        description="Facturas y boletas emitidas, con su IGV, sus pagos y su saldo."
        actions={<ButtonLink href="/admin/invoices/new">+ Emitir factura</ButtonLink>}
      />
      <div className="mt-6">
        <DataTable
          caption="Facturas"
          rows={result.data}
          page={result}
          columns={columns}
          getRowId={(row) => String(row.id)}
          rowLabel={(row) => row.invoice_number}
          emptyText={INVOICES_EMPTY_TEXT}
          summary={`Total de facturas: ${totalLabel(result)}`}
          toolbar={
            <>
              <FilterButtons label="Filtrar por estado" param="status" options={invoiceStatusFilterOptions(counts)} />
              {uncountedNote && <p className="text-sm text-ink-600">{uncountedNote}</p>}
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
                <SelectFilter label="Moneda" param="currency" options={CURRENCY_FILTERS} allLabel="Todas las monedas" />
                <SelectFilter label="Ordenar por" param="sort" options={SORT_OPTIONS} allLabel="Emisión más reciente" />
                <SearchBox label="Buscar facturas" placeholder="Buscar por número, cliente o correo" />
                <ExportLink apiPath="/api/v1/admin/invoices" params={["status", "currency", "user_id", "q", "sort"]} />
              </div>
            </>
          }
          rowActions={(row) => (
            <ButtonLink href={`/admin/invoices/${row.id}`} variant="ghost" size="sm">
              Ver<span className="sr-only"> la factura {row.invoice_number}</span>
            </ButtonLink>
          )}
        />
      </div>
    </>
  );
}
