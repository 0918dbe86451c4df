import { actorFromCaller } from "@/lib/admin/actor";
import { authRoute } from "@/lib/api/auth";
import { readQuery } from "@/lib/api/request";
import { contactFilterSchema } from "@/lib/contact/admin-schema";
import { exportContactMessages } from "@/lib/contact/admin-queries";
import { CONTACT_CSV_HEADER, contactCsvFileName, contactCsvRow, CSV_BOM, csvRow } from "@/lib/contact/csv";

/**
 * GET /export?status=&q= → the messages of that filter and search as CSV (text/csv, UTF-8 with
 * BOM, Spanish header row, formula-like cells neutralised), streamed in batches of 1,000 rows.
 */
export const GET = authRoute("admin", async (request, _context, caller) => {
  actorFromCaller(request, caller);
  const filter = readQuery(request, contactFilterSchema);
  const batches = exportContactMessages(filter);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(CONTACT_CSV_HEADER)));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map(contactCsvRow).join("")));
      } catch (error) {
        console.error("[contact] La exportación CSV falló a mitad", error);
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${contactCsvFileName()}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
