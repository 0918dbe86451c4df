import "server-only";
import { authRoute } from "@/lib/http/auth-route";
import { csvResponse } from "@/lib/http/csv-response";
import { readQuery } from "@/lib/http/body";
import type { CatalogKind } from "@/lib/generated/prisma/client";
import { exportAdminCatalogItems } from "./admin-list";
import { adminCatalogListQuerySchema } from "./admin-schema";
import { CATALOG_CSV_HEADER, catalogCsvFileName, catalogCsvRow } from "./csv";

/**
 * GET /api/v1/admin/{products,services}/export?status&category&q&sort&dir → the list's rows with
 * those filters, in its order, as CSV (text/csv; charset=utf-8, BOM, formula-like cells
 * neutralised). 422 for a bad filter, like the list.
 */
export function catalogExportRoute(kind: CatalogKind) {
  const querySchema = adminCatalogListQuerySchema(kind);
  return authRoute("admin", async (request) => {
    const query = readQuery(request, querySchema);
    const filter = { status: query.status, category: query.category, q: query.q, sort: query.sort, dir: query.dir };
    return csvResponse({
      header: CATALOG_CSV_HEADER,
      batches: exportAdminCatalogItems(kind, filter),
      toRow: catalogCsvRow,
      fileName: catalogCsvFileName(kind),
      logLabel: kind === "product" ? "products" : "services",
    });
  });
}
