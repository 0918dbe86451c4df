"use client";

import Link from "next/link";
import { AreaPageHeader } from "@/components/account/page-header";
import { formatShortDay } from "@/components/account/dates";
import { PaymentReportStatusBadge } from "@/components/billing/payment-report-status-badge";
import { DataTable, FilterButtons, type DataTableColumn } from "@/components/ui/data-table";
import { DateTimeText, EmailText } from "@/components/ui/email-text";
import { totalLabel } from "@/components/ui/plural";
import type { PaymentReportStatusCode } from "@/lib/billing/payment-report-schema";
import type { PaymentReportContract } from "@/lib/billing/payment-report-serialize";
import type { Paged } from "@/lib/list/paging";
import { formatMoney } from "@/lib/format";
import { InvoiceStatusBadge } from "./billing-badges";
import { PaymentReportReviewActions, VoucherPreview } from "./payment-report-review";

// "Pagos por confirmar": the payments clients reported from their portal, server-paged, in tabs
// by state (waiting first: the one waiting longest on top), each with its voucher and, while it
// waits, "Confirmar" and "Rechazar".

const EMPTY_TEXT: Record<PaymentReportStatusCode, string> = {
  pending: "No hay pagos por confirmar.",
  confirmed: "Todavía no hay pagos confirmados.",
  rejected: "No hay pagos rechazados.",
};

const columns: DataTableColumn<PaymentReportContract>[] = [
  {
    id: "user",
    header: "Cliente",
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
    id: "invoice",
    header: "Factura",
    cell: (row) => (
      <div className="min-w-0">
        <Link href={`/admin/invoices/${row.invoice.id}`} className="font-mono font-medium text-brand-800 underline underline-offset-2">
          {row.invoice.invoice_number}
        </Link>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-ink-600">
          <span>Saldo {formatMoney(row.invoice.balance, row.invoice.currency)}</span>
          <InvoiceStatusBadge status={row.invoice.status} />
        </p>
      </div>
    ),
  },
  {
    id: "payment",
    header: "Pago informado",
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-semibold whitespace-nowrap text-ink-900">{formatMoney(row.amount, row.currency)}</p>
        <p className="text-xs text-ink-600">
          {row.method_label} · <time dateTime={row.paid_at}>{formatShortDay(row.paid_at)}</time>
          {row.reference && <> · N.º op. <span className="font-mono break-all">{row.reference}</span></>}
        </p>
        <p className="text-xs text-ink-600">
          Informado el <DateTimeText value={row.created_at} />
        </p>
      </div>
    ),
  },
  { id: "voucher", header: "Comprobante", cell: (row) => <VoucherPreview report={row} /> },
  {
    id: "status",
    header: "Estado",
    cell: (row) => (
      <div className="min-w-0">
        <PaymentReportStatusBadge status={row.status} />
        {row.reviewed_by && (
          <p className="mt-1 text-xs text-ink-600">
            Por {row.reviewed_by.name}
            {row.reviewed_at && (
              <>
                , <DateTimeText value={row.reviewed_at} />
              </>
            )}
          </p>
        )}
        {row.reject_reason && <p className="mt-1 text-xs break-words text-red-800">Motivo: {row.reject_reason}</p>}
      </div>
    ),
  },
];

export function PaymentReportsScreen({ result, status, pendingCount }: { result: Paged<PaymentReportContract>; status: PaymentReportStatusCode; pendingCount: number }) {
  return (
    <>
      <AreaPageHeader
        title="Pagos por confirmar"
        description="Pagos que los clientes informaron desde su portal. Revisa el comprobante en tu banco o billetera y confírmalo (se registra el pago) o recházalo indicando el motivo."
      />
      <div className="mt-6">
        <DataTable
          caption="Pagos informados"
          rows={result.data}
          page={result}
          columns={columns}
          getRowId={(row) => String(row.id)}
          rowLabel={(row) => `Pago informado ${row.id}`}
          rowActions={status === "pending" ? (row) => <PaymentReportReviewActions report={row} /> : undefined}
          emptyText={EMPTY_TEXT[status]}
          summary={`Total: ${totalLabel(result)}`}
          toolbar={
            <FilterButtons
              label="Filtrar por estado"
              param="status"
              options={[
                { value: "pending", label: `Por confirmar (${pendingCount.toLocaleString("es-PE")})` },
                { value: "confirmed", label: "Confirmados" },
                { value: "rejected", label: "Rechazados" },
              ]}
            />
          }
        />
      </div>
    </>
  );
}
