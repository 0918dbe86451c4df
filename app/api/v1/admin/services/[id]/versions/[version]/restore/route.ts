import { catalogRestoreRoute } from "@/lib/catalog/admin-handlers";

/** POST /api/v1/admin/services/{id}/versions/{version}/restore → { data: item } (saved again as a new version). */
export const POST = catalogRestoreRoute("service");
