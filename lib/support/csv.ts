// The admin tickets' CSV export: its Spanish header and one row per ticket.
// Quoting, the BOM and formula neutralising live in lib/csv.ts. Pure.
import { csvFileName, csvRow, type CsvFormat } from "@/lib/csv";
import { formatDate } from "@/lib/format";
import { ticketNumber, ticketPriorityLabel, ticketStatusLabel } from "./labels";
import type { TicketSummaryContract } from "./serialize";

export const TICKET_CSV_HEADER = [
  "Ticket",
  "Fecha",
  "Estado",
  "Prioridad",
  "Cliente",
  "Correo electrónico",
  "Asunto",
  "Respuestas",
  "Última actividad",
  "Cerrado el",
];

export function ticketCsvRow(ticket: TicketSummaryContract): string {
  return csvRow([
    ticketNumber(ticket.id),
    formatDate(ticket.created_at),
    ticketStatusLabel(ticket.status),
    ticketPriorityLabel(ticket.priority),
    ticket.user.name,
    ticket.user.email,
    ticket.subject,
    ticket.replies_count,
    formatDate(ticket.last_activity_at),
    ticket.closed_at ? formatDate(ticket.closed_at) : null,
  ]);
}

/** tickets-2026-11-23.csv */
export function ticketCsvFileName(now = new Date()): string {
  return csvFileName("tickets", now);
}

/** The CSV download of the admin ticket list. */
export const TICKET_CSV: CsvFormat<TicketSummaryContract> = { header: TICKET_CSV_HEADER, row: ticketCsvRow, fileName: () => ticketCsvFileName(), logLabel: "tickets" };
