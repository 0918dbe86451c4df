import { catalogBulkRoute } from "@/lib/catalog/admin-handlers";

/** POST /api/v1/admin/products/bulk { ids, action: active|inactive|draft|delete } → { data: { affected } }. */
export const POST = catalogBulkRoute("product");
