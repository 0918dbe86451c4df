import { authRoute } from "@/lib/http/auth-route";
import { fileResponse } from "@/lib/http/file-response";
import { COMPLAINT_ADMIN_MESSAGES } from "@/lib/complaints/admin-schema";
import { findComplaintRow } from "@/lib/complaints/admin-queries";
import { complaintSheetFilename, complaintSheetPdf } from "@/lib/complaints/sheet-pdf";
import { notFound } from "@/lib/errors";
import { parseRecordId } from "@/lib/ids";

type Params = { id: string };

/** GET /api/v1/admin/complaints/{id}/pdf: the sheet (with its answer, once given) as a PDF download; 404 unknown. */
export const GET = authRoute<Params>("admin", async (_request, context) => {
  const id = parseRecordId((await context.params).id, COMPLAINT_ADMIN_MESSAGES.notFound);
  const sheet = await findComplaintRow(id);
  if (!sheet) throw notFound(COMPLAINT_ADMIN_MESSAGES.notFound);
  return fileResponse({ fileName: complaintSheetFilename(sheet), contentType: "application/pdf", body: new Uint8Array(await complaintSheetPdf(sheet)) });
});
