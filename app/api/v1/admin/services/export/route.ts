import { catalogExportRoute } from "@/app/api/v1/admin/_catalog/routes";

/** GET /api/v1/admin/services/export (?status&category&q&sort&dir) → CSV of the service list. */
export const GET = catalogExportRoute("service");
