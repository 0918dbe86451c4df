"use client";

import Link from "next/link";
import { TicketStatusBadge } from "@/components/account/ticket-badges";
import { buttonClasses } from "@/components/ui/button";
import { DataTable, FilterButtons, type DataTableColumn } from "@/components/ui/data-table";
import type { Paged } from "@/lib/list/paging";
import { formatDate } from "@/lib/format";
import { TICKET_STATUSES, TICKET_STATUS_LABELS, ticketNumber } from "@/lib/support/labels";
import type { TicketSummaryContract } from "@/lib/support/serialize";

// The client's "Tickets": their own tickets, most recent activity first, server-paged.

export const CLIENT_TICKETS_EMPTY = "No tienes tickets. Si necesitas ayuda, abre uno con «Nuevo ticket».";

const columns: DataTableColumn<TicketSummaryContract>[] = [
  {
    id: "ticket",
    header: "Ticket",
    className: "w-24",
    cell: (row) => (
      <Link href={`/client/tickets/${row.id}`} className="font-semibold text-brand-700 hover:underline">
        {ticketNumber(row.id)}
      </Link>
    ),
  },
  { id: "subject", header: "Asunto", cell: (row) => <span className="break-words">{row.subject}</span> },
  { id: "status", header: "Estado", cell: (row) => <TicketStatusBadge status={row.status} /> },
  { id: "replies", header: "Respuestas", cell: (row) => row.replies_count.toLocaleString("es-PE") },
  { id: "activity", header: "Última actividad", cell: (row) => <time dateTime={row.last_activity_at} className="whitespace-nowrap">{formatDate(row.last_activity_at)}</time> },
];

const STATUS_FILTERS = [{ value: "all", label: "Todos" }, ...TICKET_STATUSES.map((status) => ({ value: status, label: TICKET_STATUS_LABELS[status] }))];

export function ClientTicketsScreen({ result }: { result: Paged<TicketSummaryContract> }) {
  return (
    <DataTable
      caption="Mis tickets"
      rows={result.data}
      page={result}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => `${ticketNumber(row.id)} ${row.subject}`}
      emptyText={CLIENT_TICKETS_EMPTY}
      toolbar={<FilterButtons label="Filtrar por estado" param="status" options={STATUS_FILTERS} />}
      rowActions={(row) => (
        <Link href={`/client/tickets/${row.id}`} className={buttonClasses("ghost", "sm")}>
          Ver<span className="sr-only"> el ticket {ticketNumber(row.id)}</span>
        </Link>
      )}
    />
  );
}
