import { catalogBulkRoute } from "@/lib/catalog/admin-handlers";

/** POST /api/v1/admin/services/bulk { ids, action: active|inactive|draft|delete } → { data: { affected } }. */
export const POST = catalogBulkRoute("service");
