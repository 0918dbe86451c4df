// CSV for spreadsheets (DESIGN §4 "Exports"), shared by every admin export: RFC 4180 quoting,
// CRLF line ends, a UTF-8 BOM so Excel reads the accents right, and every cell that a spreadsheet
// would take for a formula (= + - @, or a leading tab / carriage return) prefixed with an
// apostrophe (OWASP's advice against CSV injection). The cell functions are pure (tested
// directly); `csvResponse` streams batches of rows as a download.

export const CSV_BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised, quoted, inner quotes doubled. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A dated file name: `${prefix}-2026-11-22.csv`. */
export function csvFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A CSV download (text/csv; charset=utf-8, BOM, header row) streamed from batches of items, so a
 * large export never sits in memory at once. `logLabel` names the export in the server log if it
 * fails half way.
 */
export function csvResponse<T>(options: {
  header: string[];
  batches: AsyncGenerator<T[], void, unknown>;
  toRow: (item: T) => string;
  fileName: string;
  logLabel: string;
}): Response {
  const { header, batches, toRow, fileName, logLabel } = options;
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
