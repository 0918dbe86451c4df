import { actorFromCaller } from "@/lib/auth/actor";
import { authRoute } from "@/lib/http/auth-route";
import { csvResponse } from "@/lib/http/csv-response";
import { readQuery } from "@/lib/http/body";
import { contactFilterSchema } from "@/lib/contact/admin-schema";
import { exportContactMessages } from "@/lib/contact/admin-queries";
import { CONTACT_CSV_HEADER, contactCsvFileName, contactCsvRow } from "@/lib/contact/csv";

/**
 * GET /export?status=&q= → the messages of that filter and search as CSV (text/csv, UTF-8 with
 * BOM, Spanish header row, formula-like cells neutralised), streamed in batches of 1,000 rows.
 */
export const GET = authRoute("admin", async (request, _context, caller) => {
  actorFromCaller(request, caller, "admin");
  const filter = readQuery(request, contactFilterSchema);
  return csvResponse({
    header: CONTACT_CSV_HEADER,
    batches: exportContactMessages(filter),
    toRow: contactCsvRow,
    fileName: contactCsvFileName(),
    logLabel: "contact",
  });
});
