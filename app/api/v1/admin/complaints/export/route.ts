import { authRoute } from "@/lib/http/auth-route";
import { readQuery } from "@/lib/http/body";
import { csvResponse } from "@/lib/http/csv-response";
import { fileResponse } from "@/lib/http/file-response";
import { complaintCsvFormat } from "@/lib/complaints/admin-csv";
import { exportComplaints } from "@/lib/complaints/admin-queries";
import { complaintExportQuerySchema } from "@/lib/complaints/admin-schema";
import { complaintRegisterPdfFile } from "@/lib/complaints/register-pdf";

/**
 * GET /api/v1/admin/complaints/export?format=csv|pdf&from=YYYY-MM-DD&to=YYYY-MM-DD: every sheet
 * submitted in the period (Lima days, both included; at most 366 days), oldest first, for the
 * authority. CSV: one line per sheet with every field, the answer and its date (streamed). PDF:
 * the register (number, date, consumer, document, kind, good, amount, state, answered date).
 * 422 for a missing or bad format or day, `from` after `to`, or a longer period.
 */
export const GET = authRoute("admin", async (request) => {
  const { format, from, to } = readQuery(request, complaintExportQuerySchema);
  if (format === "pdf") return fileResponse(await complaintRegisterPdfFile({ from, to }));
  return csvResponse(complaintCsvFormat({ from, to }), exportComplaints({ from, to }));
});
