import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { isComplaintPdfToken } from "./pdf-link";
import { complaintSheetFilename, complaintSheetPdf } from "./sheet-pdf";

/** The one answer for a sheet the link does not open: unknown number and wrong token alike. */
export const COMPLAINT_NOT_FOUND = "Hoja de reclamación no encontrada.";

/**
 * The sheet's PDF for its signed link. The token is checked before the database is asked, so a
 * wrong token never tells whether the number exists.
 */
export async function complaintSheetFile(number: string, token: string | null): Promise<{ fileName: string; contentType: string; body: Uint8Array }> {
  if (!isComplaintPdfToken(number, token)) throw notFound(COMPLAINT_NOT_FOUND);
  const complaint = await db.complaint.findUnique({ where: { number } });
  if (!complaint) throw notFound(COMPLAINT_NOT_FOUND);
  return { fileName: complaintSheetFilename(complaint), contentType: "application/pdf", body: new Uint8Array(await complaintSheetPdf(complaint)) };
}
