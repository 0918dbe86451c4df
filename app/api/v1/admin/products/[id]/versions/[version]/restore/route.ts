import { catalogRestoreRoute } from "@/lib/catalog/admin-handlers";

/** POST /api/v1/admin/products/{id}/versions/{version}/restore → { data: item } (saved again as a new version). */
export const POST = catalogRestoreRoute("product");
