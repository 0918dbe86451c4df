import { csvRow, type CsvFormat } from "@/lib/csv";
import { addMoney } from "./money";
import { STATEMENT_KIND_LABELS, statementFileName, type StatementContract } from "./statement-schema";

// The statement as CSV, with the billing exports' conventions (lib/billing/csv.ts, lib/csv.ts): a
// Spanish header, money as decimal strings ("117.99", negative for a balance in the client's
// favour) beside a currency column, calendar days "YYYY-MM-DD". Each currency opens with its
// "Saldo inicial" row and ends with its "Saldo final" row. Pure.

export const STATEMENT_CSV_HEADER = ["Moneda", "Fecha", "Tipo", "Documento", "Referencia", "Detalle", "Cargo", "Abono", "Saldo", "ID de factura"];

/** The rows of every currency, in the statement's order. */
export function statementCsvRows(statement: StatementContract): string[] {
  const rows: string[] = [];
  for (const section of statement.currencies) {
    rows.push(csvRow([section.currency, statement.from, "Saldo inicial", "", "", "", "", "", section.opening_balance, ""]));
    for (const entry of section.entries) {
      rows.push(
        csvRow([
          section.currency,
          entry.date,
          STATEMENT_KIND_LABELS[entry.kind],
          entry.number ?? "",
          entry.reference ?? "",
          entry.description,
          entry.debit,
          entry.credit,
          entry.balance,
          entry.invoice_id ?? "",
        ]),
      );
    }
    // The period's debits and credits beside the closing balance: initial + Cargo − Abono = final.
    const debits = addMoney(section.totals.invoiced, section.totals.refunded);
    const credits = addMoney(section.totals.credited, section.totals.paid);
    rows.push(csvRow([section.currency, statement.to, "Saldo final", "", "", "", debits, credits, section.closing_balance, ""]));
  }
  return rows;
}

/** The download's format for csvResponse: the rows are already strings. */
export function statementCsvFormat(statement: StatementContract): CsvFormat<string> {
  return { header: STATEMENT_CSV_HEADER, row: (line) => line, fileName: () => statementFileName(statement, "csv"), logLabel: "statement" };
}
