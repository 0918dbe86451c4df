import { catalogExportRoute } from "@/lib/catalog/admin-export";

/** GET /api/v1/admin/services/export (?status&category&q&sort&dir) → CSV of the service list. */
export const GET = catalogExportRoute("service");
