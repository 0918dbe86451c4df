import { catalogExportRoute } from "@/app/api/v1/admin/_catalog/routes";

/** GET /api/v1/admin/products/export (?status&category&q&sort&dir) → CSV of the product list. */
export const GET = catalogExportRoute("product");
