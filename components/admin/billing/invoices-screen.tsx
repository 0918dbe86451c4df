"use client";

import { AreaPageHeader } from "@/components/account/page-header";
import Link from "next/link";
import { formatShortDay, isoDay } from "@/components/account/dates";
import { ButtonLink } from "@/components/ui/button";
import { DataTable, FilterButtons, SearchBox, type DataTableColumn } from "@/components/ui/data-table";
import type { Paged } from "@/lib/list/paging";
import { CURRENCIES, CURRENCY_LABELS, INVOICE_STATUS_LABELS, INVOICE_STATUSES, taxIdLabel } from "@/lib/billing/labels";
import { compareMoney } from "@/lib/billing/money";
import type { InvoiceContract } from "@/lib/billing/serialize";
import { formatMoney } from "@/lib/format";
import { InvoiceStatusBadge, SunatStatusBadge } from "./billing-badges";
import { ExportLink, SelectFilter } from "./list-tools";
import { EmailText } from "@/components/ui/email-text";

// "Facturas" (columns Factura, Cliente, Monto, Estado, SUNAT, Acciones): the server-paged
// table with status and currency filters, search, CSV export and "+ Emitir factura".

export const INVOICES_EMPTY_TEXT = "No hay facturas para mostrar.";

const STATUS_FILTERS = [{ value: "all", label: "Todas" }, ...INVOICE_STATUSES.map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] }))];
const CURRENCY_FILTERS = CURRENCIES.map((currency) => ({ value: currency, label: CURRENCY_LABELS[currency] }));

const columns: DataTableColumn<InvoiceContract>[] = [
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
  {
    id: "amount",
    header: "Monto",
    cell: (row) => (
      <div className="whitespace-nowrap">
        <p className="font-medium text-ink-900">{formatMoney(row.amount, row.currency)}</p>
        {row.status === "pending" && compareMoney(row.amount_paid, 0) > 0 && (
          <p className="text-xs text-ink-600">Saldo {formatMoney(row.balance, row.currency)}</p>
        )}
      </div>
    ),
  },
  { id: "status", header: "Estado", cell: (row) => <InvoiceStatusBadge status={row.status} /> },
  { id: "sunat", header: "SUNAT", cell: (row) => <SunatStatusBadge status={row.sunat.status} voiding={row.sunat.voiding} /> },
];

export function InvoicesScreen({ result }: { result: Paged<InvoiceContract> }) {
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
          summary={`Total de facturas: ${result.total.toLocaleString("es-PE")}`}
          toolbar={
            <>
              <FilterButtons label="Filtrar por estado" param="status" options={STATUS_FILTERS} />
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
                <SelectFilter label="Moneda" param="currency" options={CURRENCY_FILTERS} allLabel="Todas las monedas" />
                <SearchBox label="Buscar facturas" placeholder="Buscar por número, cliente o correo" />
                <ExportLink apiPath="/api/v1/admin/invoices" params={["status", "currency", "user_id", "q"]} />
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
