// CSV for spreadsheets, shared by every admin export: RFC 4180 quoting,
// CRLF line ends, a UTF-8 BOM so Excel reads the accents right, and every cell that a spreadsheet
// would take for a formula (= + - @, or a leading tab / carriage return) prefixed with an
// apostrophe (OWASP's advice against CSV injection). Pure (the cell functions are tested
// directly); a list's CsvFormat says how its export's download is written, and the HTTP
// folder's csvResponse streams it batch by batch.

export const CSV_BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative amount ("-50.00"): a number to a spreadsheet, never a formula, so it is left as it is. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One cell: neutralised, quoted, inner quotes doubled. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A dated file name: `${prefix}-2026-11-22.csv`. */
export function csvFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

/** A list's CSV download: its header row, one line per item, its file name and the label its failures are logged under. */
export type CsvFormat<T> = {
  header: string[];
  row: (item: T) => string;
  fileName: () => string;
  logLabel: string;
};
