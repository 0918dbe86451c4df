import { CSV_BOM, csvRow, type CsvFormat } from "@/lib/csv";

/**
 * A CSV download (text/csv; charset=utf-8, BOM, header row) streamed from batches of items, so a
 * large export never sits in memory at once. The format's `logLabel` names the export in the
 * server log if it fails half way.
 */
export function csvResponse<T>(format: CsvFormat<T>, batches: AsyncGenerator<T[], void, unknown>): Response {
  const { header, row: toRow, logLabel } = format;
  const fileName = format.fileName();
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map(toRow).join("")));
      } catch (error) {
        console.error(`[${logLabel}] La exportación CSV falló a mitad`, error);
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
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
