// The contact inbox's CSV export: its Spanish header and one row per
// message. Quoting, the BOM and formula neutralising live in lib/csv.ts (shared by every
// admin export). Pure: tested directly.
import { csvFileName, csvRow, type CsvFormat } from "@/lib/csv";
import { formatDate } from "@/lib/format";
import type { ContactMessageItem } from "./admin-serialize";
import { CONTACT_STATUS_NAMES, replyDeliveryView } from "./inbox-rules";

export const CONTACT_CSV_HEADER = [
  "ID",
  "Fecha",
  "Estado",
  "Nombre",
  "Correo electrónico",
  "Teléfono",
  "Empresa",
  "Sector",
  "Asunto",
  "Mensaje",
  "Respuesta",
  "Fecha de respuesta",
  "Envío de la respuesta",
  "Leído el",
  "Dirección IP",
  "Navegador",
];

export function contactCsvRow(item: ContactMessageItem): string {
  return csvRow([
    item.id,
    formatDate(item.created_at),
    CONTACT_STATUS_NAMES[item.status] ?? item.status,
    item.name,
    item.email,
    item.phone,
    item.company,
    item.sector?.name ?? "Sin sector",
    item.subject,
    item.message,
    item.reply_text,
    item.replied_at ? formatDate(item.replied_at) : null,
    replyDeliveryView(item.reply_status, item.reply_attempted_at)?.label ?? null,
    item.read_at ? formatDate(item.read_at) : null,
    item.ip_address,
    item.user_agent,
  ]);
}

/** The export's file name, e.g. mensajes-de-contacto-2026-11-22.csv */
export function contactCsvFileName(now = new Date()): string {
  return csvFileName("mensajes-de-contacto", now);
}

/** The CSV download of the inbox. */
export const CONTACT_CSV: CsvFormat<ContactMessageItem> = { header: CONTACT_CSV_HEADER, row: contactCsvRow, fileName: () => contactCsvFileName(), logLabel: "contact" };
