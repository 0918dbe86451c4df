import { csvRow, type CsvFormat } from "@/lib/csv";
import { businessDate } from "@/lib/dates";
import { formatDate } from "@/lib/format";
import type { ComplaintDetailContract } from "./admin-queries";
import { complaintExportFileName } from "./admin-schema";

// The Libro de Reclamaciones as CSV for the authority: one line per sheet submitted in the
// period, oldest first, with every field the consumer filled in, the deadline, the state, the
// answer and when and by whom it was given. Instants in Lima time ("22 nov 2026, 08:55"),
// calendar days as "YYYY-MM-DD", amounts as "117.99" beside their currency. Quoting, BOM and
// formula neutralising come from lib/csv.ts. Pure.

export const COMPLAINT_CSV_HEADER = [
  "N.° de hoja",
  "Fecha de presentación",
  "Día de presentación",
  "Tipo",
  "Consumidor",
  "Tipo de documento",
  "N.° de documento",
  "Domicilio",
  "Teléfono",
  "Correo electrónico",
  "Menor de edad",
  "Padre, madre o apoderado",
  "Documento del apoderado",
  "N.° de documento del apoderado",
  "Bien contratado",
  "Descripción del bien",
  "Monto reclamado",
  "Moneda",
  "Detalle",
  "Pedido del consumidor",
  "Versión de la política de privacidad",
  "Aceptó la política el",
  "Fecha límite de respuesta",
  "Estado",
  "Respuesta",
  "Respondida el",
  "Día de respuesta",
  "Respondida por",
];

export function complaintCsvRow(sheet: ComplaintDetailContract): string {
  return csvRow([
    sheet.number,
    formatDate(sheet.submitted_at),
    businessDate(new Date(sheet.submitted_at)),
    sheet.kind_label,
    sheet.consumer.name,
    sheet.consumer.document_type_label,
    sheet.consumer.document_number,
    sheet.address,
    sheet.phone ?? "",
    sheet.consumer.email,
    sheet.is_minor ? "Sí" : "No",
    sheet.guardian?.name ?? "",
    sheet.guardian?.document_type_label ?? "",
    sheet.guardian?.document_number ?? "",
    sheet.good_type_label,
    sheet.good_description,
    sheet.amount_claimed ?? "",
    sheet.currency ?? "",
    sheet.detail,
    sheet.consumer_request,
    sheet.privacy_version,
    formatDate(sheet.privacy_accepted_at),
    sheet.due_date,
    sheet.state_label,
    sheet.answer ?? "",
    sheet.answered_at ? formatDate(sheet.answered_at) : "",
    sheet.answered_at ? businessDate(new Date(sheet.answered_at)) : "",
    sheet.answered_by?.name ?? "",
  ]);
}

/** The export's download for a period: "libro-de-reclamaciones-2026-01-01_2026-12-31.csv". */
export function complaintCsvFormat(range: { from: string; to: string }): CsvFormat<ComplaintDetailContract> {
  return { header: COMPLAINT_CSV_HEADER, row: complaintCsvRow, fileName: () => complaintExportFileName(range, "csv"), logLabel: "complaints" };
}
