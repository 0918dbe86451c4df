"use client";

import Link from "next/link";
import { TicketPriorityBadge, TicketStatusBadge } from "@/components/account/ticket-badges";
import { buttonClasses } from "@/components/ui/button";
import { DataTable, FilterButtons, SearchBox, type DataTableColumn } from "@/components/ui/data-table";
import type { Paged } from "@/lib/list/paging";
import { formatDate } from "@/lib/format";
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS, ticketNumber } from "@/lib/support/labels";
import type { AdminTicketSummaryContract } from "@/lib/support/serialize";
import { EmailText } from "@/components/ui/email-text";
import { totalLabel } from "@/components/ui/plural";

// "Tickets" (columns ticket, user, subject, status, actions; "No hay tickets para mostrar."),
// plus priority, assignee and last activity. Server-paged: filters (including "Mis
// conversaciones", the tickets assigned to the admin reading), search and sort live in the URL.

export const ADMIN_TICKETS_EMPTY = "No hay tickets para mostrar.";

const columns: DataTableColumn<AdminTicketSummaryContract>[] = [
  {
    id: "created",
    header: "Ticket",
    sortable: true,
    className: "w-24",
    cell: (row) => (
      <Link href={`/admin/tickets/${row.id}`} className="font-semibold text-brand-700 hover:underline">
        {ticketNumber(row.id)}
      </Link>
    ),
  },
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
  { id: "subject", header: "Asunto", cell: (row) => <span className="break-words">{row.subject}</span> },
  { id: "status", header: "Estado", cell: (row) => <TicketStatusBadge status={row.status} /> },
  { id: "priority", header: "Prioridad", cell: (row) => <TicketPriorityBadge priority={row.priority} /> },
  {
    id: "assignee",
    header: "Asignado a",
    cell: (row) => (row.assigned_to ? <span className="break-words">{row.assigned_to.name}</span> : <span className="text-ink-600">Sin asignar</span>),
  },
  {
    id: "activity",
    header: "Última actividad",
    sortable: true,
    cell: (row) => <time dateTime={row.last_activity_at} className="whitespace-nowrap">{formatDate(row.last_activity_at)}</time>,
  },
];

const STATUS_FILTERS = [{ value: "all", label: "Todos" }, ...TICKET_STATUSES.map((status) => ({ value: status, label: TICKET_STATUS_LABELS[status] }))];
const ASSIGNEE_FILTERS = [
  { value: "all", label: "Todos" },
  { value: "me", label: "Mis conversaciones" },
  { value: "none", label: "Sin asignar" },
];
const PRIORITY_FILTERS = [{ value: "all", label: "Todas" }, ...TICKET_PRIORITIES.map((priority) => ({ value: priority, label: TICKET_PRIORITY_LABELS[priority] }))];

export function AdminTicketsScreen({ result }: { result: Paged<AdminTicketSummaryContract> }) {
  return (
    <DataTable
      caption="Tickets"
      rows={result.data}
      page={result}
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => `${ticketNumber(row.id)} ${row.subject}`}
      emptyText={ADMIN_TICKETS_EMPTY}
      summary={`Total de tickets: ${totalLabel(result)}`}
      toolbar={
        <>
          <div className="flex flex-col gap-3">
            <FilterButtons label="Filtrar por asignación" param="assigned_to" options={ASSIGNEE_FILTERS} />
            <FilterButtons label="Filtrar por estado" param="status" options={STATUS_FILTERS} />
            <FilterButtons label="Filtrar por prioridad" param="priority" options={PRIORITY_FILTERS} />
          </div>
          <SearchBox label="Buscar tickets" placeholder="Buscar por asunto, cliente o #número" />
        </>
      }
      rowActions={(row) => (
        <Link href={`/admin/tickets/${row.id}`} className={buttonClasses("ghost", "sm")}>
          Ver<span className="sr-only"> el ticket {ticketNumber(row.id)}</span>
        </Link>
      )}
    />
  );
}
