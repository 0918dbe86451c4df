import "server-only";
import { statementCsvFormat, statementCsvRows } from "@/lib/billing/statement-csv";
import { statementPdfFile } from "@/lib/billing/statement-pdf";
import type { StatementContract, StatementFormat } from "@/lib/billing/statement-schema";
import { csvResponse } from "@/lib/http/csv-response";
import { fileResponse } from "@/lib/http/file-response";
import { dataResponse } from "@/lib/http/route";

// The answer of both statement routes (client and admin), in the format asked: `{ data }` (JSON,
// the default), a PDF download or a CSV download, all three from the same statement. This
// folder's leading underscore keeps Next from routing it.

export async function statementResponse(statement: StatementContract, format: StatementFormat | undefined): Promise<Response> {
  if (format === "pdf") return fileResponse(await statementPdfFile(statement));
  if (format === "csv") {
    const rows = statementCsvRows(statement);
    async function* batches() {
      yield rows;
    }
    return csvResponse(statementCsvFormat(statement), batches());
  }
  return dataResponse(statement);
}
