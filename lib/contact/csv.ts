// CSV for spreadsheets (DESIGN §4 "Exports"): RFC 4180 quoting, CRLF line ends, a UTF-8 BOM so
// Excel reads the accents right, and every cell that a spreadsheet would take for a formula
// (= + - @, or a leading tab / carriage return) prefixed with an apostrophe (OWASP's advice
// against CSV injection). Pure: tested directly.
import { formatDate } from "@/lib/format";
import type { ContactMessageItem } from "./admin-serialize";
import { CONTACT_STATUS_NAMES } from "./inbox-rules";

export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised, quoted, inner quotes doubled. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

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
  "Respuesta enviada",
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
    item.reply_text ? (item.reply_sent_at ? "Sí" : "No") : null,
    item.read_at ? formatDate(item.read_at) : null,
    item.ip_address,
    item.user_agent,
  ]);
}

/** The export's file name, e.g. mensajes-de-contacto-2026-11-22.csv */
export function contactCsvFileName(now = new Date()): string {
  return `mensajes-de-contacto-${now.toISOString().slice(0, 10)}.csv`;
}
