import { catalogRestoreRoute } from "@/app/api/v1/admin/_catalog/routes";

/** POST /api/v1/admin/products/{id}/versions/{version}/restore → { data: item } (saved again as a new version). */
export const POST = catalogRestoreRoute("product");
